// The Elo update of docs/ratings.md §2: the worked example, the zero-sum property, determinism and
// the CSV reader/writers of `skat elo`.
#include <gtest/gtest.h>

#include <sstream>

#include "engine/elo.h"
#include "server/cli/elo_csv.h"

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
