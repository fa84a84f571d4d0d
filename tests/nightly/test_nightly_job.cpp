// The nightly job on temporary databases of imported self-play series: the new table version
// holds exactly the counts of folding those games onto the base tables; a second run changes
// nothing; a run stopped after writing the table file (a kill before the database knew of it)
// is completed by the next one without counting a game twice; later games make the next version
// on top of the last; the ratings sum to the start ratings whatever the correction options, and
// the options change the scores; the snapshot says which corrections it used (hand luck by
// default); the mean game value from the games and the start rating from the first series,
// worked by hand on game lines written for the purpose; with an inference folder, the positions of
// the folded games as training data of the learned inference.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "bots/bot_factory.h"
#include "bots/inference/position_data.h"
#include "bots/tables/fold.h"
#include "bots/tables/game_samples.h"
#include "bots/tables/table_files.h"
#include "cli/command.h"
#include "cli/selfplay.h"
#include "db/games.h"
#include "db/import.h"
#include "db/migrations.h"
#include "db/nightly.h"
#include "db/players.h"
#include "db/series.h"
#include "engine/deal.h"
#include "nightly/nightly_job.h"
#include "nightly/nightly_schedule.h"
#include "tests/nightly/nightly_test_support.h"

namespace skat::nightly {
namespace {

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

TEST_F(NightlyFixture, WritesTheFoldedGamesPositionsAsInferenceData) {
  const auto series = play_series(16, 2, 6, 0);
  import(options.db_path, series);
  options.inference_dir = (std::filesystem::path(options.tables_dir).parent_path() / "inference").string();
  const NightlySummary first = run();
  ASSERT_FALSE(first.inference_file.empty());
  std::ifstream in(first.inference_file, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto positions = bots::inference::read_positions(bytes);
  ASSERT_TRUE(positions) << positions.error();
  std::size_t expected = 0;
  for (const PgnSeries& s : series)
    for (const PgnGame& g : s.games)
      if (!bots::is_passed_deal(g)) expected += bots::inference::game_positions(g, 1.0F)->size();
  EXPECT_GT(expected, 0U);
  EXPECT_EQ(positions->size(), expected);
  EXPECT_EQ(first.inference_positions, static_cast<std::int64_t>(expected));
  EXPECT_NE(first.inference_file.find("positions-v000001.bin"), std::string::npos);
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

// Two nodes drawing game ids from one sequence do not commit in id order among them (each node's
// single writer does): node "a"'s game 5 may commit after node "b"'s game 6. A run in between sees
// a's games up to 3 and b's up to 6; the next run folds a's game 5, once, because each node keeps
// its own watermark (one watermark for all, at 6, would pass over it for ever). The late commit
// is played by holding the row back and inserting it again.
TEST_F(NightlyFixture, EachNodesGamesAreFoldedOnceWhateverTheOrderOfCommits) {
  const PgnSeries series = play_series(17, 1, 6, 0).front();
  {
    auto c = db::open_database(options.db_path).value();
    std::array<db::PlayerId, 3> seats{};
    for (int i = 0; i < 3; ++i)
      seats[static_cast<std::size_t>(i)] =
          db::create_player(c, "N" + std::to_string(i), db::PlayerKind::Bot).value().id;
    db::NewSeries n;
    n.event = "Nodes";
    n.deals = 6;
    n.seats = seats;
    const db::SeriesId id = db::create_series(c, n).value().id;
    for (std::size_t g = 0; g < series.games.size(); ++g) {
      db::GameRecord record = db::game_record_from(id, series.games[g]);
      record.node = g % 2 == 0 ? "a" : "b";  // ids 1..6: a 1 3 5, b 2 4 6
      ASSERT_TRUE(db::insert_game(c, record));
    }
    ASSERT_TRUE(c.exec("CREATE TABLE held AS SELECT * FROM games WHERE id = 5"));
    ASSERT_TRUE(c.exec("DELETE FROM games WHERE id = 5"));  // not yet committed when the job runs
  }
  const NightlySummary first = run();
  EXPECT_EQ(first.games_seen, 5);
  {
    auto c = db::open_database(options.db_path).value();
    const auto version = db::latest_table_version(c).value();
    ASSERT_TRUE(version);
    EXPECT_EQ(version->watermark, 6);
    EXPECT_EQ(version->watermarks, (std::map<std::string, db::GameId>{{"a", 3}, {"b", 6}}));
    ASSERT_TRUE(c.exec("INSERT INTO games SELECT * FROM held"));  // game 5 of node a commits now
  }
  const NightlySummary second = run();
  EXPECT_EQ(second.games_seen, 1);
  EXPECT_EQ(second.table_version, 2);
  EXPECT_EQ(bots::load_tables(second.tables_file)->meta().games_folded, folded_by_hand({series}).meta().games_folded);
  EXPECT_EQ(run().games_seen, 0);  // nothing twice
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

TEST_F(NightlyFixture, TheSnapshotIsCorrectedForHandLuckByDefaultAndSaysSo) {
  import(options.db_path, play_series(16, 3, 9, 0));
  const NightlySummary first = run();
  ASSERT_TRUE(first.new_snapshot);
  auto c = db::open_database(options.db_path);
  ASSERT_TRUE(c);
  const auto read_options = [&] {
    const auto snapshot = db::latest_snapshot(*c);
    EXPECT_TRUE(snapshot && *snapshot);
    return nlohmann::json::parse((*snapshot)->options);
  };
  const auto rows = [&] {
    const auto snapshot = db::latest_snapshot(*c);
    return *db::snapshot_ratings(*c, (*snapshot)->id);
  };
  nlohmann::json o = read_options();
  EXPECT_EQ(o["hand_luck"], true);
  EXPECT_EQ(o["high_value"], false);
  EXPECT_EQ(o["mean_value"], 41.0);
  EXPECT_EQ(o["mean_value_source"], "fixed");
  EXPECT_FALSE(o.contains("mean_value_games"));
  EXPECT_EQ(o["start_series"], 0);
  EXPECT_EQ(o["k"], 0.02);
  EXPECT_EQ(o["start"], 800.0);
  EXPECT_TRUE(std::ranges::any_of(rows(), [](const db::RatingRow& r) { return r.elo_score != r.sf_score; }));

  // Turned off: a new snapshot (the options differ) whose Elo scores are the plain Seeger-Fabian ones.
  options.ratings.chance.hand_luck = false;
  EXPECT_TRUE(run().new_snapshot);
  o = read_options();
  EXPECT_EQ(o["hand_luck"], false);
  for (const db::RatingRow& r : rows()) EXPECT_DOUBLE_EQ(r.elo_score, r.sf_score);
  EXPECT_FALSE(run().new_snapshot);

  // The other options land in the snapshot too.
  options.ratings.chance.high_value = true;
  options.ratings.mean_from_games = true;
  options.ratings.elo.start_series = 3;
  EXPECT_TRUE(run().new_snapshot);
  o = read_options();
  EXPECT_EQ(o["high_value"], true);
  EXPECT_EQ(o["mean_value_source"], "games");
  EXPECT_GT(o["mean_value_games"].get<int>(), 0);
  EXPECT_GT(o["mean_value"].get<double>(), 18);
  EXPECT_EQ(o["start_series"], 3);
}

TEST(NightlyOptions, TheCommandLineCorrectsForHandLuckUnlessTurnedOff) {
  const auto parse = [](std::vector<std::string> args) {
    CLI::App app;
    NightlyOptions o;
    cli::add_nightly_options(app, o);
    std::ranges::reverse(args);  // CLI11 takes them last first
    app.parse(args);
    return o;
  };
  const NightlyOptions defaults = parse({});
  EXPECT_TRUE(defaults.ratings.chance.hand_luck);
  EXPECT_FALSE(defaults.ratings.chance.high_value);
  EXPECT_FALSE(defaults.ratings.mean_from_games);
  EXPECT_EQ(defaults.ratings.chance.mean_value, 41);
  EXPECT_EQ(defaults.ratings.elo.start_series, 0);
  EXPECT_FALSE(parse({"--no-hand-luck"}).ratings.chance.hand_luck);
  EXPECT_TRUE(parse({"--hand-luck"}).ratings.chance.hand_luck);  // still accepted
  const NightlyOptions all = parse({"--high-value", "--mean-from-games", "--start-from-series", "5"});
  EXPECT_TRUE(all.ratings.chance.high_value);
  EXPECT_TRUE(all.ratings.mean_from_games);
  EXPECT_EQ(all.ratings.elo.start_series, 5);
  EXPECT_EQ(parse({"--mean-value", "38.5"}).ratings.chance.mean_value, 38.5);
  // An explicit mean and the mean of the games exclude each other.
  EXPECT_THROW(parse({"--mean-value", "40", "--mean-from-games"}), CLI::ExcludesError);
  EXPECT_THROW(parse({"--start-from-series", "-1"}), CLI::ValidationError);
}

// Game lines written by hand (the cards, those of deal 0, and the tricks, none, do not matter to
// the scores): the game code, the declarer's position, matadors level, won.
PgnGame dealt(int id) {
  PgnGame g;
  g.id = id;
  const Deal deal = *deal_from_id(0);
  g.hands = deal.hands;
  CardSet skat = deal.skat;
  g.skat = {skat.pop_first(), skat.pop_first()};
  g.skat_put = g.skat;
  return g;
}
std::string line(int id, int game, int declarer, int level, bool won) {
  PgnGame g = dealt(id);
  g.game = game;
  g.declarer = declarer;
  g.bids[static_cast<std::size_t>(declarer)] = 18;
  g.level = level;
  g.won = won;
  g.eyes = won ? 70 : 40;
  return write_pgn_game(g);
}
std::string passed_line(int id) {
  PgnGame g = dealt(id);
  g.game = kPgnFolded;
  g.folded = true;
  return write_pgn_game(g);
}

// Series 1 (players 1, 2, 3): game 1 a grand with 1 won by position 0 = seat 1 (value 48); game 2
// clubs with 2 lost by position 1 = seat 0 (value 36, list −72); game 3 passed. Series 2 (players
// 1, 2, 4): game 1 a null won by position 2 = seat 0 (value 23). The declared games' values:
// 48, 36, 23, mean 107 / 3.
std::vector<db::SeriesGames> hand_series() {
  db::SeriesGames one;
  one.id = 1;
  one.seats = {1, 2, 3};
  one.games = {line(1, 4, 0, 1, true), line(2, 0, 1, 2, false), passed_line(3)};
  db::SeriesGames two;
  two.id = 2;
  two.seats = {1, 2, 4};
  two.games = {line(1, kPgnNull, 2, 0, true)};
  return {one, two};
}

TEST(Ratings, TheHandWrittenGamesReadAsIntended) {
  const auto series = hand_series();
  std::vector<ListGame> list;
  for (const auto& s : series)
    for (const auto& l : s.games) {
      const auto g = read_pgn_game(l, 0);
      ASSERT_TRUE(g) << l;
      list.push_back(pgn_list_game(*g));
    }
  ASSERT_EQ(list.size(), 4U);
  EXPECT_EQ(list[0].declarer, 1);
  EXPECT_EQ(list[0].list_entry, 48);
  EXPECT_EQ(list[1].declarer, 0);
  EXPECT_EQ(list[1].list_entry, -72);
  EXPECT_TRUE(list[2].folded);
  EXPECT_EQ(list[3].declarer, 0);
  EXPECT_EQ(list[3].list_entry, 23);
}

std::map<db::PlayerId, db::RatingRow> by_player(const Ratings& r) {
  std::map<db::PlayerId, db::RatingRow> out;
  for (const auto& row : r.rows) out[row.player_id] = row;
  return out;
}

// A series where one account held two seats (a player's bot at a tournament's 2:1 table) plays
// itself: it is left out of the Elo, and the others are rated as without it.
TEST(Ratings, ASeriesWithOnePlayerAtTwoSeatsIsNotRated) {
  auto series = hand_series();
  const auto without = compute_ratings(series, RatingOptions{});
  ASSERT_TRUE(without) << without.error();
  auto twice = series.front();
  twice.id = 9999;
  twice.seats = {7, 7, 8};
  series.push_back(twice);
  const auto with = compute_ratings(series, RatingOptions{});
  ASSERT_TRUE(with) << with.error();
  EXPECT_EQ(with->series_count, without->series_count);
  const auto rows = by_player(*with);
  EXPECT_FALSE(rows.contains(7));
  EXPECT_FALSE(rows.contains(8));
}

TEST(Ratings, TheMeanGameValueFromTheDeclaredGames) {
  const auto series = hand_series();
  const auto mean = mean_game_value(series);
  ASSERT_TRUE(mean);
  EXPECT_DOUBLE_EQ(mean->mean, 107.0 / 3);
  EXPECT_EQ(mean->games, 3);
  EXPECT_FALSE(mean_game_value(std::span<const db::SeriesGames>{}));

  // High value with the games' mean m (hand luck off): player 1 loses the clubs game
  // (−2m − 50) and wins the null (m + 50): −m; player 2 wins the grand and defends: m + 50 + 40.
  RatingOptions o;
  o.chance = {.hand_luck = false, .high_value = true, .mean_value = 41};
  o.mean_from_games = true;
  const auto r = compute_ratings(series, o);
  ASSERT_TRUE(r) << r.error();
  const double m = 107.0 / 3;
  EXPECT_DOUBLE_EQ(r->mean_value, m);
  EXPECT_EQ(r->mean_value_games, 3);
  auto rows = by_player(*r);
  EXPECT_DOUBLE_EQ(rows[1].elo_score, -m);
  EXPECT_DOUBLE_EQ(rows[2].elo_score, m + 90);
  EXPECT_DOUBLE_EQ(rows[3].elo_score, 40);
  EXPECT_DOUBLE_EQ(rows[4].elo_score, 0);
  EXPECT_EQ(rows[1].sf_score, -72 - 50 + 23 + 50);  // the plain totals stay
  const auto json = nlohmann::json::parse(options_json(o, *r));
  EXPECT_DOUBLE_EQ(json["mean_value"].get<double>(), m);
  EXPECT_EQ(json["mean_value_source"], "games");
  EXPECT_EQ(json["mean_value_games"], 3);

  // An explicit mean: used as given, and recorded as fixed.
  o.mean_from_games = false;
  o.chance.mean_value = 40;
  const auto fixed = compute_ratings(series, o);
  ASSERT_TRUE(fixed);
  EXPECT_EQ(fixed->mean_value, 40);
  EXPECT_EQ(fixed->mean_value_games, 0);
  EXPECT_DOUBLE_EQ(by_player(*fixed)[2].elo_score, 130);
  EXPECT_EQ(nlohmann::json::parse(options_json(o, *fixed))["mean_value_source"], "fixed");

  // No declared game at all: the configured mean stands.
  o.mean_from_games = true;
  std::vector<db::SeriesGames> passed = {series[0]};
  passed[0].games = {passed_line(1)};
  const auto none = compute_ratings(passed, o);
  ASSERT_TRUE(none);
  EXPECT_EQ(none->mean_value, 40);
  EXPECT_EQ(none->mean_value_games, 0);
}

TEST(Ratings, HandLuckByDefaultDividesEachValueByQ) {
  const auto series = hand_series();
  // p = 0.5 for every game: q = 0.5 / np.
  const WinProbabilityFn half = [](const PgnGame&) { return std::optional<double>(0.5); };
  const RatingOptions o;  // the leaderboard's default
  ASSERT_TRUE(o.chance.hand_luck);
  const auto r = compute_ratings(series, o, half);
  ASSERT_TRUE(r);
  auto rows = by_player(*r);
  const double grand = 48 / (0.5 / 0.934), clubs = 36 / (0.5 / 0.804), null = 23 / (0.5 / 0.62);
  EXPECT_NEAR(rows[1].elo_score, -2 * clubs - 50 + null + 50, 1e-9);
  EXPECT_NEAR(rows[2].elo_score, grand + 50 + 40, 1e-9);
  EXPECT_NEAR(rows[3].elo_score, 40, 1e-9);
  // With high value and the games' mean too: m / q.
  RatingOptions both;
  both.chance.high_value = true;
  both.mean_from_games = true;
  const auto b = compute_ratings(series, both, half);
  ASSERT_TRUE(b);
  const double m = 107.0 / 3;
  EXPECT_NEAR(by_player(*b)[2].elo_score, m * 0.934 / 0.5 + 90, 1e-9);
}

TEST(Ratings, StartFromTheFirstSeries) {
  // n = 1, hand luck off: after his first series a player's rating is that series' score
  // (never below 0); series 1 scores: player 1 −72 − 50 = −122, player 2 48 + 50 + 40 = 138,
  // player 3 40.
  RatingOptions o;
  o.chance.hand_luck = false;
  o.elo.start_series = 1;
  const auto r = compute_ratings(hand_series(), o);
  ASSERT_TRUE(r);
  ASSERT_EQ(r->history.size(), 6U);
  EXPECT_DOUBLE_EQ(r->history[0].rating, 0);  // player 1: −122 floored
  EXPECT_DOUBLE_EQ(r->history[1].rating, 138);
  EXPECT_DOUBLE_EQ(r->history[2].rating, 40);
  // Series 2: R = (0, 138, 800 for player 4's entry), S = (73, 0, 0): player 1 and 2 move as usual,
  // player 4 takes his score 0.
  auto rows = by_player(*r);
  EXPECT_DOUBLE_EQ(rows[1].rating, 0 + 0.02 * 73);
  EXPECT_DOUBLE_EQ(rows[2].rating, 138 + 0.02 * (0 - 138 * 73 / 938.0));
  EXPECT_DOUBLE_EQ(rows[3].rating, 40);
  EXPECT_DOUBLE_EQ(rows[4].rating, 0);
  EXPECT_EQ(nlohmann::json::parse(options_json(o, *r))["start_series"], 1);
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
