// The outside-program players (bridge/): answers checked against the legal actions, and the exact
// fault counts of a scripted program that is slow, crashes, answers garbage or never starts
// (tests/bridge/scripted_bot.py); the in-process player's lines; the bridge's forwarding of one
// table's messages to its seat's program, without a server.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/asio/thread_pool.hpp>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "bots/play_deal.h"
#include "bots/random_player.h"
#include "bots/tournament/tournament.h"
#include "bridge/program_bridge.h"
#include "bridge/program_player.h"
#include "bridge/program_seat.h"
#include "engine/deal.h"
#include "protocol/json_codec.h"

namespace skat::bridge {
namespace {

using namespace std::chrono_literals;

const std::string kPython = "/usr/bin/python3";
const std::string kScripted = kPython + " " + SKAT_SOURCE_DIR + "/tests/bridge/scripted_bot.py ";
const std::string kRandomBot = kPython + " " + SKAT_SOURCE_DIR + "/examples/bots/random_bot.py";

// The opening of deal 7: middlehand bids (first legal entry: 18) or passes (the default move).
SeatView opening() {
  const Game game(*deal_from_id(7));
  return seat_view(game, game.to_act());
}

std::string temp_file(const std::string& name) {
  const auto* info = testing::UnitTest::GetInstance()->current_test_info();
  const std::string path = testing::TempDir() + "skat_bridge_" + info->name() + "_" + name;
  std::remove(path.c_str());
  return path;
}

std::vector<nlohmann::json> json_lines(const std::string& path) {
  std::vector<nlohmann::json> out;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) out.push_back(nlohmann::json::parse(line));
  return out;
}

// `requests` act requests of the same view, each answered within 5 s, the first within `first_clock`.
std::vector<Action> ask(ProgramSeat& seat, int requests, std::chrono::milliseconds first_clock = 5000ms) {
  const SeatView view = opening();
  std::vector<Action> answers;
  for (int i = 1; i <= requests; ++i) {
    const auto clock = i == 1 ? first_clock : 5000ms;
    const std::uint64_t n = seat.send_act(act_line({0, 0, i, view.pos, clock.count(), 1}, view));
    answers.push_back(seat.answer(n, view, Clock::now() + clock));
  }
  return answers;
}

TEST(ProgramSeat, DefaultMoveIsTheServerClocksAndNeverAConcession) {
  const SeatView view = opening();
  EXPECT_EQ(default_move(view.legal), Action::pass(view.pos));
  const std::vector<Action> play{Action::concede(1), Action::play(1, *parse_card("HT")),
                                 Action::play(1, *parse_card("H7"))};
  EXPECT_EQ(default_move(play), play[1]);
}

TEST(ProgramSeat, AnswersAreLegalEntriesWithoutPos) {
  const SeatView view = opening();
  EXPECT_EQ(*legal_answer(R"({"type":"bid","value":18})", view), Action::make_bid(view.pos, 18));
  EXPECT_EQ(*legal_answer(R"({"type":"pass","pos":2})", view), Action::pass(view.pos));
  EXPECT_EQ(legal_answer("{\"type\":", view).error(), "not JSON");
  EXPECT_EQ(legal_answer(R"({"type":"play","card":"CJ"})", view).error(), "not one of the legal actions");
  EXPECT_FALSE(legal_answer(R"({"type":"bid","value":18,"extra":1})", view));
  // A discard names its two cards in either order.
  Game game(*deal_from_id(7));
  while (game.phase() != Phase::Discarding) {
    const int pos = game.to_act();
    const auto legal = game.legal_actions(pos);
    const bool bidding = game.phase() == Phase::Bidding;
    // Forehand plays the game: the others pass, forehand bids 18 and picks up.
    Action a = bidding ? (pos == 0 ? legal.front() : Action::pass(pos)) : Action::pick_up(pos);
    ASSERT_TRUE(game.apply(a)) << describe(a);
  }
  const SeatView put = seat_view(game, game.to_act());
  const Action first = put.legal.front();
  const std::string reversed =
      R"({"type":"discard","cards":[")" + card_name(first.card2) + R"(",")" + card_name(first.card) + R"("]})";
  EXPECT_EQ(*legal_answer(reversed, put), first);
}

TEST(ProgramSeat, AGoodProgramAnswersEveryRequest) {
  ProgramSeat seat(kScripted + "good", "good");
  ASSERT_TRUE(seat.start());
  for (const Action& a : ask(seat, 4)) EXPECT_EQ(a, opening().legal.front());
  EXPECT_EQ(seat.faults(), bots::ProgramFaults{});
}

TEST(ProgramSeat, ALateAnswerGetsTheDefaultMoveAndIsSkippedAfterwards) {
  ProgramSeat seat(kScripted + "slow=1,700", "slow");
  const SeatView view = opening();
  const auto answers = ask(seat, 3, 250ms);
  EXPECT_EQ(answers[0], Action::pass(view.pos));  // the default move
  EXPECT_EQ(answers[1], view.legal.front());      // not the late answer to the first request
  EXPECT_EQ(answers[2], view.legal.front());
  EXPECT_EQ(seat.faults(), (bots::ProgramFaults{1, 0, 0}));
}

TEST(ProgramSeat, AProgramThatEndsIsCountedAndStartedAgainAtTheNextRequest) {
  ProgramSeat seat(kScripted + "crash=2", "crash");
  const SeatView view = opening();
  const auto answers = ask(seat, 5);
  // Requests 1 and 2 of each process: an answer, then the end.
  EXPECT_EQ(answers[0], view.legal.front());
  EXPECT_EQ(answers[1], Action::pass(view.pos));
  EXPECT_EQ(answers[2], view.legal.front());
  EXPECT_EQ(answers[3], Action::pass(view.pos));
  EXPECT_EQ(answers[4], view.legal.front());
  EXPECT_EQ(seat.faults(), (bots::ProgramFaults{0, 2, 0}));
  EXPECT_EQ(seat.exit_text(), "running");
  seat.close();
  EXPECT_EQ(seat.exit_text(), "exit code 0");  // its stdin closed, it ended by itself
}

TEST(ProgramSeat, GarbageAndIllegalAnswersGetTheDefaultMove) {
  ProgramSeat seat(kScripted + "garbage=1,2", "garbage");
  const SeatView view = opening();
  const auto answers = ask(seat, 3);
  EXPECT_EQ(answers[0], Action::pass(view.pos));
  EXPECT_EQ(answers[1], Action::pass(view.pos));
  EXPECT_EQ(answers[2], view.legal.front());
  EXPECT_EQ(seat.faults(), (bots::ProgramFaults{0, 0, 2}));
}

TEST(ProgramSeat, AProgramThatNeverStartsGetsTheDefaultMoveEachTime) {
  ProgramSeat seat("/nonexistent/skat-bot --fast", "missing");
  for (const Action& a : ask(seat, 3)) EXPECT_EQ(a, Action::pass(opening().pos));
  EXPECT_EQ(seat.faults(), (bots::ProgramFaults{0, 3, 0}));
  EXPECT_EQ(seat.exit_text(), "exit code 127");  // the shell's "not found"
}

// The program gets stdin, stdout and stderr, nothing else of ours (no server connection, file or pipe).
TEST(ProgramSeat, TheProgramInheritsOnlyItsStandardStreams) {
  const std::string log = temp_file("fds");
  ::setenv("SCRIPTED_BOT_LOG", log.c_str(), 1);
  const int ours = ::open("/dev/null", O_RDONLY);  // not close-on-exec, like a socket
  ASSERT_GE(ours, 0);
  ASSERT_EQ(::dup2(ours, 100), 100);
  ProgramSeat seat(kScripted + "fds", "fds");
  EXPECT_EQ(ask(seat, 1)[0], opening().legal.front());
  seat.close();
  ::close(100);
  ::close(ours);
  const auto lines = json_lines(log);
  ASSERT_EQ(lines.size(), 1U);
  for (const int fd : lines[0].get<std::vector<int>>()) EXPECT_NE(fd, 100);
  EXPECT_LT(lines[0].size(), 8U) << lines[0];  // 0, 1, 2 and the program's own few
}

TEST(ProgramSeat, CheckProgramTellsWhetherItStartsAndAnswers) {
  EXPECT_TRUE(check_program(kScripted + "good"));
  EXPECT_TRUE(check_program(kScripted + "always-garbage"));  // it runs: its garbage is counted later
  const auto missing = check_program("/nonexistent/skat-bot");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("exit code 127"), std::string::npos) << missing.error();
  const auto ends = check_program(kScripted + "crash=1");
  ASSERT_FALSE(ends);
  EXPECT_NE(ends.error().find("exit code 3"), std::string::npos) << ends.error();
}

