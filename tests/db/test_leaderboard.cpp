// Leaderboard numbers for a small known set of series: sums over finished series only, the
// per-36-deals average, the order, the humans / bots filter, bots' program names and owners, and
// the series of tournaments that count for no one (unrated, or sealed while they run).
#include <gtest/gtest.h>

#include <map>

#include "db/accounts.h"
#include "db/games.h"
#include "db/leaderboard.h"
#include "db/nightly.h"
#include "db/player_stats.h"
#include "db/series.h"
#include "db/tournaments.h"
#include "tests/db/db_test_support.h"

namespace skat::db {
namespace {

using test::must;

// A series with `games` stored games (their content does not matter here) ended with `result`.
SeriesId finished_series(Connection& c, const std::array<PlayerId, 3>& seats, int games,
                         const std::array<PgnSeatResult, 3>& result) {
  const SeriesId s = test::running_series(c, seats, games);
  test::insert_games(c, s, test::selfplay_series(static_cast<std::uint64_t>(seats[0] * 31 + games), games));
  must(finish_series(c, s, "pgn", result));
  return s;
}

class Leaderboard : public testing::Test {
 protected:
  void SetUp() override {
    a_ = must(create_player(c_, "Anna", PlayerKind::Human)).id;
    b_ = must(create_player(c_, "Ben", PlayerKind::Human)).id;
    g_ = must(create_guest(c_, "Guest 5")).id;
    k_ = must(create_bot(c_, "Kermit", "simple")).account.player_id;
    finished_series(c_, {a_, b_, k_}, 3, {{{100, 2, 0}, {-20, 0, 1}, {40, 1, 0}}});
    finished_series(c_, {k_, a_, g_}, 6, {{{200, 3, 1}, {-50, 0, 2}, {10, 1, 1}}});
    // Neither an aborted nor a running series counts.
    const SeriesId aborted = test::running_series(c_, {a_, b_, g_});
    test::insert_games(c_, aborted, test::selfplay_series(77, 4));
    must(abort_series(c_, aborted));
    test::running_series(c_, {b_, g_, k_});
  }

