// The players repository: everyone who sits at a table (humans, guests, bots). Names are unique
// after folding (case, width, compatibility forms, invisible characters: common/
// text_rules.h) and are what records (PGN seats, SGF P0..P2) refer to.
#pragma once

#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/connection.h"
#include "db/types.h"

namespace skat::db {

struct Player {
  PlayerId id = 0;
  std::string name;
  PlayerKind kind = PlayerKind::Human;
  Timestamp created_at{};
  bool operator==(const Player&) const = default;
};

// 1..64 bytes of UTF-8 after the name rules of common/text_rules.h (no control, format or
// invisible characters, no white space at either end). Invalid otherwise.
std::expected<void, DbError> validate_player_name(std::string_view name);

// AlreadyExists when the name is taken: another name equal to it without regard to case, or
// with the same key (text::name_key: folded, and looking alike).
std::expected<Player, DbError> create_player(Connection& c, std::string_view name, PlayerKind kind,
                                             Timestamp created_at = now());
std::expected<Player, DbError> create_guest(Connection& c, std::string_view name);
// nullopt when no player has this name (compared without regard to case; else the player whose
// name folds to the same key).
std::expected<std::optional<Player>, DbError> find_player(Connection& c, std::string_view name);
// NotFound when there is no such id.
std::expected<Player, DbError> get_player(Connection& c, PlayerId id);
// A player with what its page shows beside: for a bot account its program name and, for a
// player's bot, its owner.
struct PlayerProfile {
  Player player;
  std::string bot_kind;              // BotAccount::program_name; empty for humans, guests and bots without an account
  std::optional<PlayerId> owner_id;  // a player's bot: its owner
  std::string owner_name;            // that owner's name (empty otherwise)
  bool operator==(const PlayerProfile&) const = default;
};
// NotFound when there is no such id.
std::expected<PlayerProfile, DbError> get_player_profile(Connection& c, PlayerId id);
// The player of that name, created with `kind` when missing.
std::expected<Player, DbError> find_or_create_player(Connection& c, std::string_view name, PlayerKind kind);
// Every player of a kind (all when nullopt), by id.
std::expected<std::vector<Player>, DbError> list_players(Connection& c, std::optional<PlayerKind> kind = std::nullopt);

}  // namespace skat::db
