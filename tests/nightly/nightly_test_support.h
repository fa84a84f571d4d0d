// Shared by the nightly tests: self-play series of rule bots seated from five names, imported into
// a temporary database, and a fixture with the job's options pointing into a fresh folder.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "bots/bot_factory.h"
#include "cli/selfplay.h"
#include "db/import.h"
#include "db/migrations.h"
#include "engine/records/pgn.h"
#include "nightly/nightly_job.h"
#include "tests/support/test_store.h"

namespace skat::nightly {

namespace fs = std::filesystem;

inline constexpr const char* kNames[] = {"Anna", "Bert", "Cleo", "Dirk", "Emma"};
inline const std::string kBaseTables = std::string(SKAT_SOURCE_DIR) + "/tables/t0.wtab";

// `count` series of `deals` deals by rule bots, seated from five names in turn from `first`.
inline std::vector<PgnSeries> play_series(std::uint64_t seed, int count, int deals, int first) {
  cli::SelfplayConfig config;
  config.seed = seed;
  config.series = count;
  config.deals = deals;
  config.bots = {*bots::parse_bot_spec("rule")};
  cli::SeriesStats stats;
  auto series = cli::play_selfplay(
      config,
      [first](int s) {
        PgnHeader h;
        h.event = "Nightly test " + std::to_string(first + s);
        h.date = "22.11.2026";
        h.time = "03:00";
        for (int i = 0; i < 3; ++i) {
          const int who = (first + s + i) % 5;
          h.seats[static_cast<std::size_t>(i)] = {kNames[who], who + 1};
        }
        return h;
      },
      stats);
  EXPECT_TRUE(series);
  return series ? *series : std::vector<PgnSeries>{};
}

inline void import(const std::string& db_path, const std::vector<PgnSeries>& series) {
  auto c = db::open_database(db_path);
  ASSERT_TRUE(c);
  std::string text;
  for (const PgnSeries& s : series) text += write_pgn(s) + "\n";
  const auto report = db::import_pgn(*c, text, db::ImportOptions{db::PlayerKind::Bot});
  ASSERT_TRUE(report);
  EXPECT_TRUE(report->ok());
}

struct NightlyFixture : testing::Test {
  fs::path dir;
  NightlyOptions options;
  void SetUp() override {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    dir = fs::path(testing::TempDir()) / ("skat_nightly_" + std::string(info->name()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    options.db_path = test::fresh_store((dir / "skat.db").string());
    options.tables_dir = (dir / "tables").string();
    options.base_tables = kBaseTables;
  }
  void TearDown() override { fs::remove_all(dir); }
  NightlySummary run() {
    auto summary = run_nightly(options);
    EXPECT_TRUE(summary) << (summary ? "" : summary.error());
    return summary ? *summary : NightlySummary{};
  }
};

}  // namespace skat::nightly
