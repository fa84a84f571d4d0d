// Tournaments through the server, with in-process bot clients: a small seeded tournament gives
// exactly the games of the in-process tournament (same deals, seats, seeds and programs), and its
// row ends finished with the report; a bot too slow for the move clock is cut off by the table,
// the default move is played and the games go on, with the timeouts in the report.
#include <gtest/gtest.h>

#include "bots/tournament/tournament.h"
#include "bots/tournament/tournament_report.h"
#include "tests/net/pool_server.h"

namespace {

using skat::nettest::BotGroup;
using skat::nettest::PoolServer;
using namespace std::chrono_literals;

// Polls the store until the tournament is no longer running.
std::optional<skat::db::TournamentRecord> wait_finished(PoolServer& pool, std::int64_t id) {
  for (int tries = 0; tries < 12000; ++tries) {
    auto t = pool.store().tournament(id);
    if (t && t->first.status != "running") return t->first;
    std::this_thread::sleep_for(20ms);
  }
  return std::nullopt;
}

// The in-process tournament of a server tournament's request (its seed given), unjudged like it.
skat::bots::TournamentConfig in_process(const skat::app::TournamentRequest& request) {
  skat::bots::TournamentConfig config;
  config.a = *skat::bots::parse_bot_spec(request.a);
  config.b = *skat::bots::parse_bot_spec(request.b);
  config.deals = request.deals;
  config.seed = *request.seed;
  config.judge = false;
  config.b_seats = request.b_seats;
  config.sprt = request.sprt;
  return config;
}

TEST(TournamentServer, PlaysTheSameGamesAsInProcess) {
  // Bots for all six tables at once (three of each seating: nine of A and nine of B).
  PoolServer pool(skat::app::ServeConfig{}, {BotGroup{"a", "rule", 9}, BotGroup{"b", "pimc:worlds=2,budget=60000", 9}});
  skat::app::TournamentRequest request;
  request.a = "rule";
  request.b = "pimc:worlds=2,budget=60000";
  request.deals = 3;
  request.seed = 77;
  const auto id = pool.server().tournaments().start(request);
  ASSERT_TRUE(id) << id.error();
  const auto record = wait_finished(pool, id->id);
  ASSERT_TRUE(record);
  EXPECT_EQ(record->status, "finished");
  EXPECT_EQ(record->deals_done, 3);
  EXPECT_FALSE(record->report.empty());
  const auto tables = pool.store().tournament(id->id);
  ASSERT_TRUE(tables);
  EXPECT_EQ(tables->second.size(), 6U);  // two seatings × three rotations

  const auto local = skat::bots::run_tournament(in_process(request));
  const auto served = pool.server().tournaments().games(id->id);
  ASSERT_EQ(served.size(), local.size());
  for (std::size_t i = 0; i < local.size(); ++i) {
    SCOPED_TRACE("game " + std::to_string(i));
    EXPECT_EQ(served[i].deal, local[i].deal);
    EXPECT_EQ(served[i].deal_id, local[i].deal_id);
    EXPECT_EQ(served[i].b_seats, local[i].b_seats);
    EXPECT_EQ(served[i].rotation, local[i].rotation);
    EXPECT_EQ(served[i].is_b, local[i].is_b);
    EXPECT_EQ(served[i].folded, local[i].folded);
    EXPECT_EQ(served[i].declarer, local[i].declarer);
    EXPECT_EQ(served[i].declaration, local[i].declaration);
    EXPECT_EQ(served[i].won, local[i].won);
    EXPECT_EQ(served[i].points, local[i].points);
    EXPECT_EQ(served[i].move_ms[0].size(), local[i].move_ms[0].size());
    EXPECT_EQ(served[i].move_ms[1].size(), local[i].move_ms[1].size());
  }
}

// The slow bot answers five clocks late, so the clock decides every one of its moves however busy
// the machine is; the quick bots answer in microseconds, well inside a clock of 400 ms even with
// sanitizers on two loaded cores.
TEST(TournamentServer, ASlowBotIsCutOffByTheClockAndTheGamesGoOn) {
  skat::app::ServeConfig config;
  config.bot_move_ms = 400;
  PoolServer pool(config, {BotGroup{"quick", "rule", 2}, BotGroup{"slow", "simple", 2, 2000ms}});
  skat::app::TournamentRequest request;
  request.a = "rule";
  request.b = "simple";
  request.deals = 1;
  request.seed = 3;
  request.b_seats = {1};  // A A B: the slow bot sits alone
  const auto id = pool.server().tournaments().start(request);
  ASSERT_TRUE(id) << id.error();
  const auto record = wait_finished(pool, id->id);
  ASSERT_TRUE(record);
  EXPECT_EQ(record->status, "finished");
  const auto report = nlohmann::json::parse(record->report);
  const auto& total = report["seatings"].back();
  EXPECT_EQ(total["games"], 3);
  EXPECT_GT(total["b"]["timeouts"].get<int>(), 0);
  EXPECT_EQ(total["a"]["timeouts"].get<int>(), 0);
  const auto served = pool.server().tournaments().games(id->id);
  ASSERT_EQ(served.size(), 3U);
}

// A running tournament's tables are in the lobby's list (to be watched), named by the tournament.
TEST(TournamentServer, ItsTablesAreListedInTheLobbyWhileItRuns) {
  PoolServer pool(skat::app::ServeConfig{}, {BotGroup{"a", "rule", 3, 50ms}, BotGroup{"b", "simple", 3, 50ms}});
  skat::app::TournamentRequest request;
  request.a = "rule";
  request.b = "simple";
  request.deals = 20;
  request.seed = 5;
  const auto id = pool.server().tournaments().start(request);
  ASSERT_TRUE(id) << id.error();
  const std::string event = "Tournament " + std::to_string(id->id);
  bool listed = false;
  for (int tries = 0; tries < 1500 && !listed; ++tries) {
    const nlohmann::json lobby = pool.server().hub().lobby_snapshot();
    for (const auto& t : lobby["tables"])
      if (t["event"] == event && t["running"] == true) listed = true;
    if (!listed) std::this_thread::sleep_for(20ms);
  }
  EXPECT_TRUE(listed) << pool.server().hub().lobby_snapshot().dump();
  EXPECT_TRUE(pool.server().tournaments().cancel(id->id, std::nullopt));
}

}  // namespace

