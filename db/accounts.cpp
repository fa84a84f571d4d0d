#include "db/accounts.h"

#include <algorithm>

#include "db/error.h"
#include "db/players.h"
#include "db/secret_token.h"
#include "db/transaction.h"

namespace skat::db {

namespace {

std::span<const unsigned char> bytes(const TokenHash& h) { return {h.data(), h.size()}; }

DbError unauthorized(std::string_view what) { return detail::error(DbErrc::Unauthorized, std::string(what)); }

constexpr std::string_view kBotColumns =
    "SELECT p.id, p.name, b.kind, b.created_at, b.revoked_at FROM bot_accounts b JOIN players p ON p.id = b.player_id";

BotAccount bot_from(const Statement& st) {
  return BotAccount{st.int64(0), st.text(1), st.text(2), st.timestamp(3), st.optional_timestamp(4)};
}

std::expected<std::optional<BotAccount>, DbError> find_bot(Connection& c, std::string_view name) {
  auto st = c.statement(std::string(kBotColumns) + " WHERE p.name = ?1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, name);
  auto row = st->step();
  if (!row) return std::unexpected(row.error());
  if (!*row) return std::optional<BotAccount>{};
  return std::optional<BotAccount>{bot_from(*st)};
}

std::expected<NewBot, DbError> renew_revoked(Connection& c, BotAccount account, std::string_view kind) {
  std::string secret = new_secret_token();
  auto st = c.statement(
      "UPDATE bot_accounts SET kind = ?2, token_hash = ?3, created_at = ?4, revoked_at = NULL "
      "WHERE player_id = ?1");
  if (!st) return std::unexpected(st.error());
  const Timestamp at = now();
  const TokenHash hash = hash_token(secret);
  st->bind(1, account.player_id).bind(2, kind).bind_blob(3, bytes(hash)).bind(4, at);
  if (auto r = st->run(); !r) return std::unexpected(r.error());
  account.kind = std::string(kind);
  account.created_at = at;
  account.revoked_at.reset();
  return NewBot{std::move(account), std::move(secret)};
}

}  // namespace

std::expected<void, DbError> validate_bot_kind(std::string_view kind) {
  bool ok = !kind.empty() && kind.size() <= 32;
  for (char ch : kind) ok = ok && ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '-');
  if (!ok) return std::unexpected(detail::error(DbErrc::Invalid, "a bot kind is 1 to 32 of a-z 0-9 _ -"));
  return {};
}

std::expected<NewBot, DbError> create_bot(Connection& c, std::string_view name, std::string_view kind) {
  if (auto r = validate_bot_kind(kind); !r) return std::unexpected(r.error());
  auto tx = Transaction::begin(c);
  if (!tx) return std::unexpected(tx.error());
  auto existing = find_player(c, name);
  if (!existing) return std::unexpected(existing.error());
  std::expected<NewBot, DbError> made = std::unexpected(DbError{});
  if (*existing) {
    auto bot = find_bot(c, (*existing)->name);
    if (!bot) return std::unexpected(bot.error());
    if (!*bot || !(*bot)->revoked())
      return std::unexpected(
          detail::error(DbErrc::AlreadyExists, "a " + std::string(*bot ? "bot" : to_string((*existing)->kind)) +
                                                   " named '" + (*existing)->name + "' exists" +
                                                   (*bot ? " (revoke it to issue a new token)" : "")));
    made = renew_revoked(c, **bot, kind);
  } else {
    auto player = create_player(c, name, PlayerKind::Bot);
    if (!player) return std::unexpected(player.error());
    std::string secret = new_secret_token();
    const TokenHash hash = hash_token(secret);
    auto st = c.statement("INSERT INTO bot_accounts (player_id, kind, token_hash, created_at) VALUES (?1, ?2, ?3, ?4)");
    if (!st) return std::unexpected(st.error());
    st->bind(1, player->id).bind(2, kind).bind_blob(3, bytes(hash)).bind(4, player->created_at);
    if (auto r = st->run(); !r) return std::unexpected(r.error());
    made = NewBot{BotAccount{player->id, player->name, std::string(kind), player->created_at, std::nullopt},
                  std::move(secret)};
  }
  if (!made) return made;
  if (auto r = tx->commit(); !r) return std::unexpected(r.error());
  return made;
}

std::expected<PlayerId, DbError> verify_bot(Connection& c, std::string_view name, std::string_view secret) {
  // Hash first, whatever the name: the time taken does not tell whether the bot exists.
  const TokenHash presented = hash_token(secret);
  auto st = c.statement(
      "SELECT p.id, b.token_hash, b.revoked_at FROM bot_accounts b JOIN players p ON p.id = b.player_id "
      "WHERE p.name = ?1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, name);
  auto row = st->step();
  if (!row) return std::unexpected(row.error());
  if (!*row) return std::unexpected(unauthorized("unknown bot or wrong token"));
  const std::vector<unsigned char> stored = st->blob(1);
  TokenHash expected{};
  const bool well_formed = stored.size() == expected.size();
  if (well_formed) std::copy(stored.begin(), stored.end(), expected.begin());
  if (!well_formed || !same_hash(presented, expected) || !st->is_null(2))
    return std::unexpected(unauthorized("unknown bot or wrong token"));
  return st->int64(0);
}

std::expected<std::vector<BotAccount>, DbError> list_bots(Connection& c) {
  auto st = c.statement(std::string(kBotColumns) + " ORDER BY p.id");
  if (!st) return std::unexpected(st.error());
  std::vector<BotAccount> out;
  for (;;) {
    auto row = st->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) return out;
    out.push_back(bot_from(*st));
  }
}

std::expected<BotAccount, DbError> revoke_bot(Connection& c, std::string_view name) {
  auto tx = Transaction::begin(c);
  if (!tx) return std::unexpected(tx.error());
  auto bot = find_bot(c, name);
  if (!bot) return std::unexpected(bot.error());
  if (!*bot) return std::unexpected(detail::error(DbErrc::NotFound, "no bot named '" + std::string(name) + "'"));
  if ((*bot)->revoked()) return **bot;
  auto st = c.statement("UPDATE bot_accounts SET revoked_at = ?2 WHERE player_id = ?1");
  if (!st) return std::unexpected(st.error());
  const Timestamp at = now();
  st->bind(1, (*bot)->player_id).bind(2, at);
  if (auto r = st->run(); !r) return std::unexpected(r.error());
  if (auto r = tx->commit(); !r) return std::unexpected(r.error());
  BotAccount out = **bot;
  out.revoked_at = at;
  return out;
}

std::expected<NewSession, DbError> create_session(Connection& c, PlayerId player, std::chrono::seconds lifetime) {
  NewSession s{new_secret_token(), now() + lifetime};
  const TokenHash hash = hash_token(s.token);
  auto st = c.statement("INSERT INTO sessions (token_hash, player_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)");
  if (!st) return std::unexpected(st.error());
  st->bind_blob(1, bytes(hash)).bind(2, player).bind(3, now()).bind(4, s.expires_at);
  if (auto r = st->run(); !r) return std::unexpected(r.error());
  return s;
}

std::expected<PlayerId, DbError> verify_session(Connection& c, std::string_view token, Timestamp at) {
  const TokenHash hash = hash_token(token);
  // Looked up by the hash: an index probe on a value the client cannot steer towards other rows.
  auto st = c.statement("SELECT player_id FROM sessions WHERE token_hash = ?1 AND expires_at > ?2");
  if (!st) return std::unexpected(st.error());
  st->bind_blob(1, bytes(hash)).bind(2, at);
  auto row = st->step();
  if (!row) return std::unexpected(row.error());
  if (!*row) return std::unexpected(unauthorized("unknown or expired session"));
  return st->int64(0);
}

std::expected<void, DbError> delete_session(Connection& c, std::string_view token) {
  const TokenHash hash = hash_token(token);
  auto st = c.statement("DELETE FROM sessions WHERE token_hash = ?1");
  if (!st) return std::unexpected(st.error());
  st->bind_blob(1, bytes(hash));
  return st->run();
}

std::expected<int, DbError> purge_expired_sessions(Connection& c, Timestamp at) {
  auto st = c.statement("DELETE FROM sessions WHERE expires_at <= ?1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, at);
  if (auto r = st->run(); !r) return std::unexpected(r.error());
  return c.changes();
}

}  // namespace skat::db
