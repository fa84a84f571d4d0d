// Store to store copy and comparison (db/copy_store.h).
#include "db/copy_store.h"

#include <algorithm>

#include "db/collect_rows.h"
#include "db/games.h"
#include "db/migrations.h"
#include "db/series.h"
#include "db/transaction.h"
#include "engine/records/pgn.h"
#include "engine/records/replay.h"

namespace skat::db {

namespace {

using detail::error;

// The tables whose `id` the database assigns (PostgreSQL: an identity column with a sequence).
constexpr const char* kIdentityTables[] = {"players", "tables", "series", "games", "tournaments", "rating_snapshots"};

// The tables of the connection's schema (without PostgreSQL's skat_schema), sorted.
std::expected<std::vector<std::string>, DbError> schema_tables(Connection& c) {
  auto st = c.prepare(c.engine() == Engine::Sqlite
                          ? "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                          : "SELECT table_name::text FROM information_schema.tables WHERE table_schema = "
                            "current_schema() AND table_name <> 'skat_schema'");
  if (!st) return std::unexpected(st.error());
  auto names = detail::collect<std::string>(*st, [](const Statement& s) { return s.text(0); });
  if (names) std::sort(names->begin(), names->end());
  return names;
}

std::expected<void, DbError> check_schema(Connection& c, std::string_view which) {
  auto version = schema_version(c);
  if (!version) return std::unexpected(version.error());
  if (*version != latest_schema_version())
    return std::unexpected(error(DbErrc::Invalid, std::string(which) + " has schema version " +
                                                      std::to_string(*version) + ", not " +
                                                      std::to_string(latest_schema_version())));
  auto tables = schema_tables(c);
  if (!tables) return std::unexpected(tables.error());
  std::vector<std::string> known = store_tables();
  std::sort(known.begin(), known.end());
  if (*tables != known)
    return std::unexpected(error(DbErrc::Invalid, std::string(which) + "'s tables are not the ones the copy knows"));
  return {};
}

std::expected<std::int64_t, DbError> count_of(Connection& c, const std::string& table) {
  auto st = c.prepare("SELECT count(*) FROM " + table);
  if (!st) return std::unexpected(st.error());
  auto row = st->step();
  if (!row) return std::unexpected(row.error());
  return *row ? st->int64(0) : 0;
}

// Every row of `table`, in the order of its first column, inserted into `to` column by column.
std::expected<std::int64_t, DbError> copy_table(Connection& from, Connection& to, const std::string& table) {
  auto rows = from.prepare("SELECT * FROM " + table + " ORDER BY 1");
  if (!rows) return std::unexpected(rows.error());
  std::optional<Statement> insert;
  std::int64_t copied = 0;
  for (;;) {
    auto row = rows->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) return copied;
    const int columns = rows->column_count();
    if (!insert) {
      std::string names, params;
      for (int i = 0; i < columns; ++i) {
        names += (i > 0 ? ", " : "") + rows->column_name(i);
        params += (i > 0 ? ", ?" : "?") + std::to_string(i + 1);
      }
      auto st = to.prepare("INSERT INTO " + table + " (" + names + ") VALUES (" + params + ")");
      if (!st) return std::unexpected(st.error());
      insert = std::move(*st);
    }
    insert->reset();
    for (int i = 0; i < columns; ++i) {
      switch (rows->kind(i)) {
        case ValueKind::Null: insert->bind_null(i + 1); break;
        case ValueKind::Integer: insert->bind(i + 1, rows->int64(i)); break;
        case ValueKind::Real: insert->bind(i + 1, rows->real(i)); break;
        case ValueKind::Text: insert->bind(i + 1, rows->text(i)); break;
        case ValueKind::Blob: insert->bind_blob(i + 1, rows->blob(i)); break;
      }
    }
    if (auto r = insert->run(); !r) {
      DbError e = r.error();
      e.message = table + ": " + e.message;
      return std::unexpected(std::move(e));
    }
    ++copied;
  }
}

}  // namespace