namespace {

// A sequential test through the server stops the tournament as finished where the in-process
// test stops on the same seed: the rule bot against the random one is decided long before its
// 200 deals, the row's report holds the deals up to the stop and the test's verdict, and the
// tables are ended.
TEST(TournamentServer, ASequentialTestStopsItAsFinished) {
  // Bots for all three tables of the 2:1 seating at once (two of A and one of B each): the deals
  // complete in step, and the test stops after 20 of them.
  PoolServer pool(skat::app::ServeConfig{}, {BotGroup{"a", "random", 6}, BotGroup{"b", "rule", 3}});
  skat::app::TournamentRequest request;
  request.a = "random";
  request.b = "rule";
  request.deals = 200;
  request.seed = 5;
  request.b_seats = {1};
  request.sprt = skat::bots::SprtTest{0, 5};
  const auto id = pool.server().tournaments().start(request);
  ASSERT_TRUE(id) << id.error();
  const auto record = wait_finished(pool, id->id);
  ASSERT_TRUE(record);
  EXPECT_EQ(record->status, "finished");
  const auto report = nlohmann::json::parse(record->report);
  ASSERT_TRUE(report.contains("sprt")) << record->report;
  EXPECT_EQ(report["sprt"]["verdict"], "H1");
  const int deals = report["sprt"]["deals"].get<int>();
  EXPECT_EQ(record->deals_done, deals);
  EXPECT_EQ(report["deals"], deals);

  const skat::bots::TournamentConfig config = in_process(request);
  const auto local = skat::bots::make_report(config, skat::bots::run_tournament(config), 0);
  ASSERT_TRUE(local.sprt);
  EXPECT_EQ(local.sprt->deals, deals);
  EXPECT_NEAR(local.sprt->llr, report["sprt"]["llr"].get<double>(), 1e-9);
}

TEST(TournamentServer, RequestsWithBadTestBoundsAreRefused) {
  using skat::app::parse_tournament_request;
  const auto ok =
      parse_tournament_request(nlohmann::json::parse(R"({"a":"rule","b":"simple","sprt":[0,5],"alpha":0.01})"));
  ASSERT_TRUE(ok) << ok.error();
  ASSERT_TRUE(ok->sprt);
  EXPECT_EQ(ok->sprt->alpha, 0.01);
  EXPECT_EQ(ok->sprt->beta, 0.05);
  for (const char* bad : {R"({"a":"rule","b":"simple","sprt":[5,0]})", R"({"a":"rule","b":"simple","sprt":[0]})",
                          R"({"a":"rule","b":"simple","sprt":"0,5"})", R"({"a":"rule","b":"simple","alpha":0.1})",
                          R"({"a":"rule","b":"simple","sprt":[0,5],"beta":0.9})"})
    EXPECT_FALSE(parse_tournament_request(nlohmann::json::parse(bad))) << bad;
}

}  // namespace

