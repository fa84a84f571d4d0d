#include "db/players.h"

#include "common/confusables.h"
#include "common/text_rules.h"
#include "db/accounts.h"
#include "db/collect_rows.h"
#include "db/error.h"
#include "db/transaction.h"

namespace skat::db {

namespace {

constexpr std::string_view kPlayerColumns = "id, name, kind, created_at";

Player player_from(const Statement& st) {
  return Player{st.int64(0), st.text(1), parse_player_kind(st.text(2)).value_or(PlayerKind::Human), st.timestamp(3)};
}

std::expected<std::optional<Player>, DbError> one_player(Statement& st) {
  auto row = st.step();
  if (!row) return std::unexpected(row.error());
  if (!*row) return std::optional<Player>{};
  return std::optional<Player>{player_from(st)};
}

}  // namespace

std::expected<void, DbError> validate_player_name(std::string_view name) {
  if (name.empty() || name.size() > 64)
    return std::unexpected(detail::error(DbErrc::Invalid, "a player name has 1 to 64 bytes"));
  if (auto ok = text::normalize(name, text::Use::Name); !ok)
    return std::unexpected(detail::error(DbErrc::Invalid, "a player name may not hold " + ok.error()));
  return {};
}

std::expected<Player, DbError> create_player(Connection& c, std::string_view name, PlayerKind kind,
                                             Timestamp created_at) {
  if (auto r = validate_player_name(name); !r) return std::unexpected(r.error());
  auto st = c.statement("INSERT INTO players (name, kind, created_at, name_key) VALUES (?1, ?2, ?3, ?4) RETURNING id");
  if (!st) return std::unexpected(st.error());
  st->bind(1, name).bind(2, to_string(kind)).bind(3, created_at).bind(4, text::name_key(name));
  auto id = detail::returned_id(*st);
  if (!id) {
    if (id.error().code == DbErrc::AlreadyExists)
      return std::unexpected(detail::error(DbErrc::AlreadyExists, "a player named '" + std::string(name) + "' exists"));
    return std::unexpected(id.error());
  }
  return Player{*id, std::string(name), kind, created_at};
}

std::expected<Player, DbError> create_guest(Connection& c, std::string_view name) {
  return create_player(c, name, PlayerKind::Guest);
}

std::expected<std::optional<Player>, DbError> find_player(Connection& c, std::string_view name) {
  // The name itself (without regard to case) first, else the player whose name folds alike.
  auto st = c.statement("SELECT " + std::string(kPlayerColumns) +
                        " FROM players WHERE name = ?1 OR name_key = ?2 ORDER BY name = ?1 DESC, id LIMIT 1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, name).bind(2, text::name_key(name));
  return one_player(*st);
}

std::expected<Player, DbError> get_player(Connection& c, PlayerId id) {
  auto st = c.statement("SELECT " + std::string(kPlayerColumns) + " FROM players WHERE id = ?1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, id);
  auto p = one_player(*st);
  if (!p) return std::unexpected(p.error());
  if (!*p) return std::unexpected(detail::error(DbErrc::NotFound, "no player with id " + std::to_string(id)));
  return **p;
}

std::expected<PlayerProfile, DbError> get_player_profile(Connection& c, PlayerId id) {
  auto st = c.statement("SELECT p.id, p.name, p.kind, p.created_at, coalesce(" + std::string(kProgramNameSql) +
                        ", ''), b.owner_id, o.name FROM players p LEFT JOIN bot_accounts b ON b.player_id = p.id "
                        "LEFT JOIN players o ON o.id = b.owner_id WHERE p.id = ?1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, id);
  auto row = st->step();
  if (!row) return std::unexpected(row.error());
  if (!*row) return std::unexpected(detail::error(DbErrc::NotFound, "no player with id " + std::to_string(id)));
  PlayerProfile out{player_from(*st), st->text(4), st->optional_int64(5), {}};
  if (!st->is_null(6)) out.owner_name = st->text(6);
  return out;
}

std::expected<Player, DbError> find_or_create_player(Connection& c, std::string_view name, PlayerKind kind) {
  auto tx = Transaction::begin(c);
  if (!tx) return std::unexpected(tx.error());
  auto found = find_player(c, name);
  if (!found) return std::unexpected(found.error());
  if (*found) return **found;  // read only: the rollback in ~Transaction changes nothing
  auto created = create_player(c, name, kind);
  if (!created) return std::unexpected(created.error());
  if (auto r = tx->commit(); !r) return std::unexpected(r.error());
  return created;
}

std::expected<std::vector<Player>, DbError> list_players(Connection& c, std::optional<PlayerKind> kind) {
  auto st = kind ? c.statement("SELECT " + std::string(kPlayerColumns) + " FROM players WHERE kind = ?1 ORDER BY id")
                 : c.statement("SELECT " + std::string(kPlayerColumns) + " FROM players ORDER BY id");
  if (!st) return std::unexpected(st.error());
  if (kind) st->bind(1, to_string(*kind));
  std::vector<Player> out;
  for (;;) {
    auto row = st->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) return out;
    out.push_back(player_from(*st));
  }
}

}  // namespace skat::db
