// The Elo update of docs/ratings.md §2: the worked example, the zero-sum property, determinism and
// the CSV reader/writers of `skat elo`.
#include <gtest/gtest.h>

#include <sstream>

#include "cli/elo_csv.h"
#include "engine/elo.h"

namespace skat {
namespace {

TEST(Elo, WorkedExampleOfRatingsMd) {
  const std::array<double, 3> ratings = {1500, 750, 750};
  const std::array<double, 3> scores = {1200, 800, 800};
  const auto expected = elo_expected(ratings, scores);
  EXPECT_DOUBLE_EQ(expected[0], 1400);
  EXPECT_DOUBLE_EQ(expected[1], 700);
  EXPECT_DOUBLE_EQ(expected[2], 700);
  const auto after = elo_update(ratings, scores, 0.02);
  EXPECT_DOUBLE_EQ(after[0], 1496);
  EXPECT_DOUBLE_EQ(after[1], 752);
  EXPECT_DOUBLE_EQ(after[2], 752);
}

TEST(Elo, UpdatesSumToZero) {
  const std::array<std::array<double, 3>, 3> ratings = {{{800, 800, 800}, {1234.5, 650.25, 901}, {90, 3000, 1}}};
  const std::array<std::array<double, 3>, 3> scores = {{{1200, -300, 40}, {0, 0, 0}, {-500, -120, 2000}}};
  for (const auto& r : ratings)
    for (const auto& s : scores) {
      const auto after = elo_update(r, s, 0.02);
      EXPECT_NEAR(after[0] + after[1] + after[2], r[0] + r[1] + r[2], 1e-9);
    }
}

TEST(Elo, NewPlayersStartAtTheStartRating) {
  EloTable table({0.02, 800});
  EXPECT_DOUBLE_EQ(table.rating("nobody"), 800);
  const auto trace = table.apply({"s1", {"a", "b", "c"}, {1200, 800, 800}});
  ASSERT_TRUE(trace);
  EXPECT_DOUBLE_EQ((*trace)[0].rating_before, 800);
  EXPECT_NEAR((*trace)[0].expected, 2800.0 / 3, 1e-9);
  EXPECT_NEAR((*trace)[0].rating, 800 + 0.02 * (1200 - 2800.0 / 3), 1e-9);
  EXPECT_EQ(table.series_played("a"), 1);
}

// The newcomer K falls linearly from its value in a player's first series to K at his n-th; off
// (0) every series updates with K.
TEST(Elo, NewcomerKFallsToK) {
  EloOptions o;
  EXPECT_DOUBLE_EQ(newcomer_k_for(o, 0), 0.02);  // off by default
  o.newcomer_k = 0.1;
  o.newcomer_series = 4;
  EXPECT_DOUBLE_EQ(newcomer_k_for(o, 0), 0.1);
  EXPECT_DOUBLE_EQ(newcomer_k_for(o, 1), 0.08);
  EXPECT_DOUBLE_EQ(newcomer_k_for(o, 2), 0.06);
  EXPECT_DOUBLE_EQ(newcomer_k_for(o, 3), 0.04);
  EXPECT_DOUBLE_EQ(newcomer_k_for(o, 4), 0.02);
  EXPECT_DOUBLE_EQ(newcomer_k_for(o, 50), 0.02);
}

TEST(Elo, ANewcomerMovesByHisOwnK) {
  EloOptions o;
  o.newcomer_k = 0.1;
  o.newcomer_series = 2;
  EloTable table(o);
  // Series 1: three newcomers (K 0.1 each) at 800; expected 2800/3 each.
  ASSERT_TRUE(table.apply({"s1", {"a", "b", "c"}, {1200, 800, 800}}));
  EXPECT_NEAR(table.rating("a"), 800 + 0.1 * (1200 - 2800.0 / 3), 1e-9);
  EXPECT_NEAR(table.rating("b"), 800 + 0.1 * (800 - 2800.0 / 3), 1e-9);
  // Series 2: a and b in their second series (K 0.06), d new (K 0.1).
  const double ra = table.rating("a"), rb = table.rating("b");
  const auto trace = table.apply({"s2", {"a", "b", "d"}, {300, -200, 1000}});
  ASSERT_TRUE(trace);
  const double total_rating = ra + rb + 800, total_score = 1100;
  EXPECT_NEAR(table.rating("a"), ra + 0.06 * (300 - ra * total_score / total_rating), 1e-9);
  EXPECT_NEAR(table.rating("b"), rb + 0.06 * (-200 - rb * total_score / total_rating), 1e-9);
  EXPECT_NEAR(table.rating("d"), 800 + 0.1 * (1000 - 800 * total_score / total_rating), 1e-9);
  // Series 3: a and b past their newcomer series (K 0.02) move as without the option.
  const double ra3 = table.rating("a"), rb3 = table.rating("b"), rc3 = table.rating("c");
  ASSERT_TRUE(table.apply({"s3", {"a", "b", "c"}, {1200, 800, 800}}));
  const auto plain = elo_update({ra3, rb3, rc3}, {1200, 800, 800}, 0.02);
  EXPECT_NEAR(table.rating("a"), plain[0], 1e-9);
  EXPECT_NEAR(table.rating("b"), plain[1], 1e-9);
  // c is in his second series: K 0.06.
  EXPECT_NEAR(table.rating("c"), rc3 + 0.06 * (800 - elo_expected({ra3, rb3, rc3}, {1200, 800, 800})[2]), 1e-9);
}

TEST(Elo, ComputeEloCountsSeriesAndRanksBestFirst) {
  const std::vector<SeriesResult> series = {{"1", {"a", "b", "c"}, {1200, 800, 800}},
                                            {"2", {"a", "b", "d"}, {300, -200, 1000}},
                                            {"3", {"c", "b", "d"}, {0, 0, 0}}};
  const auto result = compute_elo(series);
  ASSERT_TRUE(result);
  ASSERT_EQ(result->traces.size(), 3u);
  ASSERT_EQ(result->ranking.size(), 4u);
  for (std::size_t i = 1; i < result->ranking.size(); ++i)
    EXPECT_GE(result->ranking[i - 1].rating, result->ranking[i].rating);
  double total = 0;
  for (const auto& p : result->ranking) {
    total += p.rating;
    EXPECT_EQ(p.series, p.player == "b" ? 3 : 2) << p.player;
  }
  EXPECT_NEAR(total, 4 * 800.0, 1e-9);
  // Deterministic: the same series in the same order give the same ratings.
  const auto again = compute_elo(series);
  ASSERT_TRUE(again);
  for (std::size_t i = 0; i < result->ranking.size(); ++i) {
    EXPECT_EQ(again->ranking[i].player, result->ranking[i].player);
    EXPECT_EQ(again->ranking[i].rating, result->ranking[i].rating);
  }
}

TEST(Elo, RejectsAPlayerTwiceInOneSeries) {
  const std::vector<SeriesResult> series = {{"x", {"a", "b", "a"}, {1, 2, 3}}};
  const auto result = compute_elo(series);
  ASSERT_FALSE(result);
  EXPECT_NE(result.error().find("series x"), std::string::npos);
}

// "Including Start ELO" with n = 2, worked by hand: a player's first two series leave him at the
// start rating 800 (for everybody's expectation), then he takes the mean of their two scores.
TEST(Elo, StartFromSeriesTakesTheMeanOfTheFirstSeries) {
  EloOptions options;
  options.start_series = 2;
  EloTable table(options);
  // Series 1: all three enter; E = 800 each, nobody moves.
  auto t1 = table.apply({"1", {"a", "b", "c"}, {1200, 800, 400}});
  ASSERT_TRUE(t1);
  for (const auto& e : *t1) {
    EXPECT_DOUBLE_EQ(e.rating_before, 800);
    EXPECT_DOUBLE_EQ(e.expected, 800);
    EXPECT_DOUBLE_EQ(e.rating, 800);
  }
  // Series 2: a's and b's second series, d's first; E = 1800 · 800 / 2400 = 600 each.
  auto t2 = table.apply({"2", {"a", "b", "d"}, {600, 900, 300}});
  ASSERT_TRUE(t2);
  EXPECT_DOUBLE_EQ((*t2)[0].expected, 600);
  EXPECT_DOUBLE_EQ((*t2)[0].rating, (1200 + 600) / 2.0);  // 900
  EXPECT_DOUBLE_EQ((*t2)[1].rating, (800 + 900) / 2.0);   // 850
  EXPECT_DOUBLE_EQ((*t2)[2].rating, 800);                 // d: one entry series so far
  // Series 3: R = (900, 850, 800), S = 2550, so E = (900, 850, 800); a and b are updated as usual,
  // d's second series gives him (300 + 600) / 2.
  auto t3 = table.apply({"3", {"a", "b", "d"}, {1100, 850, 600}});
  ASSERT_TRUE(t3);
  EXPECT_DOUBLE_EQ((*t3)[0].expected, 900);
  EXPECT_DOUBLE_EQ((*t3)[1].expected, 850);
  EXPECT_DOUBLE_EQ((*t3)[2].expected, 800);
  EXPECT_DOUBLE_EQ(table.rating("a"), 900 + 0.02 * (1100 - 900));  // 904
  EXPECT_DOUBLE_EQ(table.rating("b"), 850);
  EXPECT_DOUBLE_EQ(table.rating("d"), 450);
  EXPECT_DOUBLE_EQ(table.rating("c"), 800);  // one series of two: still the start
  EXPECT_EQ(table.series_played("c"), 1);
  // Not zero-sum: 904 + 850 + 800 + 450 = 3004, not 4 · 800.
  double total = 0;
  for (const auto& p : table.ranking()) total += p.rating;
  EXPECT_DOUBLE_EQ(total, 3004);
}

TEST(Elo, StartFromOneSeriesIsItsScoreButNeverBelowZero) {
  EloOptions options;
  options.start_series = 1;
  const std::vector<SeriesResult> series = {{"1", {"a", "b", "c"}, {1500, 740, -300}},
                                            {"2", {"a", "b", "d"}, {1200, 800, 800}}};
  const auto result = compute_elo(series, options);
  ASSERT_TRUE(result);
  const auto& t = result->traces;
  EXPECT_DOUBLE_EQ(t[0][0].rating, 1500);
  EXPECT_DOUBLE_EQ(t[0][1].rating, 740);
  EXPECT_DOUBLE_EQ(t[0][2].rating, 0);  // the mean −300 is floored at 0
  // Series 2: R = (1500, 740, 800 for d's entry), S = 2800, R = 3040.
  EXPECT_DOUBLE_EQ(t[1][0].expected, 1500 * 2800 / 3040.0);
  EXPECT_DOUBLE_EQ(t[1][0].rating, 1500 + 0.02 * (1200 - 1500 * 2800 / 3040.0));
  EXPECT_DOUBLE_EQ(t[1][1].rating, 740 + 0.02 * (800 - 740 * 2800 / 3040.0));
  EXPECT_DOUBLE_EQ(t[1][2].rating, 800);  // d's own score
  // Off (0): the fixed start, and the worked example of ratings.md holds as before.
  EloOptions off;
  EXPECT_EQ(off.start_series, 0);
  const auto plain = compute_elo(series, off);
  ASSERT_TRUE(plain);
  EXPECT_DOUBLE_EQ(plain->traces[0][0].rating, 800 + 0.02 * (1500 - 1940 / 3.0));
}

TEST(EloCsv, ReadsWithAndWithoutHeaderAndQuotes) {
  std::istringstream in(
      "series,player1,player2,player3,score1,score2,score3\r\n1,a,\"b,c\",d,12.5,-3,0\n\n2,a,b,d,1,2,3\n");
  const auto series = cli::read_series_csv(in);
  ASSERT_TRUE(series) << series.error();
  ASSERT_EQ(series->size(), 2u);
  EXPECT_EQ((*series)[0].players[1], "b,c");
  EXPECT_DOUBLE_EQ((*series)[0].scores[0], 12.5);
  EXPECT_DOUBLE_EQ((*series)[0].scores[1], -3);
  std::istringstream no_header("1,a,b,c,1,2,3\n");
  EXPECT_TRUE(cli::read_series_csv(no_header));
}

TEST(EloCsv, ReportsBadLines) {
  std::istringstream few("series,player1,player2,player3,score1,score2,score3\n1,a,b,c,1,2\n");
  const auto r1 = cli::read_series_csv(few);
  ASSERT_FALSE(r1);
  EXPECT_NE(r1.error().find("line 2"), std::string::npos);
  std::istringstream bad_score("1,a,b,c,1,zwei,3\n");
  EXPECT_FALSE(cli::read_series_csv(bad_score));
}

TEST(EloCsv, WritesRankingAndTraceWithTwoDecimals) {
  const std::vector<SeriesResult> series = {{"1", {"a", "b", "c"}, {1200, 800, 800}}};
  const auto result = compute_elo(series);
  ASSERT_TRUE(result);
  std::ostringstream ranking;
  cli::write_ranking_csv(ranking, result->ranking);
  EXPECT_EQ(ranking.str(), "player,rating,series\na,805.33,1\nb,797.33,1\nc,797.33,1\n");
  std::ostringstream trace;
  cli::write_trace_csv(trace, series, result->traces);
  EXPECT_EQ(trace.str(),
            "series,player,score,expected,rating\n1,a,1200,933.33,805.33\n1,b,800,933.33,797.33\n"
            "1,c,800,933.33,797.33\n");
}

}  // namespace
}  // namespace skat
