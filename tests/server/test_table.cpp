// Table logic without sockets: scripted commands → events and views, bad input, timeouts with
// default actions, disconnect / grace / bot replacement / return, and resume by version.
#include <set>

#include "protocol/server_messages.h"
#include "tests/server/table_test_support.h"

namespace skat::table::test {
namespace {

constexpr std::uint64_t kDeal = 123456789;

TableConfig fixed_config(int deals = 3) {
  TableConfig c;
  c.deals = deals;
  c.deal_source = [](int) { return kDeal; };
  return c;
}

// A game command or chat line as its table's host hands it on, from the connection holding `seat`.
TableOutput send(Table& table, int seat, const std::string& text, TimePoint now) {
  auto m = protocol::parse_client_message(text);
  EXPECT_TRUE(m.has_value()) << text;
  if (!m) return {};
  if (const auto* command = protocol::body_as<protocol::GameCommand>(m->body))
    return table.command(seat, *command, now, m->id);
  if (const auto* chat = protocol::body_as<protocol::Chat>(m->body)) return table.chat(seat, chat->text, now, m->id);
  ADD_FAILURE() << "not a game command or chat line: " << text;
  return {};
}

std::string error_code(const TableOutput& out, int seat) {
  auto e = last_of_type(out, seat, "error");
  return e ? (*e)["code"].get<std::string>() : "";
}

TEST(Table, ScriptedOpeningSendsRedactedDealAndActRequests) {
  Table table(7, fixed_config());
  const TimePoint now = t0();
  TableOutput out = seat_three_and_start(table, now);
  const Deal deal = *deal_from_id(kDeal);
  // Each seat gets its own hand only; spectators get none.
  for (int seat = 0; seat < 3; ++seat) {
    auto started = last_of_type(out, seat, "game_started");
    ASSERT_TRUE(started);
    EXPECT_EQ((*started)["hand"], protocol::cards_to_json(deal.hands[static_cast<std::size_t>(seat)]));
    EXPECT_EQ((*started)["forehand"], 0);
  }
  EXPECT_FALSE(last_of_type(out, kSpectators, "game_started")->contains("hand"));
  // Middlehand (seat 1) bids first; the act request carries its view and a deadline.
  auto act = last_of_type(out, 1, "act");
  ASSERT_TRUE(act);
  EXPECT_EQ((*act)["deadline"],
            std::chrono::duration_cast<std::chrono::milliseconds>((now + 60s).time_since_epoch()).count());
  auto view = protocol::seat_view_from_json((*act)["view"]);
  ASSERT_TRUE(view);
  EXPECT_EQ(view->pos, 1);
  EXPECT_EQ(view->minimum_bid(), 18);
  EXPECT_FALSE(last_of_type(out, 0, "act"));

  const std::int64_t v = table.version();
  out = send(table, 1, R"({"type":"bid","table":7,"value":18})", now + 1s);
  EXPECT_EQ(table.version(), v + 1);
  for (int a = 0; a <= 3; ++a) {
    auto bid = last_of_type(out, a, "bid");
    ASSERT_TRUE(bid);
    EXPECT_EQ((*bid)["seat"], 1);
    EXPECT_EQ((*bid)["value"], 18);
    EXPECT_EQ((*bid)["version"], v + 1);
  }
  act = last_of_type(out, 0, "act");
  ASSERT_TRUE(act);
  EXPECT_TRUE(protocol::seat_view_from_json((*act)["view"])->answering());
  out = send(table, 0, R"({"type":"hold","table":7})", now + 2s);
  EXPECT_TRUE(last_of_type(out, 0, "hold"));
  out = send(table, 1, R"({"type":"pass","table":7})", now + 3s);
  out = send(table, 2, R"({"type":"pass","table":7})", now + 4s);
  // Forehand (seat 0) won the auction at 18: it decides about the skat.
  act = last_of_type(out, 0, "act");
  ASSERT_TRUE(act);
  EXPECT_EQ((*act)["view"]["phase"], "skat");
  out = send(table, 0, R"({"type":"pickup","table":7})", now + 5s);
  // Only the declarer's copy of the pickup shows the skat.
  EXPECT_EQ((*last_of_type(out, 0, "pickup"))["skat"], protocol::cards_to_json(deal.skat));
  for (int a : {1, 2, kSpectators}) EXPECT_FALSE(last_of_type(out, a, "pickup")->contains("skat"));
  const Json discard = (*last_of_type(out, 0, "act"))["view"]["legal"][0];
  Json request = discard;
  request.erase("pos");
  request["table"] = 7;
  out = send(table, 0, (request.dump()), now + 6s);
  EXPECT_EQ((*last_of_type(out, 0, "discard"))["cards"], discard["cards"]);
  for (int a : {1, 2, kSpectators}) EXPECT_FALSE(last_of_type(out, a, "discard")->contains("cards"));
  out = send(table, 0, R"({"type":"declare","table":7,"game":"G"})", now + 7s);
  auto declared = last_of_type(out, 2, "declare");
  ASSERT_TRUE(declared);
  EXPECT_EQ((*declared)["declaration"]["game"], "G");
  EXPECT_EQ((*last_of_type(out, 0, "act"))["view"]["phase"], "playing");
  check_no_leak(table, out);
}

TEST(Table, BadInputGetsAnErrorAndTheTableGoesOn) {
  Table table(7, fixed_config());
  TimePoint now = t0();
  seat_three_and_start(table, now);
  const std::int64_t v = table.version();
  // Wrong turn (forehand may not bid first), acting as spectator, an illegal bid value.
  EXPECT_EQ(error_code(send(table, 0, R"({"type":"bid","table":7,"value":18})", now), 0), "not_your_turn");
  EXPECT_EQ(error_code(send(table, kSpectators, R"({"type":"pass","table":7})", now), kSpectators), "not_seated");
  EXPECT_EQ(error_code(send(table, 1, R"({"type":"play","table":7,"card":"CJ"})", now), 1), "illegal_action");
  EXPECT_EQ(error_code(send(table, 1, R"({"type":"pickup","table":7})", now), 1), "illegal_action");
  // Start twice, oversized chat.
  const auto again = table.start_series(1, now);
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().code, protocol::ErrorCode::SeriesRunning);
  EXPECT_EQ(error_code(table.chat(1, std::string(400, 'x'), now), 1), "too_large");
  // The request id comes back in the error.
  auto out = send(table, 0, R"({"type":"pass","table":7,"id":42})", now);
  EXPECT_EQ((*last_of_type(out, 0, "error"))["id"], 42);
  EXPECT_EQ(table.version(), v);
  // Only the sender gets the error.
  for (const Outbound& m : out.messages) EXPECT_EQ(m.audience, 0);
  // The table goes on.
  out = send(table, 1, R"({"type":"bid","table":7,"value":18})", now);
  EXPECT_EQ(table.version(), v + 1);
  out = table.chat(2, "gut Blatt", now);
  EXPECT_EQ((*last_of_type(out, 0, "chat"))["text"], "gut Blatt");
  EXPECT_EQ(table.version(), v + 2);
}

TEST(Table, AnActionsSeatComesFromTheConnectionNotTheMessage) {
  Table table(7, fixed_config());
  seat_three_and_start(table, t0());
  // A "pos" field in a command is refused by the parser; the table sets pos from the seat.
  EXPECT_FALSE(protocol::parse_client_message(R"({"type":"bid","table":7,"value":18,"pos":1})"));
  Action spoof = Action::make_bid(1, 18);  // claims middlehand
  auto out = table.act(2, spoof, t0());    // sent by seat 2 (rearhand)
  EXPECT_EQ(error_code(out, 2), "not_your_turn");
}

TEST(Table, TournamentTablesSendSeatSeedsAndRefuseStaleAnswers) {
  TableConfig config = fixed_config(2);
  config.seat_seed = [](int game, int seat) { return static_cast<std::uint64_t>(1000 * game + seat); };
  Table table(7, config);
  TimePoint now = t0();
  auto out = seat_three_and_start(table, now);
  auto act = last_of_type(out, 1, "act");
  ASSERT_TRUE(act);
  EXPECT_EQ((*act)["seed"], 1U);
  const std::int64_t asked = (*act)["version"].get<std::int64_t>();
  // An answer naming the act's version is played; one naming an older version is refused.
  out = send(table, 1, R"({"type":"bid","table":7,"value":18,"version":)" + std::to_string(asked) + "}", now + 250ms);
  EXPECT_EQ(error_code(out, 1), "");
  auto next = last_of_type(out, 0, "act");  // forehand answers
  ASSERT_TRUE(next);
  EXPECT_EQ((*next)["seed"], 0U);
  out = send(table, 0, R"({"type":"hold","table":7,"version":)" + std::to_string(asked) + "}", now + 300ms);
  EXPECT_EQ(error_code(out, 0), "stale");
  // Without a seat seed there is no seed in the act request.
  Table plain(8, fixed_config());
  EXPECT_FALSE(last_of_type(seat_three_and_start(plain, now), 1, "act")->contains("seed"));
}

// A hostile or confused client replays an answer it already gave: with its version it is stale,
// without one it is out of turn; either way nothing changes and the table goes on.
TEST(Table, ReplayedAnswersAreRefused) {
  Table table(7, fixed_config(2));
  TimePoint now = t0();
  auto out = seat_three_and_start(table, now);
  const auto act = last_of_type(out, 1, "act");
  ASSERT_TRUE(act);
  const std::string bid =
      R"({"type":"bid","table":7,"value":18,"version":)" + std::to_string((*act)["version"].get<std::int64_t>()) + "}";
  out = send(table, 1, (bid), now + 100ms);
  EXPECT_EQ(error_code(out, 1), "");
  const auto next = last_of_type(out, 0, "act");
  ASSERT_TRUE(next);
  for (int i = 0; i < 3; ++i) {
    out = send(table, 1, (bid), now + 200ms);
    EXPECT_EQ(error_code(out, 1), "stale");
  }
  out = send(table, 1, R"({"type":"bid","table":7,"value":20})", now + 300ms);
  EXPECT_EQ(error_code(out, 1), "not_your_turn");
  // Forehand's act request still stands: its answer is played.
  out = send(table, 0,
             R"({"type":"hold","table":7,"version":)" + std::to_string((*next)["version"].get<std::int64_t>()) + "}",
             now + 400ms);
  EXPECT_EQ(error_code(out, 0), "");
}

// Chat, presence and a watcher's resume between an act request and its answer are not moves:
// the answer naming the request's version is played (issue 18: an opponent chatting at every act
// request turned every bot move into a timeout). The act request sent again after a resume names
// the same turn.
TEST(Table, EventsThatAreNotMovesLeaveTheActRequestStanding) {
  Table table(7, fixed_config(2));
  TimePoint now = t0();
  auto out = seat_three_and_start(table, now);
  auto act = last_of_type(out, 1, "act");
  ASSERT_TRUE(act);
  const std::int64_t asked = (*act)["version"].get<std::int64_t>();
  out = send(table, 0, R"({"type":"chat","table":7,"text":"hurry up"})", now + 10ms);
  ASSERT_TRUE(last_of_type(out, 1, "chat"));
  out = table.disconnect(2, now + 20ms);
  out = table.reconnect(2, now + 30ms);
  ASSERT_TRUE(last_of_type(out, 1, "reconnected"));
  EXPECT_GT(table.version(), asked);
  out = table.resume(1, asked);
  const auto again = last_of_type(out, 1, "act");
  ASSERT_TRUE(again);
  EXPECT_EQ((*again)["version"], asked);
  out = send(table, 1, R"({"type":"bid","table":7,"value":18,"version":)" + std::to_string(asked) + "}", now + 40ms);
  EXPECT_EQ(error_code(out, 1), "");
  ASSERT_TRUE(last_of_type(out, 2, "bid"));
  // The move ended that turn: the same version is stale now, and forehand's request is the next.
  const auto next = last_of_type(out, 0, "act");
  ASSERT_TRUE(next);
  EXPECT_GT((*next)["version"].get<std::int64_t>(), asked);
  out = send(table, 0, R"({"type":"hold","table":7,"version":)" + std::to_string(asked) + "}", now + 50ms);
  EXPECT_EQ(error_code(out, 0), "stale");
}

// A defender's concession out of turn is a vote, not the end of the turn: the seat to act keeps
// its request. A move the clock already made for a seat does make its request stale.
TEST(Table, OnlyTheTurnsEndMakesAnAnswerStale) {
  Table table(7, fixed_config(2));
  TimePoint now = t0();
  auto out = seat_three_and_start(table, now);
  // Middlehand passes, rearhand (seat 2) bids 18, forehand passes: seat 2 declares a hand grand.
  EXPECT_EQ(error_code(send(table, 1, R"({"type":"pass","table":7})", now), 1), "");
  EXPECT_EQ(error_code(send(table, 2, R"({"type":"bid","table":7,"value":18})", now), 2), "");
  EXPECT_EQ(error_code(send(table, 0, R"({"type":"pass","table":7})", now), 0), "");
  out = send(table, 2, R"({"type":"declare","table":7,"game":"G","hand":true})", now);
  EXPECT_EQ(error_code(out, 2), "");
  auto lead = last_of_type(out, 0, "act");  // forehand leads
  ASSERT_TRUE(lead);
  const std::int64_t asked = (*lead)["version"].get<std::int64_t>();
  out = send(table, 1, R"({"type":"concede","table":7})", now + 1s);
  ASSERT_TRUE(last_of_type(out, 0, "concede"));
  EXPECT_FALSE(last_of_type(out, 0, "act"));
  const auto card_of = [](const Json& act) {
    const auto view = protocol::seat_view_from_json(act["view"]);
    for (const Action& a : view->legal)
      if (a.kind == ActionKind::Play) return protocol::action_to_json(a);
    return Json();
  };
  Json card = card_of(*lead);
  card.erase("pos");
  card["table"] = 7;
  card["version"] = asked;
  out = send(table, 0, (card.dump()), now + 2s);
  EXPECT_EQ(error_code(out, 0), "");
  const auto next = last_of_type(out, 1, "act");
  ASSERT_TRUE(next);
  // Middlehand's clock runs out: the table plays for it, and its late answer is stale.
  out = table.on_clock(now + 2s + 61s);
  ASSERT_TRUE(last_of_type(out, 1, "timeout"));
  Json late = card_of(*next);
  late.erase("pos");
  late["table"] = 7;
  late["version"] = (*next)["version"];
  out = send(table, 1, (late.dump()), now + 2s + 62s);
  EXPECT_EQ(error_code(out, 1), "stale");
}

TEST(Table, AnswerTimesAreRecordedPerSeat) {
  Table table(7, fixed_config(1));
  TimePoint now = t0();
  seat_three_and_start(table, now);
  std::vector<FinishedGame> games;
  // Every seat passes 40 ms after its act request: the deal is folded.
  for (int seat : {1, 2, 0}) {
    now += 40ms;
    auto out = send(table, seat, R"({"type":"pass","table":7})", now);
    for (auto& g : out.games) games.push_back(std::move(g));
  }
  ASSERT_EQ(games.size(), 1U);
  for (const auto& times : games[0].move_ms) {
    ASSERT_EQ(times.size(), 1U);
    EXPECT_FLOAT_EQ(times[0], 40.0F);
  }
}

// After a series' first game a person's move clock starts only once the result pause has passed
// (the page shows the previous result meanwhile); a bot's clock starts at once, as in the first game.
TEST(Table, APersonsClockWaitsForTheResultPause) {
  TableConfig config = fixed_config(2);
  config.result_pause_ms = 10000;
  Table table(7, config);
  TimePoint now = t0();
  const auto ms = [](TimePoint t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
  };
  const auto deadline = [](const TableOutput& out, int seat) { return (*last_of_type(out, seat, "act"))["deadline"]; };
  for (int s = 0; s < 2; ++s) ASSERT_TRUE(table.sit(s, person(s + 1, "p" + std::to_string(s + 1)), now).has_value());
  ASSERT_TRUE(table.sit(2, person(3, "AI1", true), now).has_value());
  auto started = table.start_series(0, now);
  ASSERT_TRUE(started.has_value());
  // The first game: no pause. Middlehand (seat 1, a person) has its full clock from now.
  EXPECT_EQ(deadline(*started, 1), ms(now + 60s));
  // Everyone passes: the game is folded and the second game starts at `second`.
  now += 1s;
  auto out = send(table, 1, R"({"type":"pass","table":7})", now);
  EXPECT_EQ(deadline(out, 2), ms(now + 5s));  // the bot: its own clock at once
  now += 1s;
  send(table, 2, R"({"type":"pass","table":7})", now);
  now += 1s;
  out = send(table, 0, R"({"type":"pass","table":7})", now);
  std::vector<FinishedGame> games;
  for (auto& g : out.games) games.push_back(std::move(g));
  ASSERT_EQ(games.size(), 1U);
  const TimePoint second = now;
  // Forehand is seat 1: middlehand is the bot (seat 2), whose clock starts at once.
  EXPECT_EQ(deadline(out, 2), ms(second + 5s));
  now += 1s;
  out = send(table, 2, R"({"type":"pass","table":7})", now);
  // Rearhand (seat 0, a person) asked 1 s into the game: its clock starts when the pause ends.
  EXPECT_EQ(deadline(out, 0), ms(second + 10s + 60s));
  now += 1s;
  out = send(table, 0, R"({"type":"pass","table":7})", now);
  EXPECT_EQ(deadline(out, 1), ms(second + 10s + 60s));
  // Nothing times out within the pause and the clock.
  EXPECT_TRUE(table.on_clock(second + 10s + 59s).messages.empty());
  // Seat 1 answers 5 s after the pause ended: 5 s off its clock; seat 0 answered within the pause.
  now = second + 15s;
  out = send(table, 1, R"({"type":"pass","table":7})", now);
  for (auto& g : out.games) games.push_back(std::move(g));
  ASSERT_EQ(games.size(), 2U);
  EXPECT_EQ(games[1].move_ms[1], std::vector<float>{5000.0F});
  EXPECT_EQ(games[1].move_ms[0], std::vector<float>{0.0F});
}

// A person whose page waits for a click after each game asks the table to hold its clock until its
// `ready` (bounded by result_wait_ms): the click starts the clock then, with a fresh request of the
// same turn; without a click the clock starts at the bound. A `ready` also ends the fixed pause of
// a person who did not ask to wait, and one for another game changes nothing.
TEST(Table, APersonsClockWaitsForTheReadyItAskedFor) {
  TableConfig config = fixed_config(3);
  config.result_pause_ms = 10000;
  config.result_wait_ms = 100000;
  Table table(7, config);
  TimePoint now = t0();
  const auto ms = [](TimePoint t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
  };
  const auto act = [](const TableOutput& out, int seat) { return last_of_type(out, seat, "act"); };
  ASSERT_TRUE(table.sit(0, person(1, "anna"), now));
  ASSERT_TRUE(table.sit(1, person(2, "AI1", true), now));
  ASSERT_TRUE(table.sit(2, person(3, "AI2", true), now));
  EXPECT_TRUE(table.result_wait(0, true, now).messages.empty());  // before the series: nothing to say
  ASSERT_TRUE(table.start_series(0, now));
  // game 1 (forehand seat 0): everyone passes; game 2 starts with forehand seat 1, middlehand seat 2
  send(table, 1, R"({"type":"pass","table":7})", now);
  send(table, 2, R"({"type":"pass","table":7})", now);
  auto out = send(table, 0, R"({"type":"pass","table":7})", now);
  ASSERT_EQ(out.games.size(), 1U);
  const TimePoint second = now;
  // the bot in middlehand passes at once: anna (rearhand) is asked, her clock held to the bound
  out = send(table, 2, R"({"type":"pass","table":7})", now + 1s);
  ASSERT_TRUE(act(out, 0));
  EXPECT_EQ((*act(out, 0))["deadline"], ms(second + 100s + 60s));
  EXPECT_TRUE(table.on_clock(second + 100s + 59s).messages.empty());  // the pause of 10 s holds nothing
  // a ready for another game changes nothing; her click at 30 s starts the clock then
  EXPECT_TRUE(table.ready(0, 0, second + 20s).messages.empty());
  EXPECT_TRUE(table.ready(0, 2, second + 20s).messages.empty());
  out = table.ready(0, 1, second + 30s);
  ASSERT_TRUE(act(out, 0));
  const std::int64_t version = (*act(out, 0))["version"];
  EXPECT_EQ((*act(out, 0))["deadline"], ms(second + 30s + 60s));
  EXPECT_EQ(out.next_deadline, second + 30s + 60s);
  EXPECT_TRUE(table.ready(0, 1, second + 31s).messages.empty());  // said once
  // she answers the request she had (its version still names the turn) 4 s after her click
  out = send(table, 0, R"({"type":"pass","table":7,"version":)" + std::to_string(version) + "}", second + 34s);
  EXPECT_EQ(error_code(out, 0), "");
  out = send(table, 1, R"({"type":"pass","table":7})", second + 35s);
  ASSERT_EQ(out.games.size(), 1U);
  EXPECT_EQ(out.games[0].move_ms[0], std::vector<float>{4000.0F});
  // game 3 (forehand seat 2, middlehand anna): asked at once, held; without her click the clock
  // runs from the bound
  const TimePoint third = second + 35s;
  ASSERT_TRUE(act(out, 0));
  EXPECT_EQ((*act(out, 0))["deadline"], ms(third + 100s + 60s));
  // she changes her mind (the page goes on after 10 s): the fixed pause again, a new deadline
  out = table.result_wait(0, false, third + 2s);
  ASSERT_TRUE(act(out, 0));
  EXPECT_EQ((*act(out, 0))["deadline"], ms(third + 10s + 60s));
  // and her page goes on after 5 s: the clock starts then
  out = table.ready(0, 2, third + 5s);
  ASSERT_TRUE(act(out, 0));
  EXPECT_EQ((*act(out, 0))["deadline"], ms(third + 5s + 60s));
  // once the clock runs, neither changes it
  EXPECT_TRUE(table.result_wait(0, true, third + 6s).messages.empty());
}

// A substitute sitting in for a person who left: every game after the first starts only after the
// result pause (the bots would play the rest of the series in moments), so that the person can
// take the seat back while the series runs; once the person is back, the table plays as before.
TEST(Table, ASubstituteForAPersonWhoLeftWaitsTheResultPauseBetweenGames) {
  TableConfig config = fixed_config(3);
  config.result_pause_ms = 10000;
  Table table(7, config);
  TimePoint now = t0();
  ASSERT_TRUE(table.sit(0, person(1, "anna"), now));
  ASSERT_TRUE(table.sit(1, person(2, "AI1", true), now));
  ASSERT_TRUE(table.sit(2, person(3, "AI2", true), now));
  ASSERT_TRUE(table.start_series(0, now));
  // anna leaves during the first game: a substitute takes the seat and the game goes on at once
  ASSERT_TRUE(table.leave(0, now));
  ASSERT_TRUE(table.sit(0, person(99, "sub", true), now));
  auto out = send(table, 1, R"({"type":"pass","table":7})", now);
  EXPECT_TRUE(last_of_type(out, 2, "act"));
  send(table, 2, R"({"type":"pass","table":7})", now);
  out = send(table, 0, R"({"type":"pass","table":7})", now);  // folded: the second game starts
  ASSERT_EQ(out.games.size(), 1U);
  // the record credits the seat to anna, the series' player, and marks the substitute's game
  EXPECT_EQ(out.games[0].seats[0].player_id, 1);
  EXPECT_EQ(out.games[0].replaced, (std::array<bool, 3>{true, false, false}));
  // and names who played it in her place
  ASSERT_TRUE(out.games[0].substitutes[0]);
  EXPECT_EQ(out.games[0].substitutes[0]->player_id, 99);
  EXPECT_FALSE(out.games[0].substitutes[1]);
  ASSERT_TRUE(last_of_type(out, 1, "game_started"));
  for (int s = 0; s < 3; ++s) EXPECT_FALSE(last_of_type(out, s, "act")) << "seat " << s;
  EXPECT_EQ(out.next_deadline, now + 10s);
  EXPECT_TRUE(table.on_clock(now + 9s).messages.empty());
  // the pause is over: middlehand (seat 2) is asked
  out = table.on_clock(now + 10s);
  EXPECT_TRUE(last_of_type(out, 2, "act"));
  EXPECT_EQ(out.next_deadline, now + 15s);  // a bot's clock from there
  now += 11s;
  send(table, 2, R"({"type":"pass","table":7})", now);
  send(table, 0, R"({"type":"pass","table":7})", now);
  out = send(table, 1, R"({"type":"pass","table":7})", now);  // the third game starts: held again
  ASSERT_EQ(out.games.size(), 1U);
  ASSERT_TRUE(out.games[0].substitutes[0]);  // the substitute sat there from the game's start
  EXPECT_EQ(out.games[0].substitutes[0]->name, "sub");
  for (int s = 0; s < 3; ++s) EXPECT_FALSE(last_of_type(out, s, "act")) << "seat " << s;
  // anna comes back within the pause to her turn (game 3: forehand seat 2, middlehand seat 0): she
  // is asked at once, her clock running from the end of the pause as at any table with people
  auto back = table.sit(0, person(1, "anna"), now + 1s);
  ASSERT_TRUE(back);
  EXPECT_TRUE(last_of_type(*back, 1, "returned"));
  const auto act = last_of_type(*back, 0, "act");
  ASSERT_TRUE(act);
  EXPECT_EQ((*act)["deadline"],
            std::chrono::duration_cast<std::chrono::milliseconds>((now + 10s + 60s).time_since_epoch()).count());
  // she played all of the third game: it is not marked as a substitute's
  send(table, 0, R"({"type":"pass","table":7})", now + 2s);
  send(table, 1, R"({"type":"pass","table":7})", now + 3s);
  out = send(table, 2, R"({"type":"pass","table":7})", now + 4s);
  ASSERT_EQ(out.games.size(), 1U);
  EXPECT_EQ(out.games[0].replaced, (std::array<bool, 3>{}));
  EXPECT_FALSE(out.games[0].substitutes[0]);
}

TEST(Table, TimeoutsPlayDefaultActionsAndAreRecorded) {
  TableConfig config = fixed_config(1);
  config.human_move_ms = 1000;
  Table table(7, config);
  TimePoint now = t0();
  auto out = seat_three_and_start(table, now);
  EXPECT_EQ(out.next_deadline, now + 1s);
  // Nothing happens before the deadline.
  EXPECT_TRUE(table.on_clock(now + 999ms).messages.empty());
  // Middlehand times out: it passes.
  now += 1s;
  out = table.on_clock(now);
  auto timeout = last_of_type(out, 0, "timeout");
  ASSERT_TRUE(timeout);
  EXPECT_EQ((*timeout)["seat"], 1);
  EXPECT_TRUE(last_of_type(out, 0, "pass"));
  EXPECT_EQ(out.next_deadline, now + 1s);
  // Let every clock run out: the deal ends (all pass → folded) and the series with it.
  std::vector<FinishedGame> games;
  std::optional<FinishedSeries> series;
  for (int i = 0; i < 100 && table.series_running(); ++i) {
    now += 1s;
    out = table.on_clock(now);
    for (auto& g : out.games) games.push_back(std::move(g));
    if (out.series) series = std::move(out.series);
  }
  ASSERT_EQ(games.size(), 1u);
  ASSERT_TRUE(series);
  EXPECT_TRUE(games[0].game.folded());
  int timeouts = 0;
  for (const Json& e : games[0].events) {
    if (e["type"] == "timeout") ++timeouts;
    if (e["type"] == "pass") {
      EXPECT_TRUE(e.value("timeout", false));
    }
  }
  EXPECT_EQ(timeouts, 3);
  EXPECT_EQ(games[0].timeouts, (std::array<int, 3>{1, 1, 1}));
  EXPECT_EQ(games[0].replaced, (std::array<bool, 3>{false, false, false}));
}

// A person who never moves held two bots for days (a 360-deal series at 60 s a move): after
// timeouts_before_gone default moves in a row the seat counts as gone, a substitute is asked for,
// and the person may take the seat back at any time.
TEST(Table, APersonWhoseClockRunsOutThreeTimesInARowCountsAsGone) {
  TableConfig config = fixed_config(6);
  config.human_move_ms = 1000;
  Table table(7, config);
  TimePoint now = t0();
  seat_three_and_start(table, now);
  std::array<int, 3> timeouts{};
  std::optional<int> gone;
  TableOutput out;
  for (int i = 0; i < 100 && !gone; ++i) {
    now += 1s;
    out = table.on_clock(now);
    for (const Json& m : messages_for(out, kSpectators)) {
      if (m["type"] == "timeout") ++timeouts[m["seat"].get<std::size_t>()];
      if (m["type"] == "disconnected") {
        ASSERT_EQ(m.value("timeouts", 0), 3) << m;
        gone = m["seat"].get<int>();
      }
    }
  }
  ASSERT_TRUE(gone);
  EXPECT_EQ(timeouts[static_cast<std::size_t>(*gone)], 3);
  for (int s = 0; s < 3; ++s) EXPECT_LE(timeouts[static_cast<std::size_t>(s)], 3);
  ASSERT_EQ(out.bot_requests.size(), 1u);
  EXPECT_EQ(out.bot_requests[0].seat, *gone);
  EXPECT_TRUE(last_of_type(out, 0, "replacing"));
  EXPECT_FALSE(table.connected(*gone));
  // A substitute takes the seat; the person takes it back.
  ASSERT_TRUE(table.sit(*gone, person(50, "house-1", true), now));
  EXPECT_EQ(table.occupant(*gone)->player_id, 50);
  const Participant me = person(*gone + 1, "p" + std::to_string(*gone + 1));
  const auto back = table.sit(*gone, me, now);
  ASSERT_TRUE(back);
  EXPECT_TRUE(last_of_type(*back, 0, "returned"));
  ASSERT_EQ(back->bot_releases.size(), 1u);
  EXPECT_EQ(table.occupant(*gone)->player_id, me.player_id);
  EXPECT_TRUE(table.connected(*gone));
}

// Only timeouts in a row count: a move of the person's own starts the count again.
TEST(Table, AnOwnMoveBetweenTimeoutsStartsTheCountAgain) {
  TableConfig config = fixed_config(8);
  config.human_move_ms = 1000;
  Table table(7, config);
  TimePoint now = t0();
  seat_three_and_start(table, now);
  constexpr int kMover = 1;
  int in_a_row = 0, own_moves = 0;
  std::set<int> gone;
  for (int i = 0; i < 400 && table.series_running(); ++i) {
    const Game* game = table.game();
    if (game && game->to_act() >= 0 && (table.position_of(kMover) == game->to_act()) && in_a_row == 2) {
      const auto out = send(table, kMover, R"({"type":"pass","table":7})", now);
      ASSERT_FALSE(last_of_type(out, kMover, "error")) << messages_for(out, kMover).back();
      in_a_row = 0;
      ++own_moves;
      continue;
    }
    now += 1s;
    for (const Json& m : messages_for(table.on_clock(now), kSpectators)) {
      if (m["type"] == "timeout" && m["seat"] == kMover) ++in_a_row;
      if (m["type"] == "disconnected" && m.contains("timeouts")) gone.insert(m["seat"].get<int>());
    }
  }
  EXPECT_GE(own_moves, 2);
  EXPECT_FALSE(gone.contains(kMover));
  EXPECT_TRUE(gone.contains(0));  // the others never moved
  EXPECT_TRUE(gone.contains(2));
}

TEST(Table, TimeoutsFinishAWholeGameWithLegalDefaults) {
  TableConfig config = fixed_config(1);
  config.human_move_ms = 1000;
  Table table(7, config);
  TimePoint now = t0();
  seat_three_and_start(table, now);
  // Middlehand bids, so someone declares; then the clocks play pickup, discard, declare, cards.
  send(table, 1, R"({"type":"bid","table":7,"value":18})", now);
  std::vector<FinishedGame> games;
  for (int i = 0; i < 200 && table.series_running(); ++i) {
    now += 1s;
    auto out = table.on_clock(now);
    check_no_leak(table, out);
    for (auto& g : out.games) games.push_back(std::move(g));
  }
  ASSERT_EQ(games.size(), 1u);
  EXPECT_FALSE(games[0].game.folded());
  EXPECT_TRUE(games[0].game.picked_up());
}

TEST(Table, DisconnectGraceBotReplacementAndReturn) {
  TableConfig config = fixed_config(3);
  config.grace_ms = 5000;
  config.timeouts_before_gone = 0;  // the clocks finish the game below; nobody counts as gone by them
  Table table(7, config);
  TimePoint now = t0();
  seat_three_and_start(table, now);
  auto out = table.disconnect(1, now);
  EXPECT_TRUE(last_of_type(out, 0, "disconnected"));
  EXPECT_FALSE(table.connected(1));
  // Within grace: reconnect, nothing replaced.
  out = table.reconnect(1, now + 1s);
  EXPECT_TRUE(last_of_type(out, 2, "reconnected"));
  EXPECT_TRUE(table.connected(1));
  // Gone for good: after the grace a bot is requested…
  table.disconnect(1, now + 2s);
  out = table.on_clock(now + 7s);
  ASSERT_EQ(out.bot_requests.size(), 1u);
  EXPECT_EQ(out.bot_requests[0].seat, 1);
  EXPECT_EQ(out.bot_requests[0].kind, "simple");
  // …another human may not take the seat; the bot may.
  EXPECT_FALSE(table.sit(1, person(50, "intruder"), now + 8s));
  auto seated = table.sit(1, person(99, "bot-1", true), now + 8s);
  ASSERT_TRUE(seated);
  EXPECT_TRUE(last_of_type(*seated, 0, "replaced"));
  EXPECT_TRUE(last_of_type(*seated, 1, "act"));     // its turn: the bot is asked at once
  EXPECT_EQ(seated->next_deadline, now + 8s + 5s);  // a fresh bot clock
  EXPECT_EQ(table.occupant(1)->player_id, 99);
  EXPECT_EQ(table.seat_of(2), 1);  // the human still owns the seat
  EXPECT_FALSE(table.seat_of(99));
  EXPECT_EQ(table.occupied_seat(99), 1);  // the bot occupies it
  EXPECT_FALSE(table.occupied_seat(2));
  // The bot plays (its act request is re-sent on resume).
  auto resumed = table.resume(1, 0);
  ASSERT_TRUE(last_of_type(resumed, 1, "act"));
  out = send(table, 1, R"({"type":"bid","table":7,"value":18})", now + 9s);
  EXPECT_TRUE(last_of_type(out, 0, "bid"));
  // The human comes back and takes the seat; the bot is released.
  auto back = table.sit(1, person(2, "p2"), now + 10s);
  ASSERT_TRUE(back);
  ASSERT_EQ(back->bot_releases.size(), 1u);
  EXPECT_EQ(back->bot_releases[0].player_id, 99);
  EXPECT_TRUE(last_of_type(*back, 0, "returned"));
  EXPECT_EQ(table.occupant(1)->player_id, 2);
  // The game record notes the replacement and the return.
  send(table, 0, R"({"type":"pass","table":7})", now + 11s);
  out = send(table, 2, R"({"type":"pass","table":7})", now + 12s);
  out = send(table, 1, R"({"type":"pickup","table":7})", now + 13s);
  std::vector<FinishedGame> games;
  std::optional<Json> result;
  for (int i = 0; i < 100 && games.empty(); ++i) {
    now += 61s;
    auto o = table.on_clock(now + 13s);
    for (auto& g : o.games) games.push_back(std::move(g));
    if (auto r = last_of_type(o, 0, "game_result")) result = *r;
  }
  ASSERT_EQ(games.size(), 1u);
  // The score sheet marks the seat a substitute played.
  ASSERT_TRUE(result);
  EXPECT_EQ((*result)["substitutes"], Json::parse("[[false,true,false]]"));
  std::vector<std::string> types;
  for (const Json& e : games[0].events) types.push_back(e["type"]);
  EXPECT_NE(std::ranges::find(types, "replaced"), types.end());
  EXPECT_NE(std::ranges::find(types, "returned"), types.end());
  EXPECT_EQ(games[0].replaced, (std::array<bool, 3>{false, true, false}));
}

TEST(Table, LeavingMidSeriesRequestsABotAtOnce) {
  Table table(7, fixed_config());
  seat_three_and_start(table, t0());
  auto out = table.leave(2, t0());
  ASSERT_TRUE(out);
  ASSERT_EQ(out->bot_requests.size(), 1u);
  EXPECT_EQ(out->bot_requests[0].seat, 2);
  // Not its turn (middlehand bids first): the replacement gets no act request yet.
  auto seated = table.sit(2, person(99, "bot-1", true), t0());
  ASSERT_TRUE(seated);
  EXPECT_TRUE(last_of_type(*seated, 2, "replaced"));
  EXPECT_FALSE(last_of_type(*seated, 2, "act"));
  EXPECT_EQ(table.occupied_seat(99), 2);
}

TEST(Table, SeatingRules) {
  Table table(7, fixed_config());
  const TimePoint now = t0();
  ASSERT_TRUE(table.sit(0, person(1, "a"), now));
  EXPECT_EQ(table.sit(0, person(2, "b"), now).error().code, protocol::ErrorCode::SeatTaken);
  EXPECT_EQ(table.sit(1, person(1, "a"), now).error().code, protocol::ErrorCode::AlreadySeated);
  EXPECT_EQ(table.start_series(0, now).error().code, protocol::ErrorCode::NotReady);
  ASSERT_TRUE(table.leave(0, now));
  EXPECT_FALSE(table.occupant(0));
  // A disconnected player's seat frees itself after the grace when no series runs.
  ASSERT_TRUE(table.sit(0, person(1, "a"), now));
  table.disconnect(0, now);
  table.on_clock(now + 31s);
  EXPECT_FALSE(table.occupant(0));
}

TEST(Table, ResumeSendsMissedEventsOrFullState) {
  Table table(7, fixed_config(3));
  TimePoint now = t0();
  seat_three_and_start(table, now);
  const std::int64_t seen = table.version();
  send(table, 1, R"({"type":"bid","table":7,"value":18})", now);
  send(table, 0, R"({"type":"hold","table":7})", now);
  // Missed events, in order, then the act request if it is that seat's turn.
  auto out = table.resume(1, seen);
  auto msgs = messages_for(out, 1);
  ASSERT_EQ(msgs.size(), 3u);
  EXPECT_EQ(msgs[0]["type"], "bid");
  EXPECT_EQ(msgs[0]["version"], seen + 1);
  EXPECT_EQ(msgs[1]["type"], "hold");
  EXPECT_EQ(msgs[2]["type"], "act");
  // Up to date: only the act request.
  EXPECT_EQ(messages_for(table.resume(1, table.version()), 1).size(), 1u);
  EXPECT_TRUE(messages_for(table.resume(2, table.version()), 2).empty());
  // Replaying from 0 is the whole kept log; the replayed hand is the seat's own.
  auto all = messages_for(table.resume(2, 0), 2);
  EXPECT_EQ(all.front()["version"], 1);
  // A version from the future is answered with the full state.
  auto state = messages_for(table.resume(2, table.version() + 5), 2);
  ASSERT_FALSE(state.empty());
  EXPECT_EQ(state[0]["type"], "state");
  EXPECT_EQ(state[0]["position"], 2);
  auto view = protocol::seat_view_from_json(state[0]["view"]);
  ASSERT_TRUE(view);
  EXPECT_TRUE(same_view(*view, *table.view(2)));
  // Spectators get a state without any hand.
  auto spectator = messages_for(table.resume(kSpectators, table.version() + 1), kSpectators);
  EXPECT_TRUE(spectator[0]["view"]["hand"].empty());
}

TEST(Table, OldEventsAreForgottenAndThenAFullStateIsSent) {
  TableConfig config = fixed_config(5);
  config.human_move_ms = 1000;
  Table table(7, config);
  TimePoint now = t0();
  seat_three_and_start(table, now);
  for (int i = 0; i < 20; ++i) table.on_clock(now += 1s);  // several folded deals
  auto msgs = messages_for(table.resume(0, 1), 0);
  ASSERT_FALSE(msgs.empty());
  EXPECT_EQ(msgs[0]["type"], "state");
}

}  // namespace
}  // namespace skat::table::test
