// Credentials: bot accounts (a bot player plus the hash of its secret token, shown once at
// creation) and login sessions of humans and guests (hash of the session token, expiry). Plain
// tokens never reach the database; see secret_token.h for how they are made and hashed.
#pragma once

#include <chrono>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/connection.h"
#include "db/types.h"

namespace skat::db {

struct BotAccount {
  PlayerId player_id = 0;
  std::string name;
  std::string kind;  // the program: "simple", "pimc", …
  Timestamp created_at{};
  std::optional<Timestamp> revoked_at;
  bool revoked() const { return revoked_at.has_value(); }
  bool operator==(const BotAccount&) const = default;
};

struct NewBot {
  BotAccount account;
  std::string secret;  // the plain token: shown to the operator once, never stored
};

// A bot kind: 1..32 of [a-z0-9_-]. Invalid otherwise.
std::expected<void, DbError> validate_bot_kind(std::string_view kind);

// Creates the bot player and its account. A revoked bot of the same name gets a new token (same
// player, history kept); AlreadyExists when the name is an active bot or a human/guest.
std::expected<NewBot, DbError> create_bot(Connection& c, std::string_view name, std::string_view kind);
// The bot's player id when `secret` is its current token; Unauthorized otherwise (unknown name,
// wrong secret or revoked account alike, so the answer reveals nothing).
std::expected<PlayerId, DbError> verify_bot(Connection& c, std::string_view name, std::string_view secret);
// Every bot account (revoked ones too), by player id.
std::expected<std::vector<BotAccount>, DbError> list_bots(Connection& c);
// NotFound when there is no bot of that name; revoking twice keeps the first time.
std::expected<BotAccount, DbError> revoke_bot(Connection& c, std::string_view name);

struct NewSession {
  std::string token;  // give to the client (cookie); never stored
  Timestamp expires_at{};
};

std::expected<NewSession, DbError> create_session(Connection& c, PlayerId player, std::chrono::seconds lifetime);
// The session's player; Unauthorized when unknown or expired.
std::expected<PlayerId, DbError> verify_session(Connection& c, std::string_view token, Timestamp at = now());
std::expected<void, DbError> delete_session(Connection& c, std::string_view token);
// Removes expired sessions; returns how many.
std::expected<int, DbError> purge_expired_sessions(Connection& c, Timestamp at = now());

}  // namespace skat::db
