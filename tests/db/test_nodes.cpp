// Server nodes on one database (db/nodes.h): heartbeats, the take-over of a silent node's running
// tables (never of a live node's, never of finished series' tables), and the scoping of the
// series filter and of the tournaments a restarting node aborts. On both engines.
#include <gtest/gtest.h>

#include "db/nodes.h"
#include "db/tournaments.h"
#include "tests/db/db_test_support.h"

namespace skat::db {
namespace {

using test::must;
using namespace std::chrono_literals;

TEST(Nodes, HeartbeatsAndNames) {
  Connection c = test::memory_db();
  const Timestamp t = from_millis(1'000'000);
  must(node_started(c, "a", t));
  must(node_heartbeat(c, "a", t + 5s));
  must(node_heartbeat(c, "b", t + 7s));  // a node that never said it started is added
  EXPECT_EQ(must(list_nodes(c)), (std::vector<NodeRecord>{{"a", t, t + 5s}, {"b", t + 7s, t + 7s}}));
  EXPECT_FALSE(node_started(c, "Bad Name", t));
  EXPECT_FALSE(node_started(c, std::string(33, 'x'), t));
}

TEST(Nodes, OnlyASilentNodesRunningTablesAreTakenOver) {
  Connection c = test::memory_db();
  const auto seats = test::three_players(c);
  const TableId running = must(create_table(c, "{}", "a")).id;
  const TableId finished = must(create_table(c, "{}", "a")).id;
  const TableId other = must(create_table(c, "{}", "c")).id;
  test::running_series(c, seats, 36, running);
  const SeriesId done = test::running_series(c, seats, 36, finished);
  must(abort_series(c, done));
  test::running_series(c, seats, 36, other);
  const Timestamp t = from_millis(2'000'000);
  must(node_started(c, "a", t));
  EXPECT_TRUE(must(take_over_node(c, "a", "b", t)).empty());                             // heard of at t: alive
  EXPECT_EQ(must(take_over_node(c, "a", "b", t + 10s)), std::vector<TableId>{running});  // silent: its running table
  EXPECT_TRUE(must(take_over_node(c, "a", "b", t + 10s)).empty());                       // nothing left
  EXPECT_FALSE(take_over_node(c, "b", "b", t + 10s));

  SeriesFilter of_b;
  of_b.node = "b";
  const auto series = must(list_series(c, of_b));
  ASSERT_EQ(series.size(), 1u);
  EXPECT_EQ(series[0].table_id, running);
  SeriesFilter of_a;
  of_a.node = "a";
  ASSERT_EQ(must(list_series(c, of_a)).size(), 1u);  // the finished series' table stays
}

TEST(Nodes, ARestartAbortsOnlyItsOwnTournaments) {
  Connection c = test::memory_db();
  TournamentRecord r;
  r.mode = "server";
  r.a = "simple";
  r.b = "rule";
  r.deals = 2;
  r.seatings = "2:1";
  const auto ours = must(create_tournament(c, r));
  const auto theirs = must(create_tournament(c, r));
  must(add_tournament_table(c, ours, TournamentTable{must(create_table(c, "{}", "a")).id, 1, 0, 0, {}}));
  must(add_tournament_table(c, theirs, TournamentTable{must(create_table(c, "{}", "b")).id, 1, 0, 0, {}}));
  EXPECT_EQ(must(abort_running_tournaments(c, "a")), 1);
  EXPECT_EQ(must(get_tournament(c, ours)).status, "aborted");
  EXPECT_EQ(must(get_tournament(c, theirs)).status, "running");
}

}  // namespace
}  // namespace skat::db

namespace skat::db {
namespace {

TEST(Nodes, EachNodeSeesTheLobbiesOfTheOthersThatAreAlive) {
  Connection c = test::memory_db();
  const Timestamp t = from_millis(3'000'000);
  must(publish_node_lobby(c, "a", R"([{"table":1}])", t));
  must(publish_node_lobby(c, "b", R"([{"table":2}])", t + 5s));
  must(publish_node_lobby(c, "c", "[]", t + 6s));
  EXPECT_EQ(must(node_lobbies(c, "c", t)),
            (std::vector<NodeLobby>{{"a", R"([{"table":1}])"}, {"b", R"([{"table":2}])"}}));
  EXPECT_EQ(must(node_lobbies(c, "c", t + 1s)), (std::vector<NodeLobby>{{"b", R"([{"table":2}])"}}));  // a is silent
  EXPECT_EQ(must(list_nodes(c)).size(), 3u);
  EXPECT_FALSE(publish_node_lobby(c, "a", "not json", t + 7s));
}

}  // namespace
}  // namespace skat::db