  Connection c_ = test::memory_db();
  PlayerId a_ = 0, b_ = 0, g_ = 0, k_ = 0;
};

TEST_F(Leaderboard, KnownNumbers) {
  const auto rows = must(leaderboard(c_));
  ASSERT_EQ(rows.size(), 4u);
  // Kermit: 240 over 9 deals → 960 per 36; Anna: 50 over 9 → 200; Guest: 10 over 6 → 60;
  // Ben: −20 over 3 → −240.
  const LeaderboardRow kermit{k_, "Kermit", PlayerKind::Bot, "simple", std::nullopt, "", 2, 9, 5, 4, 1, 240, 960.0};
  const LeaderboardRow anna{a_, "Anna", PlayerKind::Human, "", std::nullopt, "", 2, 9, 4, 2, 2, 50, 200.0};
  const LeaderboardRow guest{g_, "Guest 5", PlayerKind::Guest, "", std::nullopt, "", 1, 6, 2, 1, 1, 10, 60.0};
  const LeaderboardRow ben{b_, "Ben", PlayerKind::Human, "", std::nullopt, "", 1, 3, 1, 0, 1, -20, -240.0};
  EXPECT_EQ(rows, (std::vector<LeaderboardRow>{kermit, anna, guest, ben}));
}

TEST_F(Leaderboard, HumansAndBots) {
  std::vector<std::string> humans;
  for (const auto& r : must(leaderboard(c_, PlayerGroup::Humans))) humans.push_back(r.name);
  EXPECT_EQ(humans, (std::vector<std::string>{"Anna", "Guest 5", "Ben"}));
  const auto bots = must(leaderboard(c_, PlayerGroup::Bots));
  ASSERT_EQ(bots.size(), 1u);
  EXPECT_EQ(bots[0].player_id, k_);
}

// A bot's row shows its program name: a house bot's announced program (else its label), a
// player's bot "account:NAME" with its owner.
TEST_F(Leaderboard, ProgramNamesAndOwners) {
  const std::string spec = "full:worlds=32,budget=2000";
  must(set_bot_program(c_, k_, spec));
  const PlayerId owned = must(create_owned_bot(c_, g_, "guest-bot", "nobody", 5)).account.player_id;
  const PlayerId plain = must(create_bot(c_, "Plain", "rule")).account.player_id;
  finished_series(c_, {owned, plain, a_}, 3, {{{30, 1, 0}, {0, 0, 0}, {0, 0, 0}}});
  std::map<PlayerId, LeaderboardRow> rows;
  for (const LeaderboardRow& r : must(leaderboard(c_, PlayerGroup::Bots))) rows[r.player_id] = r;
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[k_].bot_kind, spec);
  EXPECT_FALSE(rows[k_].owner_id);
  EXPECT_EQ(rows[plain].bot_kind, "rule");
  EXPECT_EQ(rows[owned].bot_kind, "account:guest-bot");
  EXPECT_EQ(rows[owned].owner_id, g_);
  EXPECT_EQ(rows[owned].owner_name, "Guest 5");
  EXPECT_EQ(rows[owned].score, 30);
  must(rename_bot(c_, owned, "renamed"));
  for (const LeaderboardRow& r : must(leaderboard(c_, PlayerGroup::Bots))) {
    if (r.player_id == owned) {
      EXPECT_EQ(r.bot_kind, "account:renamed");
    }
  }
}

// The games a substitute bot played in (a person left the series) count for no one: their deals,
// points and declarer games are taken off all three seats (docs/ratings.md §7).
TEST_F(Leaderboard, GamesASubstitutePlayedInCountForNoOne) {
  auto by_player = [&] {
    std::map<PlayerId, LeaderboardRow> rows;
    for (const LeaderboardRow& r : must(leaderboard(c_))) rows[r.player_id] = r;
    return rows;
  };
  auto before = by_player();
  const std::array<PlayerId, 3> seats{a_, b_, k_};
  const SeriesId s = test::running_series(c_, seats, 5);
  test::insert_games(c_, s, test::selfplay_series(99, 5));
  // the series' result is the sum of its games, as the server stores it
  const std::vector<GameRecord> games = must(list_games(c_, s));
  ASSERT_EQ(games.size(), 5u);
  std::array<PgnSeatResult, 3> result{};
  std::array<PgnSeatResult, 3> rated{};  // over the games without a substitute: 0, 2 and 4
  for (const GameRecord& g : games)
    for (std::size_t i = 0; i < 3; ++i)
      for (auto* r : {&result[i], g.index % 2 == 0 ? &rated[i] : nullptr}) {
        if (!r) continue;
        r->score += g.seeger_fabian[i];
        if (g.declarer_seat == static_cast<int>(i)) ++(g.won ? r->won : r->lost);
      }
  must(finish_series(c_, s, "pgn", result));
  ASSERT_TRUE(c_.exec("UPDATE games SET replaced = 2 WHERE series_id = " + std::to_string(s) + " AND idx = 1"));
  ASSERT_TRUE(c_.exec("UPDATE games SET replaced = 5 WHERE series_id = " + std::to_string(s) + " AND idx = 3"));
  auto after = by_player();
  for (std::size_t i = 0; i < 3; ++i) {
    SCOPED_TRACE("seat " + std::to_string(i));
    const LeaderboardRow& x = before[seats[i]];
    const LeaderboardRow& y = after[seats[i]];
    EXPECT_EQ(y.series, x.series + 1);
    EXPECT_EQ(y.deals, x.deals + 3);
    EXPECT_EQ(y.score, x.score + rated[i].score);
    EXPECT_EQ(y.won, x.won + rated[i].won);
    EXPECT_EQ(y.lost, x.lost + rated[i].lost);
  }
  // the substituted games did change someone's figures: the test would see their points
  EXPECT_NE(result, rated);
}

// A series at a table of a tournament counts only when the tournament is rated, and a sealed one's
// only once it has ended; the nightly ratings read the same series.
TEST_F(Leaderboard, TournamentSeriesCountOnlyWhenRatedAndNoLongerSealed) {
  auto series_of = [&](PlayerId p) {
    for (const LeaderboardRow& r : must(leaderboard(c_)))
      if (r.player_id == p) return r.series;
    return 0;
  };
  auto rated_series = [&] {
    int n = 0;
    must(for_each_finished_series(c_, [&](const SeriesGames&) { return ++n, true; }));
    return n;
  };
  const int before = series_of(k_);
  const int rated_before = rated_series();
  auto tournament_series = [&](bool rated, bool sealed) {
    TournamentRecord t;
    t.mode = "server";
    t.a = "account:x";
    t.b = "simple";
    t.seed = 1;
    t.deals = 2;
    t.seatings = "2:1";
    t.rated = rated;
    t.sealed = sealed;
    const TournamentId id = must(create_tournament(c_, t));
    const TableId table = must(create_table(c_, "{}")).id;
    must(add_tournament_table(c_, id, {table, 1, 0, 0, {}}));
    const SeriesId s = test::running_series(c_, {a_, b_, k_}, 2, table);
    test::insert_games(c_, s, test::selfplay_series(5, 2));
    must(finish_series(c_, s, "pgn", {{{10, 1, 0}, {0, 0, 0}, {-10, 0, 1}}}));
    return id;
  };
  // A friendly match (a player's bot on its own connections): never.
  const TournamentId friendly = tournament_series(false, true);
  must(update_tournament(c_, friendly, {2, "{}", "[]", "finished"}));
  EXPECT_EQ(series_of(k_), before);
  EXPECT_EQ(rated_series(), rated_before);
  // A rated sealed one (uploaded programs in the sandbox): once it has ended.
  const TournamentId sealed = tournament_series(true, true);
  EXPECT_EQ(series_of(k_), before);
  EXPECT_EQ(rated_series(), rated_before);
  must(update_tournament(c_, sealed, {2, "{}", "[]", "finished"}));
  EXPECT_EQ(series_of(k_), before + 1);
  EXPECT_EQ(rated_series(), rated_before + 1);
  // A rated open one (house bots only): at once.
  tournament_series(true, false);
  EXPECT_EQ(series_of(k_), before + 2);
}

TEST(LeaderboardOrder, TiesGoToTheHigherTotalThenTheLowerId) {
  Connection c = test::memory_db();
  std::array<PlayerId, 4> p{};
  for (std::size_t i = 0; i < 4; ++i) p[i] = must(create_player(c, "P" + std::to_string(i + 1), PlayerKind::Human)).id;
  // The same 36-deal average (36 × 10 / 3 = 36 × 20 / 6 = 120): the higher total first.
  finished_series(c, {p[0], p[2], p[3]}, 3, {{{10, 0, 0}, {0, 0, 0}, {0, 0, 0}}});
  finished_series(c, {p[1], p[2], p[3]}, 6, {{{20, 0, 0}, {0, 0, 0}, {0, 0, 0}}});
  std::vector<std::string> order;
  for (const auto& r : must(leaderboard(c))) order.push_back(r.name);
  EXPECT_EQ(order, (std::vector<std::string>{"P2", "P1", "P3", "P4"}));
  EXPECT_DOUBLE_EQ(must(leaderboard(c))[0].score_per_36, 120.0);
}

// A player's statistics count his own games of finished series: a game a substitute played in
// his seat is not his, an aborted series not either. Expected figures from the stored games.
TEST_F(Leaderboard, PlayerStatisticsCountTheOwnGamesOfFinishedSeries) {
  PlayerStats want;
  SeriesFilter finished;
  finished.status = SeriesStatus::Finished;
  const auto series = must(list_series(c_, finished));
  bool replaced_one = false;
  for (const SeriesRecord& s : series) {
    const int seat = s.seats[0].player_id == a_   ? 0
                     : s.seats[1].player_id == a_ ? 1
                     : s.seats[2].player_id == a_ ? 2
                                                  : -1;
    if (seat < 0) continue;
    ++want.series;
    BestSeries in{s.id, 0, 0};
    for (const GameRecord& g : must(list_games(c_, s.id))) {
      if (!replaced_one && g.declarer_seat != seat) {  // a substitute played this one for Anna
        must(c_.exec("UPDATE games SET replaced = " + std::to_string(1 << seat) +
                     " WHERE id = " + std::to_string(g.id)));
        replaced_one = true;
        continue;
      }
      ++want.games;
      ++in.games;
      want.score += g.seeger_fabian[static_cast<std::size_t>(seat)];
      in.score += g.seeger_fabian[static_cast<std::size_t>(seat)];
      if (g.declarer_seat != seat || g.game == kPgnFolded) continue;
      ++want.declared;
      GameTypeCount& type = want.by_type[static_cast<std::size_t>(std::min(g.game, kPgnNull))];
      ++type.declared;
      if (g.won) {
        ++want.won;
        ++type.won;
      }
      want.value_sum += g.won ? g.list_entry : -g.list_entry / 2;
    }
    if (!want.best || in.score > want.best->score) want.best = in;
  }
  ASSERT_TRUE(replaced_one);
  ASSERT_GT(want.declared, 0);
  EXPECT_EQ(must(player_stats(c_, a_)), want);
  // nobody's statistics without a finished series
  EXPECT_EQ(must(player_stats(c_, PlayerId{999})), PlayerStats{});
}

}  // namespace
}  // namespace skat::db
