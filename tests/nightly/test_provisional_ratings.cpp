// Provisional ratings (docs/ratings.md §6): rating each series as it finishes, on top of the newest
// snapshot and the provisional rows since, gives the ratings the nightly job then computes from
// scratch (with and without a snapshot, with the start-from-first-series option; with hand luck
// judged by the same tables); a second call
// for the same series changes nothing; the next snapshot supersedes the rows of the series it
// rated, and the leaderboard's reader returns each player's newest row.
#include <gtest/gtest.h>

#include <map>

#include "bots/tables/table_files.h"
#include "db/nightly.h"
#include "db/provisional_ratings.h"
#include "nightly/provisional_ratings.h"
#include "tests/nightly/nightly_test_support.h"

namespace skat::nightly {
namespace {

// The finished series of the database in the order the nightly job rates them.
std::vector<db::SeriesId> finished_in_order(db::Connection& c) {
  std::vector<db::SeriesId> ids;
  EXPECT_TRUE(db::for_each_finished_series(c, [&](const db::SeriesGames& s) { return ids.push_back(s.id), true; }));
  return ids;
}

void expect_same_figures(const std::vector<db::RatingRow>& provisional, const std::vector<db::RatingRow>& official) {
  std::map<db::PlayerId, db::RatingRow> by_player;
  for (const db::RatingRow& r : provisional) by_player[r.player_id] = r;
  ASSERT_EQ(by_player.size(), official.size());
  for (const db::RatingRow& o : official) {
    SCOPED_TRACE("player " + std::to_string(o.player_id));
    ASSERT_TRUE(by_player.contains(o.player_id));
    const db::RatingRow& p = by_player[o.player_id];
    EXPECT_NEAR(p.rating, o.rating, 1e-6);
    EXPECT_EQ(p.series, o.series);
    EXPECT_EQ(p.deals, o.deals);
    EXPECT_EQ(p.sf_score, o.sf_score);
    EXPECT_NEAR(p.elo_score, o.elo_score, 1e-6);
    EXPECT_EQ(p.won, o.won);
    EXPECT_EQ(p.lost, o.lost);
  }
}

TEST_F(NightlyFixture, SeriesBySeriesFromNothingGivesTheNightlyRatings) {
  import(options.db_path, play_series(31, 6, 6, 0));
  auto c = db::open_database(options.db_path);
  ASSERT_TRUE(c);
  const bots::TableSet tables = *bots::load_tables(kBaseTables);
  const WinProbabilityFn p = table_win_probability(tables);
  for (db::SeriesId id : finished_in_order(*c)) {
    const auto rows = rate_series_provisionally(*c, id, options.ratings, p);
    ASSERT_TRUE(rows) << rows.error();
    EXPECT_EQ(rows->size(), 3U);
    const auto again = rate_series_provisionally(*c, id, options.ratings, p);
    ASSERT_TRUE(again);
    EXPECT_TRUE(again->empty()) << "series " << id << " was rated twice";
  }
  const auto official = compute_ratings(*c, options.ratings, p);
  ASSERT_TRUE(official) << official.error();
  expect_same_figures(*db::provisional_ratings(*c), official->rows);
  // not finished (or unknown): nothing to rate
  const auto unknown = rate_series_provisionally(*c, 999, options.ratings, p);
  ASSERT_TRUE(unknown);
  EXPECT_TRUE(unknown->empty());
}

TEST_F(NightlyFixture, OnTopOfTheSnapshotWithItsOptionsUntilTheNextSupersedesThem) {
  options.ratings.elo.start_series = 2;  // entry series: the snapshot's options are the ones applied
  // Hand luck is judged with the tables at hand (the nightly job folds first and uses the newest
  // version, the server its strength tables): off here, the figures must agree exactly.
  options.ratings.chance.hand_luck = false;
  import(options.db_path, play_series(32, 4, 6, 0));
  ASSERT_TRUE(run().new_snapshot);
  auto c = db::open_database(options.db_path);
  ASSERT_TRUE(c);
  const auto rated = finished_in_order(*c);
  import(options.db_path, play_series(33, 4, 6, 2));
  const bots::TableSet tables = *bots::load_tables(kBaseTables);
  const WinProbabilityFn p = table_win_probability(tables);
  std::vector<db::SeriesId> later;
  for (db::SeriesId id : finished_in_order(*c))
    if (std::ranges::find(rated, id) == rated.end()) later.push_back(id);
  ASSERT_EQ(later.size(), 4U);
  for (db::SeriesId id : later) {
    // the defaults given here differ from the snapshot's options, which win
    ASSERT_TRUE(rate_series_provisionally(*c, id, RatingOptions{}, p));
  }
  const auto official = compute_ratings(*c, options.ratings, p);
  ASSERT_TRUE(official);
  // players of the later series carry their provisional figures; the others keep the snapshot's
  const auto provisional = *db::provisional_ratings(*c);
  std::vector<db::RatingRow> newest = provisional;
  const auto snapshot = *db::latest_snapshot(*c);
  const auto snapshot_rows = *db::snapshot_ratings(*c, snapshot->id);
  for (const db::RatingRow& r : snapshot_rows)
    if (std::ranges::none_of(provisional, [&](const db::RatingRow& x) { return x.player_id == r.player_id; }))
      newest.push_back(r);
  expect_same_figures(newest, official->rows);
  EXPECT_EQ(db::provisional_history(*c, provisional.front().player_id)->size(),
            static_cast<std::size_t>(std::ranges::count_if(later, [&](db::SeriesId id) {
              auto games = db::finished_series_games(*c, id);
              return std::ranges::count((*games)->seats, provisional.front().player_id) > 0;
            })));

  // The nightly job's next snapshot rates them all and supersedes every provisional row.
  ASSERT_TRUE(run().new_snapshot);
  EXPECT_TRUE(db::provisional_ratings(*c)->empty());
}

// A game a substitute bot played in (games.replaced: a person left the series) is rated for no one,
// a series of only such games not at all: the nightly job rates exactly the other games, and the
// rating right after each series agrees with it (docs/ratings.md §7).
TEST_F(NightlyFixture, GamesASubstitutePlayedInAreRatedForNoOne) {
  options.ratings.chance.hand_luck = false;
  import(options.db_path, play_series(34, 4, 6, 0));
  auto c = db::open_database(options.db_path);
  ASSERT_TRUE(c);
  const auto ids = finished_in_order(*c);
  ASSERT_EQ(ids.size(), 4U);
  const std::string first = std::to_string(ids[0]);
  ASSERT_TRUE(c->exec("UPDATE games SET replaced = 1 WHERE series_id = " + first + " AND idx IN (1, 4)"));
  ASSERT_TRUE(c->exec("UPDATE games SET replaced = 4 WHERE series_id = " + std::to_string(ids[2])));

  // what the ratings must be: the same series without those games, and without the third series
  std::vector<db::SeriesGames> all;
  ASSERT_TRUE(db::for_each_finished_series(*c, [&](const db::SeriesGames& s) { return all.push_back(s), true; }));
  ASSERT_EQ(all[0].substituted, (std::vector<bool>{false, true, false, false, true, false}));
  std::vector<db::SeriesGames> without;
  for (const db::SeriesGames& s : all) {
    db::SeriesGames kept{s.id, s.finished_at, s.seats, {}, {}};
    for (std::size_t i = 0; i < s.games.size(); ++i)
      if (!s.substituted[i]) kept.games.push_back(s.games[i]);
    if (!kept.games.empty()) without.push_back(kept);
  }
  ASSERT_EQ(without.size(), 3U);
  const auto official = compute_ratings(*c, options.ratings);
  ASSERT_TRUE(official) << official.error();
  const auto expected = compute_ratings(without, options.ratings);
  ASSERT_TRUE(expected);
  EXPECT_EQ(official->series_count, 3);
  expect_same_figures(official->rows, expected->rows);
  int deals = 0;
  for (const db::RatingRow& r : official->rows) deals += r.deals;
  EXPECT_EQ(deals, 3 * (4 + 6 + 6));  // 24 games, 2 + 6 of them substituted, 3 seats each

  // live, series by series: the same figures; the substitutes' series is not rated at all
  for (db::SeriesId id : ids) {
    const auto rows = rate_series_provisionally(*c, id, options.ratings, {});
    ASSERT_TRUE(rows) << rows.error();
    EXPECT_EQ(rows->size(), id == ids[2] ? 0U : 3U);
  }
  expect_same_figures(*db::provisional_ratings(*c), official->rows);
}

}  // namespace
}  // namespace skat::nightly