// The in-process player: game_started, then act requests as the server sends them, with the seat
// seed blinded; a whole game of three programs.
TEST(ProgramPlayer, SendsTheServersActRequestsAndPlaysAWholeGame) {
  const std::string log = temp_file("lines");
  ::setenv("SCRIPTED_BOT_LOG", log.c_str(), 1);
  const Deal deal = *deal_from_id(11);
  {
    ProgramPlayer logged(kScripted + "log", 42, 1, 3000ms);
    ProgramPlayer p0(kRandomBot, 41, 0, 3000ms), p2(kRandomBot, 43, 2, 3000ms);
    const auto game = bots::play_deal(deal, {&p0, &logged, &p2});
    ASSERT_TRUE(game) << game.error();
    EXPECT_TRUE(game->finished());
    for (const ProgramPlayer* p : {&p0, &logged, &p2}) EXPECT_EQ(p->program_faults(), bots::ProgramFaults{});
  }
  const auto lines = json_lines(log);
  ASSERT_GE(lines.size(), 2U);
  EXPECT_EQ(lines[0]["type"], "game_started");
  EXPECT_EQ(lines[0]["position"], 1);
  EXPECT_EQ(lines[0]["hand"], protocol::cards_to_json(deal.hands[1]));
  std::int64_t version = lines[0]["version"].get<std::int64_t>();
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto& act = lines[i];
    EXPECT_EQ(act["type"], "act");
    EXPECT_EQ(act["table"], 0);
    EXPECT_EQ(act["game"], 0);
    EXPECT_EQ(act["seat"], 1);
    EXPECT_EQ(act["clock_ms"], 3000);
    EXPECT_EQ(act["seed"].get<std::uint64_t>(), bots::blinded_seat_seed(42));
    EXPECT_GT(act["version"].get<std::int64_t>(), version);
    version = act["version"].get<std::int64_t>();
    const auto view = protocol::seat_view_from_json(act["view"]);
    ASSERT_TRUE(view);
    EXPECT_EQ(view->pos, 1);
  }
}

