// Copying a whole database from one store to another (SQLite to PostgreSQL or back, for
// `skat admin migrate-store`), and the comparison that proves nothing was lost: the same rows in
// every table, and every series read back the same, with each game's line replaying through the
// engine.
#pragma once

#include <cstdint>
#include <expected>
#include <string>
#include <vector>

#include "db/connection.h"

namespace skat::db {

struct TableCount {
  std::string table;
  std::int64_t rows = 0;
  bool operator==(const TableCount&) const = default;
};

// The schema's tables in an order in which every row's references are copied before it.
const std::vector<std::string>& store_tables();

// Rows per table of store_tables().
std::expected<std::vector<TableCount>, DbError> count_rows(Connection& c);

// Copies every row of `from` into `to`, ids kept, in one transaction of `to`. Both must be at the
// latest schema version (open_database migrates); `to` must hold no players and no series
// (AlreadyExists otherwise). PostgreSQL's id sequences are moved past the copied ids.
std::expected<std::vector<TableCount>, DbError> copy_store(Connection& from, Connection& to);

struct StoreComparison {
  int series = 0;                     // series compared
  int games = 0;                      // games compared and replayed
  std::vector<std::string> problems;  // empty: the stores hold the same
};
// The row counts of every table, every series (record, seats, games with all their columns) of
// `a` against `b`, and each game's PGN line of `b` replayed through the engine.
std::expected<StoreComparison, DbError> compare_stores(Connection& a, Connection& b);

}  // namespace skat::db
