// Credentials: bot accounts (a bot player plus the hash of its secret token, shown once at
// creation) and login sessions of humans and guests (hash of the session token, expiry). Plain
// tokens never reach the database; see secret_token.h for how they are made and hashed. A bot
// account is a house bot of the operator or a player's bot (it has an owner).
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
  std::string kind;  // the account's label: "simple", "pimc", …; "account" for a player's bot
  Timestamp created_at{};
  std::optional<Timestamp> revoked_at;
  std::optional<PlayerId> owner_id;      // the player who owns it; nullopt for a house bot
  std::string owner_name;                // that player's name (empty for a house bot)
  std::string challenges = "nobody";     // who may start a tournament against it: "nobody" or "everyone"
  std::optional<Timestamp> disabled_at;  // set while the operator keeps it from logging in
  std::string program;                   // the last program spec a house bot announced (empty: none)
  std::string uploaded_language{};       // a player's bot with an uploaded program: its language
  bool revoked() const { return revoked_at.has_value(); }
  bool disabled() const { return disabled_at.has_value(); }
  // The program name shown everywhere: "account:NAME" for a player's bot, else the announced
  // program, else the label.
  std::string program_name() const;
  bool operator==(const BotAccount&) const = default;
};

// The program name of a bot seat in SQL, for a query that joins `bot_accounts b` and the bot's
// `players p` (NULL when b has no row): what BotAccount::program_name gives.
inline constexpr std::string_view kProgramNameSql =
    "CASE WHEN b.owner_id IS NOT NULL THEN 'account:' || p.name ELSE COALESCE(b.program, b.kind) END";

struct NewBot {
  BotAccount account;
  std::string secret;  // the plain token: shown to the operator once, never stored
};

// A bot kind: 1..32 of [a-z0-9_-]. Invalid otherwise.
std::expected<void, DbError> validate_bot_kind(std::string_view kind);

// Creates a house bot: the bot player and its account. A revoked house bot of the same name gets a
// new token (same player, history kept); AlreadyExists when the name is an active bot, a player's
// bot (revoked or not) or a human/guest.
std::expected<NewBot, DbError> create_bot(Connection& c, std::string_view name, std::string_view kind);
// The bot's player id when `secret` is its current token; Unauthorized otherwise (unknown name,
// wrong secret, revoked or disabled account alike, so the answer reveals nothing).
std::expected<PlayerId, DbError> verify_bot(Connection& c, std::string_view name, std::string_view secret);
// Every bot account (revoked ones too), by player id.
std::expected<std::vector<BotAccount>, DbError> list_bots(Connection& c);
// NotFound when there is no bot of that name; revoking twice keeps the first time.
std::expected<BotAccount, DbError> revoke_bot(Connection& c, std::string_view name);
// The bot account of that player id / name (name compared as find_player does); NotFound otherwise.
std::expected<BotAccount, DbError> get_bot(Connection& c, PlayerId id);
std::expected<BotAccount, DbError> find_bot(Connection& c, std::string_view name);
// revoke_bot by player id.
std::expected<BotAccount, DbError> revoke_bot_id(Connection& c, PlayerId id);
// The operator's switch (any bot account, revoked or not): a disabled account does not log in;
// disabling twice keeps the first time. NotFound when there is no bot of that name.
std::expected<BotAccount, DbError> set_bot_disabled(Connection& c, std::string_view name, bool disabled);
// Of these bot accounts, those that may not log in (revoked or disabled); a query per 64 of them.
std::expected<std::vector<PlayerId>, DbError> barred_bots(Connection& c, const std::vector<PlayerId>& bots);
// Records the program spec a bot announced in its hello (1..256 bytes, else Invalid; empty clears
// it). Shown as the program of a house bot; a player's bot keeps "account:NAME".
std::expected<void, DbError> set_bot_program(Connection& c, PlayerId id, std::string_view program);

// Players' bots.

// "nobody" or "everyone"; Invalid otherwise.
std::expected<void, DbError> validate_challenges(std::string_view challenges);
// Creates a bot account owned by `owner` (a human or guest; NotFound / Invalid otherwise), kind
// "account". LimitReached when the owner has `max_per_owner` active (not revoked) bots;
// AlreadyExists when the name is taken by any player (a revoked bot's name stays taken: its records
// keep it); Invalid for a bad name or `challenges`.
std::expected<NewBot, DbError> create_owned_bot(Connection& c, PlayerId owner, std::string_view name,
                                                std::string_view challenges, int max_per_owner);
// The owner's active (not revoked) bots, by id.
std::expected<std::vector<BotAccount>, DbError> list_owned_bots(Connection& c, PlayerId owner);
// Renames a bot account's player (the name key follows); AlreadyExists when the name is another
// player's (after folding), Invalid when it is not a valid name, NotFound when `id` is no bot.
std::expected<BotAccount, DbError> rename_bot(Connection& c, PlayerId id, std::string_view new_name);
// Invalid unless "nobody" or "everyone"; NotFound when `id` is no bot.
std::expected<BotAccount, DbError> set_bot_challenges(Connection& c, PlayerId id, std::string_view challenges);
// A fresh secret for an active bot (the old one stops verifying); NotFound when `id` is no bot or
// the bot is revoked.
std::expected<NewBot, DbError> rekey_bot(Connection& c, PlayerId id);
// Active, not disabled players' bots whose challenges are "everyone", by id.
std::expected<std::vector<BotAccount>, DbError> challengeable_bots(Connection& c);

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

// A player's bot's uploaded program, which the server runs in its sandbox (server/sandbox).
struct UploadedProgram {
  std::string language;  // one of the languages the server offers ("python3", …)
  std::string source;    // at most 256 KiB
  Timestamp updated_at{};
  bool operator==(const UploadedProgram&) const = default;
};
// Sets (or, with nullopt, removes) the uploaded program of a player's bot; NotFound for no such
// active player's bot.
std::expected<void, DbError> set_uploaded_program(Connection& c, PlayerId bot,
                                                  const std::optional<UploadedProgram>& program);
std::expected<std::optional<UploadedProgram>, DbError> uploaded_program(Connection& c, PlayerId bot);

}  // namespace skat::db
