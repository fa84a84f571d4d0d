// The analyses of stored games: kept per game with the version that made them, found only for that
// version, replaced by a newer one, refused for a game that is not stored or an empty body, the
// oldest dropped first down to a bound of bytes, and gone with their series.
#include <gtest/gtest.h>

#include "db/game_analyses.h"
#include "tests/db/db_test_support.h"

namespace skat::db {
namespace {

using test::must;

TEST(GameAnalyses, KeptPerGameAndVersion) {
  Connection c = test::memory_db();
  const SeriesId s = test::running_series(c, test::three_players(c), 3);
  test::insert_games(c, s, test::selfplay_series(5, 3));
  const auto games = must(list_games(c, s));
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(must(find_game_analysis(c, games[1].id, 1)), std::nullopt);

  must(save_game_analysis(c, games[1].id, 1, R"({"game":1})"));
  EXPECT_EQ(must(find_game_analysis(c, games[1].id, 1)), R"({"game":1})");
  EXPECT_EQ(must(find_game_analysis(c, games[1].id, 2)), std::nullopt);  // made by another analysis
  EXPECT_EQ(must(find_game_analysis(c, games[0].id, 1)), std::nullopt);  // another game

  // a newer analysis replaces the body
  must(save_game_analysis(c, games[1].id, 2, R"({"game":1,"v":2})"));
  EXPECT_EQ(must(find_game_analysis(c, games[1].id, 2)), R"({"game":1,"v":2})");
  EXPECT_EQ(must(find_game_analysis(c, games[1].id, 1)), std::nullopt);
}

TEST(GameAnalyses, RefusedForNoGameOrNoBody) {
  Connection c = test::memory_db();
  const SeriesId s = test::running_series(c, test::three_players(c), 1);
  test::insert_games(c, s, test::selfplay_series(5, 1));
  const GameId game = must(list_games(c, s)).front().id;
  const auto none = save_game_analysis(c, game + 1, 1, "{}");
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().code, DbErrc::NotFound);
  EXPECT_FALSE(save_game_analysis(c, game, 1, ""));
  EXPECT_FALSE(save_game_analysis(c, game, 0, "{}"));
  EXPECT_EQ(must(find_game_analysis(c, game, 1)), std::nullopt);
}

TEST(GameAnalyses, TheOldestGoFirstDownToABound) {
  Connection c = test::memory_db();
  const SeriesId s = test::running_series(c, test::three_players(c), 4);
  test::insert_games(c, s, test::selfplay_series(5, 4));
  const auto games = must(list_games(c, s));
  ASSERT_EQ(games.size(), 4u);
  const Timestamp t0 = now();
  for (std::size_t i = 0; i < 4; ++i)  // 100 bytes each, the first the oldest
    must(save_game_analysis(c, games[i].id, 1, "[" + std::string(98, '1') + "]",
                            t0 + std::chrono::seconds(static_cast<int>(i))));
  EXPECT_EQ(must(analyses_bytes(c)), 400);
  EXPECT_EQ(must(drop_oldest_analyses(c, 400)), 0);
  EXPECT_EQ(must(drop_oldest_analyses(c, 250)), 2);  // the two newest fit in 250 bytes
  EXPECT_EQ(must(analyses_bytes(c)), 200);
  EXPECT_EQ(must(find_game_analysis(c, games[0].id, 1)), std::nullopt);
  EXPECT_EQ(must(find_game_analysis(c, games[1].id, 1)), std::nullopt);
  EXPECT_TRUE(must(find_game_analysis(c, games[2].id, 1)));
  EXPECT_TRUE(must(find_game_analysis(c, games[3].id, 1)));
  EXPECT_EQ(must(drop_oldest_analyses(c, 0)), 2);
  EXPECT_EQ(must(analyses_bytes(c)), 0);
}

TEST(GameAnalyses, GoWithTheirSeries) {
  Connection c = test::memory_db();
  const SeriesId s = test::running_series(c, test::three_players(c), 1);
  test::insert_games(c, s, test::selfplay_series(5, 1));
  const GameId game = must(list_games(c, s)).front().id;
  must(save_game_analysis(c, game, 1, "{}"));
  must(c.exec("DELETE FROM series WHERE id = " + std::to_string(s)));
  EXPECT_EQ(must(find_game_analysis(c, game, 1)), std::nullopt);
}

}  // namespace
}  // namespace skat::db
