// Shared helpers of the database tests: a fresh migrated database (in memory, or a schema of the
// PostgreSQL test server), unique temporary paths,
// players and series in a few lines, and series PGN generated the way `skat selfplay` does it.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/selfplay.h"
#include "common/csprng.h"
#include "db/games.h"
#include "db/migrations.h"
#include "db/players.h"
#include "db/series.h"
#include "tests/support/test_store.h"

namespace skat::db::test {

using skat::test::fresh_store;
using skat::test::on_postgres;

// The value of an expected, failing the test (with the error's message) when there is none.
template <class T>
T must(std::expected<T, DbError> r) {
  EXPECT_TRUE(r.has_value()) << r.error().message;
  if (!r) throw std::runtime_error(r.error().message);
  return std::move(*r);
}
inline void must(std::expected<void, DbError> r) {
  EXPECT_TRUE(r.has_value()) << r.error().message;
  if (!r) throw std::runtime_error(r.error().message);
}

// A fresh migrated database of the store under test (tests/support/test_store.h).
inline Connection memory_db() { return must(open_database(skat::test::fresh_store(":memory:"))); }

// A fresh directory for this test under the test temp dir.
inline std::filesystem::path temp_dir() {
  const auto* info = testing::UnitTest::GetInstance()->current_test_info();
  const std::filesystem::path dir = std::filesystem::path(testing::TempDir()) /
                                    ("skat_db_" + std::string(info->test_suite_name()) + "_" + info->name());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// `deals` deals of three simple players, as `skat selfplay --seed seed` plays its first series.
inline PgnSeries selfplay_series(std::uint64_t seed, int deals, const std::string& event = "Selfplay") {
  PgnHeader h;
  h.event = event;
  h.date = "12.01.2025";
  h.time = "13:19";
  h.duration_minutes = 24;
  for (int i = 0; i < 3; ++i)
    h.seats[static_cast<std::size_t>(i)] = {"Simple" + std::to_string(i + 1), static_cast<std::int64_t>(i + 1)};
  cli::SelfplayConfig config;
  config.seed = seed;
  config.deals = deals;
  cli::SeriesStats stats;
  auto series = cli::play_selfplay(
      config, [&](int) { return h; }, stats);
  EXPECT_TRUE(series.has_value());
  return series->front();
}

inline std::array<PlayerId, 3> three_players(Connection& c, const std::string& prefix = "P",
                                             PlayerKind kind = PlayerKind::Human) {
  std::array<PlayerId, 3> ids{};
  for (int i = 0; i < 3; ++i)
    ids[static_cast<std::size_t>(i)] = must(create_player(c, prefix + std::to_string(i + 1), kind)).id;
  return ids;
}

inline SeriesId running_series(Connection& c, const std::array<PlayerId, 3>& seats, int deals = 36,
                               std::optional<TableId> table = std::nullopt, Timestamp started = now()) {
  NewSeries n;
  n.event = "Test";
  n.deals = deals;
  n.seats = seats;
  n.table_id = table;
  n.started_at = started;
  return must(create_series(c, n)).id;
}

// Stores the games of `pgn` into a running series, one insert each.
inline void insert_games(Connection& c, SeriesId series, const PgnSeries& pgn) {
  for (const PgnGame& g : pgn.games) must(insert_game(c, game_record_from(series, g)));
}

}  // namespace skat::db::test