// The bridge's side of one connection, fed the messages a server would send.
TEST(ProgramTables, ForwardsItsTablesMessagesAndAnswersEachRequest) {
  const std::string log = temp_file("lines");
  ::setenv("SCRIPTED_BOT_LOG", log.c_str(), 1);
  boost::asio::thread_pool workers(1);
  auto tables = std::make_shared<ProgramTables>(kScripted + "log", "my-bot", workers);
  const auto hooks = tables->hooks();
  auto receive = [&](const nlohmann::json& m) { hooks.on_message(m, m.dump()); };
  const SeatView view = opening();
  receive({{"type", "welcome"}, {"protocol", 1}});
  receive({{"type", "invite"}, {"table", 7}, {"seat", 2}});
  receive({{"type", "seated"}, {"table", 7}, {"version", 5}, {"game", -1}, {"seat", 2}});
  receive({{"type", "seated"}, {"table", 8}, {"version", 1}, {"game", -1}, {"seat", 0}});  // not its table
  const nlohmann::json act{{"type", "act"},    {"table", 7}, {"game", 0},
                           {"version", 12},    {"seat", 2},  {"clock_ms", 5000},
                           {"deadline", 1000}, {"seed", 99}, {"view", protocol::seat_view_to_json(view)}};
  receive(act);
  botclient::ActRequest request;
  request.table = 7;
  request.version = 12;
  request.clock = 5000ms;
  request.received = Clock::now();
  request.view = view;
  EXPECT_EQ(hooks.decide(request), view.legal.front());
  receive({{"type", "series_finished"}, {"table", 7}, {"version", 20}, {"game", -1}});
  receive({{"type", "bid"}, {"table", 7}, {"version", 21}, {"game", 0}, {"seat", 1}, {"value", 18}});  // ended
  workers.join();  // the program's end
  const auto lines = json_lines(log);
  ASSERT_EQ(lines.size(), 3U);
  EXPECT_EQ(lines[0]["type"], "seated");
  EXPECT_EQ(lines[0]["table"], 7);
  EXPECT_EQ(lines[1], act);
  EXPECT_EQ(lines[2]["type"], "series_finished");
  EXPECT_EQ(tables->faults(), bots::ProgramFaults{});
}

}  // namespace
}  // namespace skat::bridge
