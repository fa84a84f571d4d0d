#include "db/accounts.h"

#include <algorithm>

#include "common/confusables.h"
#include "common/text_rules.h"
#include "db/collect_rows.h"
#include "db/error.h"
#include "db/players.h"
#include "db/secret_token.h"
#include "db/transaction.h"

namespace skat::db {

namespace {

std::span<const unsigned char> bytes(const TokenHash& h) { return {h.data(), h.size()}; }

DbError unauthorized(std::string_view what) { return detail::error(DbErrc::Unauthorized, std::string(what)); }

DbError no_bot(PlayerId id) { return detail::error(DbErrc::NotFound, "no bot with id " + std::to_string(id)); }
DbError no_bot(std::string_view name) {
  return detail::error(DbErrc::NotFound, "no bot named '" + std::string(name) + "'");
}

constexpr std::string_view kBotColumns =
    "SELECT p.id, p.name, b.kind, b.created_at, b.revoked_at, b.owner_id, o.name, b.challenges, b.disabled_at, "
    "b.program, b.program_language FROM bot_accounts b JOIN players p ON p.id = b.player_id "
    "LEFT JOIN players o ON o.id = b.owner_id";

BotAccount bot_from(const Statement& st) {
  BotAccount b;
  b.player_id = st.int64(0);
  b.name = st.text(1);
  b.kind = st.text(2);
  b.created_at = st.timestamp(3);
  b.revoked_at = st.optional_timestamp(4);
  b.owner_id = st.optional_int64(5);
  if (!st.is_null(6)) b.owner_name = st.text(6);
  b.challenges = st.text(7);
  b.disabled_at = st.optional_timestamp(8);
  if (!st.is_null(9)) b.program = st.text(9);
  if (!st.is_null(10)) b.uploaded_language = st.text(10);
  return b;
}

std::expected<std::optional<BotAccount>, DbError> one_bot(Statement& st) {
  auto row = st.step();
  if (!row) return std::unexpected(row.error());
  if (!*row) return std::optional<BotAccount>{};
  return std::optional<BotAccount>{bot_from(st)};
}

// The bot of that name, compared as find_player compares: the name itself (without regard to
// case) first, else the bot whose name folds alike.
std::expected<std::optional<BotAccount>, DbError> lookup_bot(Connection& c, std::string_view name) {
  auto st = c.statement(std::string(kBotColumns) +
                        " WHERE p.name = ?1 OR p.name_key = ?2 ORDER BY p.name = ?1 DESC, p.id LIMIT 1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, name).bind(2, text::name_key(name));
  return one_bot(*st);
}

std::expected<std::optional<BotAccount>, DbError> lookup_bot(Connection& c, PlayerId id) {
  auto st = c.statement(std::string(kBotColumns) + " WHERE p.id = ?1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, id);
  return one_bot(*st);
}

// The bots matching `condition` (SQL over b and p, where ?1 is `param`; empty: every bot), by id.
std::expected<std::vector<BotAccount>, DbError> bots_where(Connection& c, std::string_view condition,
                                                           std::optional<PlayerId> param = std::nullopt) {
  auto st = c.statement(std::string(kBotColumns) + (condition.empty() ? "" : " WHERE " + std::string(condition)) +
                        " ORDER BY p.id");
  if (!st) return std::unexpected(st.error());
  if (param) st->bind(1, *param);
  return detail::collect<BotAccount>(*st, bot_from);
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

// Revokes `bot` (found by the caller inside `tx`); revoking twice keeps the first time.
std::expected<BotAccount, DbError> revoke(Connection& c, Transaction& tx, BotAccount bot) {
  if (bot.revoked()) return bot;
  auto st = c.statement("UPDATE bot_accounts SET revoked_at = ?2 WHERE player_id = ?1");
  if (!st) return std::unexpected(st.error());
  const Timestamp at = now();
  st->bind(1, bot.player_id).bind(2, at);
  if (auto r = st->run(); !r) return std::unexpected(r.error());
  if (auto r = tx.commit(); !r) return std::unexpected(r.error());
  bot.revoked_at = at;
  return bot;
}

}  // namespace

std::string BotAccount::program_name() const {
  if (owner_id) return "account:" + name;
  return program.empty() ? kind : program;
}

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
    auto bot = lookup_bot(c, (*existing)->id);
    if (!bot) return std::unexpected(bot.error());
    if (*bot && (*bot)->owner_id)
      return std::unexpected(
          detail::error(DbErrc::AlreadyExists, "a player's bot named '" + (*existing)->name + "' exists"));
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
    BotAccount account;
    account.player_id = player->id;
    account.name = player->name;
    account.kind = std::string(kind);
    account.created_at = player->created_at;
    made = NewBot{std::move(account), std::move(secret)};
  }
  if (!made) return made;
  if (auto r = tx->commit(); !r) return std::unexpected(r.error());
  return made;
}

std::expected<PlayerId, DbError> verify_bot(Connection& c, std::string_view name, std::string_view secret) {
  // Hash first, whatever the name: the time taken does not tell whether the bot exists.
  const TokenHash presented = hash_token(secret);
  auto st = c.statement(
      "SELECT p.id, b.token_hash, b.revoked_at, b.disabled_at FROM bot_accounts b JOIN players p ON p.id = "
      "b.player_id WHERE p.name = ?1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, name);
  auto row = st->step();
  if (!row) return std::unexpected(row.error());
  if (!*row) return std::unexpected(unauthorized("unknown bot or wrong token"));
  const std::vector<unsigned char> stored = st->blob(1);
  TokenHash expected{};
  const bool well_formed = stored.size() == expected.size();
  if (well_formed) std::copy(stored.begin(), stored.end(), expected.begin());
  if (!well_formed || !same_hash(presented, expected) || !st->is_null(2) || !st->is_null(3))
    return std::unexpected(unauthorized("unknown bot or wrong token"));
  return st->int64(0);
}

std::expected<std::vector<BotAccount>, DbError> list_bots(Connection& c) { return bots_where(c, {}); }

std::expected<BotAccount, DbError> revoke_bot(Connection& c, std::string_view name) {
  auto tx = Transaction::begin(c);
  if (!tx) return std::unexpected(tx.error());
  auto bot = lookup_bot(c, name);
  if (!bot) return std::unexpected(bot.error());
  if (!*bot) return std::unexpected(no_bot(name));
  return revoke(c, *tx, std::move(**bot));
}

std::expected<BotAccount, DbError> revoke_bot_id(Connection& c, PlayerId id) {
  auto tx = Transaction::begin(c);
  if (!tx) return std::unexpected(tx.error());
  auto bot = lookup_bot(c, id);
  if (!bot) return std::unexpected(bot.error());
  if (!*bot) return std::unexpected(no_bot(id));
  return revoke(c, *tx, std::move(**bot));
}

std::expected<BotAccount, DbError> get_bot(Connection& c, PlayerId id) {
  auto bot = lookup_bot(c, id);
  if (!bot) return std::unexpected(bot.error());
  if (!*bot) return std::unexpected(no_bot(id));
  return std::move(**bot);
}

std::expected<BotAccount, DbError> find_bot(Connection& c, std::string_view name) {
  auto bot = lookup_bot(c, name);
  if (!bot) return std::unexpected(bot.error());
  if (!*bot) return std::unexpected(no_bot(name));
  return std::move(**bot);
}

std::expected<BotAccount, DbError> set_bot_disabled(Connection& c, std::string_view name, bool disabled) {
  auto tx = Transaction::begin(c);
  if (!tx) return std::unexpected(tx.error());
  auto bot = lookup_bot(c, name);
  if (!bot) return std::unexpected(bot.error());
  if (!*bot) return std::unexpected(no_bot(name));
  BotAccount out = std::move(**bot);
  if (out.disabled() == disabled) return out;
  auto st = c.statement("UPDATE bot_accounts SET disabled_at = ?2 WHERE player_id = ?1");
  if (!st) return std::unexpected(st.error());
  out.disabled_at = disabled ? std::optional<Timestamp>(now()) : std::nullopt;
  st->bind(1, out.player_id).bind(2, out.disabled_at);
  if (auto r = st->run(); !r) return std::unexpected(r.error());
  if (auto r = tx->commit(); !r) return std::unexpected(r.error());
  return out;
}

std::expected<std::vector<PlayerId>, DbError> barred_bots(Connection& c, const std::vector<PlayerId>& bots) {
  // One statement of a fixed number of ids (the rest padded with 0, no player's id), run once per
  // that many: a few round trips for a thousand bots, and one cached statement.
  constexpr std::size_t kPerQuery = 64;
  static const std::string sql = [] {
    std::string text =
        "SELECT player_id FROM bot_accounts WHERE (revoked_at IS NOT NULL OR disabled_at IS NOT NULL) "
        "AND player_id IN (";
    for (std::size_t i = 1; i <= kPerQuery; ++i) text += (i > 1 ? ",?" : "?") + std::to_string(i);
    return text + ")";
  }();
  std::vector<PlayerId> barred;
  for (std::size_t first = 0; first < bots.size(); first += kPerQuery) {
    auto st = c.statement(sql);
    if (!st) return std::unexpected(st.error());
    for (std::size_t i = 0; i < kPerQuery; ++i)
      st->bind(static_cast<int>(i + 1), first + i < bots.size() ? bots[first + i] : PlayerId{0});
    auto rows = detail::collect<PlayerId>(*st, [](const Statement& row) { return row.int64(0); });
    if (!rows) return std::unexpected(rows.error());
    barred.insert(barred.end(), rows->begin(), rows->end());
  }
  return barred;
}

std::expected<void, DbError> set_bot_program(Connection& c, PlayerId id, std::string_view program) {
  if (program.size() > 256)
    return std::unexpected(detail::error(DbErrc::Invalid, "a bot's program spec has at most 256 bytes"));
  auto st = c.statement("UPDATE bot_accounts SET program = ?2 WHERE player_id = ?1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, id);
  if (program.empty())
    st->bind_null(2);
  else
    st->bind(2, program);
  if (auto r = st->run(); !r) return std::unexpected(r.error());
  if (c.changes() != 1) return std::unexpected(no_bot(id));
  return {};
}

std::expected<void, DbError> validate_challenges(std::string_view challenges) {
  if (challenges != "nobody" && challenges != "everyone")
    return std::unexpected(detail::error(DbErrc::Invalid, "challenges is \"nobody\" or \"everyone\""));
  return {};
}

std::expected<NewBot, DbError> create_owned_bot(Connection& c, PlayerId owner, std::string_view name,
                                                std::string_view challenges, int max_per_owner) {
  if (auto r = validate_challenges(challenges); !r) return std::unexpected(r.error());
  if (auto r = validate_player_name(name); !r) return std::unexpected(r.error());
  auto tx = Transaction::begin(c);
  if (!tx) return std::unexpected(tx.error());
  // The owner's row, locked on PostgreSQL so that two creations for one owner count one after the
  // other (SQLite's write transaction already runs alone).
  auto who = c.statement(c.engine() == Engine::Postgres ? "SELECT kind, name FROM players WHERE id = ?1 FOR UPDATE"
                                                        : "SELECT kind, name FROM players WHERE id = ?1");
  if (!who) return std::unexpected(who.error());
  who->bind(1, owner);
  auto found = who->step();
  if (!found) return std::unexpected(found.error());
  if (!*found) return std::unexpected(detail::error(DbErrc::NotFound, "no player with id " + std::to_string(owner)));
  if (who->text(0) == to_string(PlayerKind::Bot))
    return std::unexpected(detail::error(DbErrc::Invalid, "a bot cannot own a bot"));
  const std::string owner_name = who->text(1);
  who->reset();
  auto count = c.statement("SELECT count(*) FROM bot_accounts WHERE owner_id = ?1 AND revoked_at IS NULL");
  if (!count) return std::unexpected(count.error());
  count->bind(1, owner);
  auto counted = count->step();
  if (!counted) return std::unexpected(counted.error());
  if (*counted && count->int64(0) >= max_per_owner)
    return std::unexpected(
        detail::error(DbErrc::LimitReached, "at most " + std::to_string(max_per_owner) + " bots per player"));
  count->reset();
  auto player = create_player(c, name, PlayerKind::Bot);  // AlreadyExists: any player's name, revoked bots too
  if (!player) return std::unexpected(player.error());
  std::string secret = new_secret_token();
  const TokenHash hash = hash_token(secret);
  auto st = c.statement(
      "INSERT INTO bot_accounts (player_id, kind, token_hash, created_at, owner_id, challenges) "
      "VALUES (?1, 'account', ?2, ?3, ?4, ?5)");
  if (!st) return std::unexpected(st.error());
  st->bind(1, player->id).bind_blob(2, bytes(hash)).bind(3, player->created_at).bind(4, owner).bind(5, challenges);
  if (auto r = st->run(); !r) return std::unexpected(r.error());
  if (auto r = tx->commit(); !r) return std::unexpected(r.error());
  BotAccount account;
  account.player_id = player->id;
  account.name = player->name;
  account.kind = "account";
  account.created_at = player->created_at;
  account.owner_id = owner;
  account.owner_name = owner_name;
  account.challenges = std::string(challenges);
  return NewBot{std::move(account), std::move(secret)};
}

std::expected<std::vector<BotAccount>, DbError> list_owned_bots(Connection& c, PlayerId owner) {
  return bots_where(c, "b.owner_id = ?1 AND b.revoked_at IS NULL", owner);
}

std::expected<BotAccount, DbError> rename_bot(Connection& c, PlayerId id, std::string_view new_name) {
  if (auto r = validate_player_name(new_name); !r) return std::unexpected(r.error());
  auto tx = Transaction::begin(c);
  if (!tx) return std::unexpected(tx.error());
  auto bot = lookup_bot(c, id);
  if (!bot) return std::unexpected(bot.error());
  if (!*bot) return std::unexpected(no_bot(id));
  const DbError taken = detail::error(DbErrc::AlreadyExists, "a player named '" + std::string(new_name) + "' exists");
  auto other = find_player(c, new_name);
  if (!other) return std::unexpected(other.error());
  if (*other && (*other)->id != id) return std::unexpected(taken);
  auto st = c.statement("UPDATE players SET name = ?2, name_key = ?3 WHERE id = ?1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, id).bind(2, new_name).bind(3, text::name_key(new_name));
  if (auto r = st->run(); !r) return std::unexpected(r.error().code == DbErrc::AlreadyExists ? taken : r.error());
  if (auto r = tx->commit(); !r) return std::unexpected(r.error());
  BotAccount out = std::move(**bot);
  out.name = std::string(new_name);
  return out;
}

std::expected<BotAccount, DbError> set_bot_challenges(Connection& c, PlayerId id, std::string_view challenges) {
  if (auto r = validate_challenges(challenges); !r) return std::unexpected(r.error());
  auto st = c.statement("UPDATE bot_accounts SET challenges = ?2 WHERE player_id = ?1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, id).bind(2, challenges);
  if (auto r = st->run(); !r) return std::unexpected(r.error());
  if (c.changes() != 1) return std::unexpected(no_bot(id));
  return get_bot(c, id);
}

std::expected<NewBot, DbError> rekey_bot(Connection& c, PlayerId id) {
  auto tx = Transaction::begin(c);
  if (!tx) return std::unexpected(tx.error());
  auto bot = lookup_bot(c, id);
  if (!bot) return std::unexpected(bot.error());
  if (!*bot || (*bot)->revoked()) return std::unexpected(no_bot(id));
  std::string secret = new_secret_token();
  const TokenHash hash = hash_token(secret);
  auto st = c.statement("UPDATE bot_accounts SET token_hash = ?2 WHERE player_id = ?1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, id).bind_blob(2, bytes(hash));
  if (auto r = st->run(); !r) return std::unexpected(r.error());
  if (auto r = tx->commit(); !r) return std::unexpected(r.error());
  return NewBot{std::move(**bot), std::move(secret)};
}

std::expected<std::vector<BotAccount>, DbError> challengeable_bots(Connection& c) {
  return bots_where(c,
                    "b.owner_id IS NOT NULL AND b.revoked_at IS NULL AND b.disabled_at IS NULL AND b.challenges = "
                    "'everyone'");
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

std::expected<void, DbError> set_uploaded_program(Connection& c, PlayerId bot,
                                                  const std::optional<UploadedProgram>& program) {
  auto st = c.statement(
      "UPDATE bot_accounts SET program_language = ?2, program_source = ?3, program_updated_at = ?4 "
      "WHERE player_id = ?1 AND owner_id IS NOT NULL AND revoked_at IS NULL");
  if (!st) return std::unexpected(st.error());
  st->bind(1, bot);
  if (program)
    st->bind(2, program->language).bind(3, program->source).bind(4, now());
  else
    st->bind_null(2).bind_null(3).bind_null(4);
  if (auto done = st->run(); !done) return std::unexpected(done.error());
  if (c.changes() != 1) return std::unexpected(no_bot(bot));
  return {};
}

std::expected<std::optional<UploadedProgram>, DbError> uploaded_program(Connection& c, PlayerId bot) {
  auto st = c.statement(
      "SELECT program_language, program_source, program_updated_at FROM bot_accounts "
      "WHERE player_id = ?1 AND program_source IS NOT NULL");
  if (!st) return std::unexpected(st.error());
  st->bind(1, bot);
  auto row = st->step();
  if (!row) return std::unexpected(row.error());
  if (!*row) return std::optional<UploadedProgram>{};
  return std::optional<UploadedProgram>{UploadedProgram{st->text(0), st->text(1), st->timestamp(2)}};
}

}  // namespace skat::db
