// The tournaments repository: a running tournament, its tables and their series, progress
// updates, the end (finished or aborted), listing newest first, a restart's abort, and the
// starter's fields (who, the seed's hash, sealed) with the per-player counts of deals and tables.
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
  // Ended early: why, and whether it was cancelled; an unrated one says so.
  TournamentRecord friendly = sample();
  friendly.rated = false;
  const TournamentId third = must(create_tournament(c, friendly));
  EXPECT_FALSE(must(get_tournament(c, third)).rated);
  EXPECT_TRUE(must(get_tournament(c, other)).rated);
  must(update_tournament(c, third, {0, {}, "[]", "aborted", "cancelled by the operator", true}));
  got = must(get_tournament(c, third));
  EXPECT_EQ(got.status, "aborted");
  EXPECT_EQ(got.end_reason, "cancelled by the operator");
  EXPECT_TRUE(got.cancelled);
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

TEST(Tournaments, StarterSeedHashAndSealedAreStoredAndRead) {
  Connection c = test::memory_db();
  const PlayerId anna = must(create_guest(c, "Anna")).id;
  const TournamentId plain = must(create_tournament(c, sample()));
  TournamentRecord r = sample();
  r.started_by = anna;
  r.seed_sha256 = std::string(60, 'a') + "09f0";
  r.sealed = true;
  const TournamentId started = must(create_tournament(c, r));
  const TournamentRecord got = must(get_tournament(c, started));
  EXPECT_EQ(got.started_by, anna);
  EXPECT_EQ(got.seed_sha256, r.seed_sha256);
  EXPECT_TRUE(got.sealed);
  const TournamentRecord old = must(get_tournament(c, plain));
  EXPECT_FALSE(old.started_by);
  EXPECT_TRUE(old.seed_sha256.empty());
  EXPECT_FALSE(old.sealed);
  const auto list = must(list_tournaments(c, 10));
  ASSERT_EQ(list.size(), 2U);
  EXPECT_EQ(list[0], got);
  EXPECT_EQ(list[1], old);

  for (const std::string& bad : {std::string(64, 'A'), std::string(63, 'a'), std::string(63, 'a') + "g"}) {
    r.seed_sha256 = bad;
    EXPECT_EQ(create_tournament(c, r).error().code, DbErrc::Invalid) << bad;
  }
  r.seed_sha256.clear();
  r.started_by = 999;
  EXPECT_EQ(create_tournament(c, r).error().code, DbErrc::NotFound);
}

TEST(Tournaments, DealsStartedAndRunningTablesPerPlayer) {
  Connection c = test::memory_db();
  const PlayerId anna = must(create_guest(c, "Anna")).id;
  const PlayerId ben = must(create_guest(c, "Ben")).id;
  const Timestamp before = now();
  EXPECT_EQ(must(deals_started_since(c, anna, before)), 0);
  EXPECT_EQ(must(running_tables_of(c, anna)), 0);
  TournamentRecord r = sample();  // 200 deals in both seatings: 400
  r.started_by = anna;
  const TournamentId both = must(create_tournament(c, r));
  r.deals = 50;
  r.seatings = "1:2";
  const TournamentId one = must(create_tournament(c, r));
  r.started_by = ben;
  must(create_tournament(c, r));
  must(create_tournament(c, sample()));  // the operator's
  EXPECT_EQ(must(deals_started_since(c, anna, before)), 450);
  EXPECT_EQ(must(deals_started_since(c, ben, before)), 50);
  EXPECT_EQ(must(deals_started_since(c, anna, now() + std::chrono::hours(1))), 0);

  for (int i = 0; i < 3; ++i) must(add_tournament_table(c, both, {must(create_table(c, "{}")).id, 1, i, 0, {}}));
  for (int i = 0; i < 2; ++i) must(add_tournament_table(c, one, {must(create_table(c, "{}")).id, 2, i, 0, {}}));
  EXPECT_EQ(must(running_tables_of(c, anna)), 5);
  EXPECT_EQ(must(running_tables_of(c, ben)), 0);
  must(update_tournament(c, both, {400, "{}", "[]", "finished"}));
  EXPECT_EQ(must(running_tables_of(c, anna)), 2);
  EXPECT_EQ(must(deals_started_since(c, anna, before)), 450);  // finished ones still count for the day
}

}  // namespace
}  // namespace skat::db
