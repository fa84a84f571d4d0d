// The tournaments repository: a running tournament, its tables and their series, progress
// updates, the end (finished or aborted), listing newest first, and a restart's abort.
#include <gtest/gtest.h>

#include "db/tournaments.h"
#include "tests/db/db_test_support.h"

namespace skat::db {
namespace {

using test::must;

TournamentRecord sample() {
  TournamentRecord r;
  r.mode = "server";
  r.a = "rule";
  r.b = "pimc:worlds=20,budget=3000,tt=16";
  r.seed = 0xFFFF'FFFF'FFFF'FFF0ULL;  // above 2^63: stored by bit pattern
  r.deals = 200;
  r.seatings = "2:1,1:2";
  return r;
}

TEST(Tournaments, CreateProgressFinishAndRead) {
  Connection c = test::memory_db();
  const TournamentId id = must(create_tournament(c, sample()));
  TournamentRecord got = must(get_tournament(c, id));
  EXPECT_EQ(got.status, "running");
  EXPECT_EQ(got.seed, sample().seed);
  EXPECT_EQ(got.b, sample().b);
  EXPECT_EQ(got.curve, "[]");
  EXPECT_TRUE(got.report.empty());
  EXPECT_FALSE(got.finished_at);

  const TableRecord t1 = must(create_table(c, "{}"));
  const TableRecord t2 = must(create_table(c, "{}"));
  must(add_tournament_table(c, id, {t2.id, 2, 1, 0, {}}));
  must(add_tournament_table(c, id, {t1.id, 1, 0, 0, {}}));
  NewSeries n;
  n.table_id = t1.id;
  n.seats = test::three_players(c);
  const SeriesRecord s = must(create_series(c, n));
  const auto tables = must(tournament_tables(c, id));
  ASSERT_EQ(tables.size(), 2U);
  EXPECT_EQ(tables[0], (TournamentTable{t1.id, 1, 0, 0, {s.id}}));
  EXPECT_EQ(tables[1], (TournamentTable{t2.id, 2, 1, 0, {}}));

  must(update_tournament(c, id, {10, R"({"deals":10})", R"([{"deals":10}])", std::nullopt}));
  got = must(get_tournament(c, id));
  EXPECT_EQ(got.deals_done, 10);
  EXPECT_EQ(got.report, R"({"deals":10})");
  EXPECT_EQ(got.status, "running");
  must(update_tournament(c, id, {200, R"({"deals":200})", "[]", "finished"}));
  got = must(get_tournament(c, id));
  EXPECT_EQ(got.status, "finished");
  EXPECT_TRUE(got.finished_at);
  // A finished tournament no longer changes; bad JSON is refused.
  EXPECT_FALSE(update_tournament(c, id, {1, "{}", "[]", std::nullopt}));
  const TournamentId other = must(create_tournament(c, sample()));
  EXPECT_FALSE(update_tournament(c, other, {1, "{not json", "[]", std::nullopt}));
  EXPECT_EQ(get_tournament(c, 999).error().code, DbErrc::NotFound);
}

TEST(Tournaments, ListNewestFirstAndAbortRunning) {
  Connection c = test::memory_db();
  const TournamentId first = must(create_tournament(c, sample()));
  const TournamentId second = must(create_tournament(c, sample()));
  must(update_tournament(c, first, {200, "{}", "[]", "finished"}));
  const auto list = must(list_tournaments(c, 10));
  ASSERT_EQ(list.size(), 2U);
  EXPECT_EQ(list[0].id, second);
  EXPECT_EQ(list[1].id, first);
  EXPECT_EQ(must(abort_running_tournaments(c)), 1);
  EXPECT_EQ(must(get_tournament(c, second)).status, "aborted");
  EXPECT_EQ(must(get_tournament(c, first)).status, "finished");
  EXPECT_EQ(must(list_tournaments(c, 1)).size(), 1U);
}

}  // namespace
}  // namespace skat::db