const std::vector<std::string>& store_tables() {
  static const std::vector<std::string> tables = {"players",
                                                  "bot_accounts",
                                                  "sessions",
                                                  "tables",
                                                  "series",
                                                  "series_seats",
                                                  "games",
                                                  "game_substitutes",
                                                  "game_analyses",
                                                  "tournaments",
                                                  "tournament_tables",
                                                  "table_versions",
                                                  "rating_snapshots",
                                                  "ratings",
                                                  "rating_history",
                                                  "provisional_ratings",
                                                  "nodes"};
  return tables;
}

std::expected<std::vector<TableCount>, DbError> count_rows(Connection& c) {
  std::vector<TableCount> out;
  for (const std::string& table : store_tables()) {
    auto n = count_of(c, table);
    if (!n) return std::unexpected(n.error());
    out.push_back({table, *n});
  }
  return out;
}

std::expected<std::vector<TableCount>, DbError> copy_store(Connection& from, Connection& to) {
  if (auto r = check_schema(from, "the source"); !r) return std::unexpected(r.error());
  if (auto r = check_schema(to, "the destination"); !r) return std::unexpected(r.error());
  for (const char* table : {"players", "series"}) {
    auto n = count_of(to, table);
    if (!n) return std::unexpected(n.error());
    if (*n > 0)
      return std::unexpected(error(DbErrc::AlreadyExists, "the destination already holds " + std::string(table)));
  }
  auto tx = Transaction::begin(to);
  if (!tx) return std::unexpected(tx.error());
  std::vector<TableCount> out;
  for (const std::string& table : store_tables()) {
    auto n = copy_table(from, to, table);
    if (!n) return std::unexpected(n.error());
    out.push_back({table, *n});
  }
  if (to.engine() == Engine::Postgres)
    for (const char* table : kIdentityTables) {
      const std::string t(table);
      if (auto r = to.exec("SELECT setval(pg_get_serial_sequence('" + t + "', 'id'), coalesce((SELECT max(id) FROM " +
                           t + "), 0) + 1, false)");
          !r)
        return std::unexpected(r.error());
    }
  if (auto r = tx->commit(); !r) return std::unexpected(r.error());
  return out;
}

std::expected<StoreComparison, DbError> compare_stores(Connection& a, Connection& b) {
  StoreComparison out;
  auto counts_a = count_rows(a);
  if (!counts_a) return std::unexpected(counts_a.error());
  auto counts_b = count_rows(b);
  if (!counts_b) return std::unexpected(counts_b.error());
  for (std::size_t i = 0; i < counts_a->size(); ++i)
    if ((*counts_a)[i] != (*counts_b)[i])
      out.problems.push_back((*counts_a)[i].table + ": " + std::to_string((*counts_a)[i].rows) + " rows against " +
                             std::to_string((*counts_b)[i].rows));
  Page page;
  page.limit = 500;
  SeriesFilter every;
  every.hide_sealed = false;
  for (;;) {
    auto series = list_series(a, every, page);
    if (!series) return std::unexpected(series.error());
    if (series->empty()) break;
    for (const SeriesRecord& s : *series) {
      ++out.series;
      const std::string where = "series " + std::to_string(s.id);
      auto other = get_series(b, s.id);
      if (!other) {
        out.problems.push_back(where + ": " + other.error().message);
        continue;
      }
      if (*other != s) out.problems.push_back(where + ": the series records differ");
      auto games_a = list_games(a, s.id);
      if (!games_a) return std::unexpected(games_a.error());
      auto games_b = list_games(b, s.id);
      if (!games_b) return std::unexpected(games_b.error());
      if (*games_a != *games_b) out.problems.push_back(where + ": the games differ");
      for (const GameRecord& g : *games_b) {
        ++out.games;
        auto line = read_pgn_game(g.pgn, 1);
        if (!line) {
          out.problems.push_back(where + ", game " + std::to_string(g.id) + ": its line does not read");
          continue;
        }
        if (const ReplayOutcome replay = replay_pgn(*line); !replay.ok())
          out.problems.push_back(where + ", game " + std::to_string(g.id) + ": its line does not replay");
      }
    }
    page.after_id = series->back().id;
  }
  return out;
}

}  // namespace skat::db
