// Leaderboard data: per player, over finished series only (aborted ones are incomplete and would
// reward leaving a losing series), the number of series and deals, games as declarer won and
// lost, and the Seeger-Fabian total with its average per 36 deals (the usual series length).
#pragma once

#include <expected>
#include <optional>
#include <string>
#include <vector>

#include "db/connection.h"
#include "db/types.h"

namespace skat::db {

enum class PlayerGroup : std::uint8_t { All, Humans, Bots };  // Humans: human and guest players

struct LeaderboardRow {
  PlayerId player_id = 0;
  std::string name;
  PlayerKind kind = PlayerKind::Human;
  std::string bot_kind;              // the bot's program name (BotAccount::program_name), empty for humans and guests
  std::optional<PlayerId> owner_id;  // a player's bot: its owner
  std::string owner_name;            // that owner's name (empty otherwise)
  int series = 0;
  int deals = 0;     // deals played (game lines of the player's finished series)
  int declared = 0;  // games played as declarer (won + lost)
  int won = 0;
  int lost = 0;
  int score = 0;              // Seeger-Fabian total
  double score_per_36 = 0.0;  // score × 36 / deals
  bool operator==(const LeaderboardRow&) const = default;
};

// Best first: higher per-36 average, then higher total, then lower player id.
std::expected<std::vector<LeaderboardRow>, DbError> leaderboard(Connection& c, PlayerGroup group = PlayerGroup::All);

}  // namespace skat::db
