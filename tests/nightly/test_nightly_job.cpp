// The nightly job on temporary databases of imported self-play series: the new table version
// holds exactly the counts of folding those games onto the base tables; a second run changes
// nothing; a run stopped after writing the table file (a kill before the database knew of it)
// is completed by the next one without counting a game twice; later games make the next version
// on top of the last; the ratings sum to the start ratings whatever the correction options, and
// the options change the scores.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "bots/bot_factory.h"
#include "bots/tables/fold.h"
#include "bots/tables/table_files.h"
#include "db/import.h"
#include "db/migrations.h"
#include "db/nightly.h"
#include "server/cli/selfplay.h"
#include "server/nightly/nightly_job.h"
#include "server/nightly/nightly_schedule.h"

namespace skat::nightly {
namespace {

namespace fs = std::filesystem;

constexpr const char* kNames[] = {"Anna", "Bert", "Cleo", "Dirk", "Emma"};
const std::string kBaseTables = std::string(SKAT_SOURCE_DIR) + "/tables/t0.wtab";

// `count` series of `deals` deals by rule bots, seated from five names in turn from `first`.
std::vector<PgnSeries> play_series(std::uint64_t seed, int count, int deals, int first) {
  cli::SelfplayConfig config;
  config.seed = seed;
  config.series = count;
  config.deals = deals;
  config.bot = *bots::parse_bot_spec("rule");
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

void import(const std::string& db_path, const std::vector<PgnSeries>& series) {
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
    options.db_path = (dir / "skat.db").string();
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

// The base tables with every game of `series` folded in order (sequence = 1, 2, …).
bots::TableSet folded_by_hand(const std::vector<PgnSeries>& series) {
  bots::TableSet t = *bots::load_tables(kBaseTables);
  bots::Folder folder(t);
  std::uint64_t sequence = 0;
  for (const PgnSeries& s : series)
    for (const PgnGame& g : s.games) folder.add(++sequence, g);
  return t;
}

TEST_F(NightlyFixture, FoldsEveryNewGameOnceAndASecondRunChangesNothing) {
  const auto series = play_series(11, 4, 6, 0);
  import(options.db_path, series);
  const NightlySummary first = run();
  EXPECT_EQ(first.games_seen, 24);
  EXPECT_TRUE(first.new_version);
  EXPECT_EQ(first.table_version, 1);
  EXPECT_TRUE(first.new_snapshot);
  EXPECT_EQ(first.series, 4);
  EXPECT_EQ(first.players, 5);
  const auto written = bots::load_tables(first.tables_file);
  ASSERT_TRUE(written);
  const bots::TableSet expected = folded_by_hand(series);
  for (auto kind : {bots::TableKind::Suit, bots::TableKind::Grand, bots::TableKind::Null, bots::TableKind::LeadSuit,
                    bots::TableKind::LeadGrand})
    EXPECT_EQ(written->table(kind), expected.table(kind));
  EXPECT_EQ(written->meta().games_folded, expected.meta().games_folded);
  EXPECT_EQ(written->meta().table_version, 1U);

  const NightlySummary second = run();
  EXPECT_EQ(second.games_seen, 0);
  EXPECT_FALSE(second.new_version);
  EXPECT_FALSE(second.new_snapshot);
  EXPECT_EQ(second.table_version, 1);
  auto c = db::open_database(options.db_path);
  ASSERT_TRUE(c);
  EXPECT_EQ(db::table_versions(*c)->size(), 1U);
  const auto snapshot = db::latest_snapshot(*c);
  ASSERT_TRUE(snapshot && *snapshot);
  EXPECT_EQ((*snapshot)->series_count, 4);
}

TEST_F(NightlyFixture, ARunStoppedAfterTheTableFileIsCompletedWithoutCountingTwice) {
  const auto series = play_series(12, 3, 6, 1);
  import(options.db_path, series);
  options.fail_after_table_file = true;
  EXPECT_FALSE(run_nightly(options));
  {
    auto c = db::open_database(options.db_path);
    ASSERT_TRUE(c);
    EXPECT_TRUE(db::table_versions(*c)->empty());  // the database never heard of version 1
  }
  options.fail_after_table_file = false;
  const NightlySummary again = run();
  EXPECT_EQ(again.table_version, 1);
  EXPECT_EQ(again.games_seen, 18);
  EXPECT_EQ(bots::load_tables(again.tables_file)->meta().games_folded, folded_by_hand(series).meta().games_folded);
}

TEST_F(NightlyFixture, LaterGamesMakeTheNextVersionOnTopOfTheLast) {
  const auto early = play_series(13, 2, 6, 0);
  import(options.db_path, early);
  const NightlySummary first = run();
  const auto later = play_series(14, 2, 6, 2);
  import(options.db_path, later);
  const NightlySummary second = run();
  EXPECT_EQ(second.table_version, 2);
  EXPECT_EQ(second.games_seen, 12);
  std::vector<PgnSeries> all = early;
  all.insert(all.end(), later.begin(), later.end());
  EXPECT_EQ(bots::load_tables(second.tables_file)->meta().games_folded, folded_by_hand(all).meta().games_folded);
  auto c = db::open_database(options.db_path);
  const auto versions = db::table_versions(*c);
  ASSERT_EQ(versions->size(), 2U);
  EXPECT_EQ((*versions)[1].base, first.tables_file);
  EXPECT_GT((*versions)[1].watermark, (*versions)[0].watermark);
  // A bot with outer learning reading the folder now gets version 2.
  EXPECT_EQ(*bots::current_tables_file(options.tables_dir), second.tables_file);
}

TEST_F(NightlyFixture, RatingsKeepTheirSumAndTheOptionsChangeTheScores) {
  import(options.db_path, play_series(15, 6, 9, 0));
  auto c = db::open_database(options.db_path);
  ASSERT_TRUE(c);
  const bots::TableSet tables = *bots::load_tables(kBaseTables);
  const WinProbabilityFn p = table_win_probability(tables);
  for (const ChanceOptions& chance : {ChanceOptions{}, ChanceOptions{true, false, 41}, ChanceOptions{false, true, 41},
                                      ChanceOptions{true, true, 41}}) {
    RatingOptions o;
    o.chance = chance;
    const auto ratings = compute_ratings(*c, o, p);
    ASSERT_TRUE(ratings) << ratings.error();
    ASSERT_EQ(ratings->rows.size(), 5U);
    double sum = 0;
    int series_seats = 0;
    for (const db::RatingRow& r : ratings->rows) {
      sum += r.rating;
      series_seats += r.series;
    }
    EXPECT_NEAR(sum, 5 * o.elo.start, 1e-6);
    EXPECT_EQ(series_seats, 18);
    EXPECT_EQ(ratings->history.size(), 18U);
    // Without options the Elo's scores are the Seeger-Fabian totals.
    if (!chance.hand_luck && !chance.high_value)
      for (const db::RatingRow& r : ratings->rows) EXPECT_DOUBLE_EQ(r.elo_score, r.sf_score);
    else
      EXPECT_TRUE(std::ranges::any_of(ratings->rows, [](const db::RatingRow& r) { return r.elo_score != r.sf_score; }));
  }
}

TEST(NightlySchedule, DailyTimesAndTheNextRun) {
  EXPECT_EQ(parse_daily_time("03:30")->hour, 3);
  EXPECT_EQ(parse_daily_time("23:59")->minute, 59);
  for (const char* bad : {"", "3:30", "24:00", "12:60", "ab:cd", "12-30", "12:3x", "012:30"})
    EXPECT_FALSE(parse_daily_time(bad)) << bad;
  using namespace std::chrono;
  const sys_days day = 2026y / 11 / 22;
  // Before today's time: today; at or after it: tomorrow.
  EXPECT_EQ(next_run(day + 2h, {3, 30}), day + 3h + 30min);
  EXPECT_EQ(next_run(day + 3h + 30min, {3, 30}), day + days(1) + 3h + 30min);
  EXPECT_EQ(next_run(day + 23h, {3, 30}), day + days(1) + 3h + 30min);
}

TEST(Ratings, UncertaintyFromRecentResiduals) {
  EXPECT_EQ(rating_uncertainty({}, 0.02, 30), 0);
  EXPECT_EQ(rating_uncertainty({100}, 0.02, 30), 0);
  // Residuals ±100, four of them: sample variance 40000 · 4 / 3, times √4.
  const double u = rating_uncertainty({100, -100, 100, -100}, 0.02, 30);
  EXPECT_NEAR(u, 0.02 * std::sqrt(40000.0 / 3.0) * 2.0, 1e-9);
  // Only the window counts.
  EXPECT_EQ(rating_uncertainty({5000, -5000, 1, 1}, 0.02, 2), 0);
}

}  // namespace
}  // namespace skat::nightly