namespace {

TEST(Ladder, PairsTheLeastPlayedWithSidesInTurn) {
  using skat::app::next_ladder_pairing;
  using P = std::pair<std::string, std::string>;
  EXPECT_FALSE(next_ladder_pairing({"rule"}, {}));
  EXPECT_EQ(next_ladder_pairing({"rule", "simple"}, {}), (P{"rule", "simple"}));
  EXPECT_EQ(next_ladder_pairing({"rule", "simple"}, {{"rule", "simple"}}), (P{"simple", "rule"}));
  EXPECT_EQ(next_ladder_pairing({"rule", "simple"}, {{"rule", "simple"}, {"simple", "rule"}}), (P{"rule", "simple"}));
  // Three entrants: a pair that has not met comes first, in entrant order.
  EXPECT_EQ(next_ladder_pairing({"a", "b", "c"}, {{"a", "b"}}), (P{"a", "c"}));
  EXPECT_EQ(next_ladder_pairing({"a", "b", "c"}, {{"a", "b"}, {"c", "a"}}), (P{"b", "c"}));
  // Matches of programs no longer entered do not count.
  EXPECT_EQ(next_ladder_pairing({"a", "c"}, {{"a", "b"}, {"b", "c"}}), (P{"a", "c"}));
}

// The ladder starts a rated match of its own between the house programs online, one at a time,
// marked as the ladder's, sides in turn; with too few bots free it waits.
TEST(Ladder, PlaysRatedMatchesOfTheHouseProgramsOneAtATime) {
  skat::app::ServeConfig config;
  config.ladder_deals = 1;
  config.ladder_spare_bots = 0;
  PoolServer pool(config, {BotGroup{"a", "rule", 3}, BotGroup{"b", "simple", 3}});
  std::optional<std::int64_t> first;
  for (int tries = 0; tries < 200 && !first; ++tries) {  // until the lobby has counted the bots
    first = pool.server().ladder().tick();
    if (!first) std::this_thread::sleep_for(25ms);
  }
  ASSERT_TRUE(first);
  EXPECT_FALSE(pool.server().ladder().tick());  // one at a time
  const auto record = wait_finished(pool, *first);
  ASSERT_TRUE(record);
  EXPECT_EQ(record->status, "finished");
  EXPECT_TRUE(record->ladder);
  EXPECT_TRUE(record->rated);
  EXPECT_EQ(record->a, "rule");
  EXPECT_EQ(record->b, "simple");
  std::optional<std::int64_t> second;
  for (int tries = 0; tries < 200 && !second; ++tries) {  // until its bots are back in the pool
    second = pool.server().ladder().tick();
    if (!second) std::this_thread::sleep_for(25ms);
  }
  ASSERT_TRUE(second);
  const auto next = wait_finished(pool, *second);
  ASSERT_TRUE(next);
  EXPECT_EQ(next->a, "simple");         // the sides took turns
  EXPECT_NE(next->seed, record->seed);  // fresh deals
}

TEST(Ladder, WaitsWhileTooFewBotsAreFree) {
  skat::app::ServeConfig config;
  config.ladder_spare_bots = 50;
  PoolServer pool(config, {BotGroup{"a", "rule", 3}, BotGroup{"b", "simple", 3}});
  std::this_thread::sleep_for(300ms);
  EXPECT_FALSE(pool.server().ladder().tick());
}

}  // namespace
