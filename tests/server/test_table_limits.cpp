// What one player cannot do to a table: flood its chat (a rate per player, a bound per game and
// its record), hold a seat at a human's clock after leaving, keep a series (and its bots) going
// with nobody left at it, or stay seated when the table's creator removes it before the series.
#include "server/table/chat_limits.h"
#include "tests/server/table_test_support.h"

namespace skat::table::test {
namespace {

TableConfig config(int deals = 3) {
  TableConfig c;
  c.deals = deals;
  c.deal_source = [](int) { return 123456789; };
  c.human_move_ms = 60000;
  c.bot_move_ms = 2000;
  c.grace_ms = 5000;
  c.abandon_after_ms = 10000;
  return c;
}

std::string error_code(const TableOutput& out, int seat) {
  auto e = last_of_type(out, seat, "error");
  return e ? (*e)["code"].get<std::string>() : "";
}

int chats_in(const Json& events) {
  int n = 0;
  for (const Json& e : events) n += e.value("type", "") == "chat";
  return n;
}

TEST(TableLimits, ChatFasterThanThePlayersRateIsRefusedAndTheTableGoesOn) {
  Table table(7, config());
  TimePoint now = t0();
  seat_three_and_start(table, now);
  for (int i = 0; i < kChatBurst; ++i)
    EXPECT_TRUE(last_of_type(table.chat(0, "hello", now), 1, "chat")) << "line " << i;
  auto refused = table.chat(0, "hello", now);
  EXPECT_EQ(error_code(refused, 0), "chat_limited");
  EXPECT_FALSE(last_of_type(refused, 1, "chat"));
  // Another player has its own allowance; the first gets one line back after the refill.
  EXPECT_TRUE(last_of_type(table.chat(1, "hi", now), 0, "chat"));
  EXPECT_TRUE(last_of_type(table.chat(0, "again", now + kChatRefill), 1, "chat"));
  EXPECT_EQ(error_code(table.chat(0, "again", now + kChatRefill), 0), "chat_limited");
  // The game goes on.
  auto bid = table.act(1, Action::make_bid(1, 18), now + kChatRefill);
  EXPECT_TRUE(last_of_type(bid, 0, "bid"));
}

TEST(TableLimits, AGamesChatAndItsRecordAreBounded) {
  TableConfig c = config(1);
  c.human_move_ms = 1000;
  Table table(7, c);
  TimePoint now = t0();
  seat_three_and_start(table, now);
  // Lines spaced by the refill period: the rate allows each, the game's bound stops them.
  const std::string line(300, 'x');
  int accepted = 0, full = 0;
  for (int i = 0; i < 3 * kMaxChatLinesPerGame; ++i) {
    const auto out = table.chat(i % 3, line, now + kChatRefill * (i / 3));
    accepted += last_of_type(out, (i + 1) % 3, "chat").has_value();
    full += error_code(out, i % 3) == "chat_full";
  }
  const int by_bytes = static_cast<int>(kMaxChatBytesPerGame / line.size());
  EXPECT_EQ(accepted, std::min(kMaxChatLinesPerGame, by_bytes));
  EXPECT_EQ(full, 3 * kMaxChatLinesPerGame - accepted);
  // The game ends on the clocks: its record holds the accepted lines only.
  std::vector<FinishedGame> games;
  now += kChatRefill * kMaxChatLinesPerGame;
  for (int i = 0; i < 200 && table.series_running(); ++i) {
    now += 1s;
    auto out = table.on_clock(now);
    for (auto& g : out.games) games.push_back(std::move(g));
  }
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(chats_in(games[0].events), accepted);
  EXPECT_LE(games[0].events.dump().size(), kMaxChatBytesPerGame + 64 * 1024);
}

TEST(TableLimits, ANewGameStartsWithAnEmptyChat) {
  TableConfig c = config(2);
  c.human_move_ms = 1000;
  Table table(7, c);
  TimePoint now = t0();
  seat_three_and_start(table, now);
  for (int i = 0; i < 3 * kMaxChatLinesPerGame; ++i) table.chat(i % 3, "x", now + kChatRefill * (i / 3));
  EXPECT_EQ(error_code(table.chat(0, "x", now + kChatRefill * 1000), 0), "chat_full");
  now += kChatRefill * 1000;
  for (int i = 0; i < 200 && table.games_played() == 0; ++i) table.on_clock(now += 1s);
  ASSERT_EQ(table.games_played(), 1);
  EXPECT_TRUE(last_of_type(table.chat(0, "x", now + kChatRefill * 5), 1, "chat"));
}

// Seat 1 (middlehand) must bid first; its human goes and no bot is free.
TEST(TableLimits, ASeatNobodyPlaysMovesAtTheBotClock) {
  Table table(7, config());
  TimePoint now = t0();
  auto out = seat_three_and_start(table, now);
  EXPECT_EQ(out.next_deadline, now + 60s);  // a human's clock
  table.disconnect(1, now);
  out = table.on_clock(now + 5s);  // the grace is over: a bot is asked for, none comes
  ASSERT_EQ(out.bot_requests.size(), 1u);
  EXPECT_EQ(out.next_deadline, now + 5s + 2s);  // the bot clock from here
  out = table.on_clock(now + 7s);
  EXPECT_TRUE(last_of_type(out, 0, "timeout"));
  EXPECT_TRUE(table.series_running());  // two people still play

  // A seat that goes unplayed before its turn: when the turn comes, it gets the bot clock.
  Table other(8, config());
  seat_three_and_start(other, now);
  other.disconnect(0, now);
  other.on_clock(now + 5s);
  out = other.act(1, Action::make_bid(1, 18), now + 6s);  // middlehand bids; forehand (seat 0) answers
  EXPECT_TRUE(last_of_type(out, 2, "bid"));
  EXPECT_EQ(out.next_deadline, now + 6s + 2s);
}

// Anna in seat 0 and two bots, their series started.
bool start_one_person_and_two_bots(Table& table, TimePoint now) {
  return table.sit(0, person(1, "anna"), now) && table.sit(1, person(91, "bot-1", true), now) &&
         table.sit(2, person(92, "bot-2", true), now) && table.start_series(0, now);
}

TEST(TableLimits, ASeriesWhoseHumansAreAllGoneEndsAsAbandoned) {
  Table table(7, config());
  TimePoint now = t0();
  ASSERT_TRUE(start_one_person_and_two_bots(table, now));
  table.disconnect(0, now);
  EXPECT_FALSE(table.on_clock(now + 4s).series);  // within the grace: it plays on
  EXPECT_TRUE(table.series_running());
  // Past the grace a bot is asked for the seat, and the person may still come back for a while.
  const auto at_grace = table.on_clock(now + 5s);
  EXPECT_FALSE(at_grace.series);
  EXPECT_FALSE(at_grace.bot_requests.empty());
  ASSERT_TRUE(at_grace.next_deadline);
  EXPECT_LE(*at_grace.next_deadline, now + 15s);  // the table wakes up to end it
  EXPECT_FALSE(table.on_clock(now + 14s).series);
  EXPECT_TRUE(table.series_running());
  auto out = table.on_clock(now + 15s);
  EXPECT_FALSE(table.series_running());
  ASSERT_TRUE(out.series);
  EXPECT_TRUE(out.series->abandoned);
  EXPECT_TRUE(out.series->series.games.empty());  // the game in progress is not recorded
  EXPECT_TRUE(out.games.empty());
  EXPECT_TRUE(out.bot_requests.empty());  // nobody more is to come for the gone human
  const auto finished = last_of_type(out, 1, "series_finished");
  ASSERT_TRUE(finished);
  EXPECT_TRUE(finished->value("abandoned", false));
  EXPECT_FALSE(table.occupant(0));  // the human's seat is free; the bots' go back with the host
  EXPECT_FALSE(out.next_deadline);
  // The table can start again once people sit down.
  ASSERT_TRUE(table.sit(0, person(2, "ben"), now + 16s));
  EXPECT_TRUE(table.start_series(0, now + 16s));
}

// A person who comes back to the seat before the series is abandoned stops the count: leaving
// again later gives the whole time afresh.
TEST(TableLimits, APersonBackBeforeTheSeriesIsAbandonedStartsTheCountAfresh) {
  Table table(7, config());
  TimePoint now = t0();
  ASSERT_TRUE(start_one_person_and_two_bots(table, now));
  table.disconnect(0, now);
  EXPECT_FALSE(table.on_clock(now + 5s).series);  // the count starts: abandoned at +15 s
  table.reconnect(0, now + 12s);
  table.disconnect(0, now + 13s);
  EXPECT_FALSE(table.on_clock(now + 18s).series);  // the grace again, the count from +18 s
  EXPECT_FALSE(table.on_clock(now + 27s).series);
  EXPECT_TRUE(table.series_running());
  const auto out = table.on_clock(now + 28s);
  ASSERT_TRUE(out.series);
  EXPECT_TRUE(out.series->abandoned);
}

TEST(TableLimits, ASeriesWithAHumanLeftOrATableOfBotsPlaysOn) {
  Table table(7, config());
  TimePoint now = t0();
  seat_three_and_start(table, now);
  table.disconnect(0, now);
  table.disconnect(2, now);
  EXPECT_FALSE(table.on_clock(now + 5s).series);
  EXPECT_TRUE(table.series_running());  // seat 1's human is still there

  Table bots(8, config());
  seat_three_and_start(bots, now, true);
  for (int s = 0; s < 3; ++s) bots.disconnect(s, now);
  EXPECT_FALSE(bots.on_clock(now + 5s).series);
  EXPECT_TRUE(bots.series_running());  // nobody left it: it never had people
}

TEST(TableLimits, TheCreatorRemovesASeatedPlayerBeforeTheSeries) {
  Table table(7, config());
  const TimePoint now = t0();
  ASSERT_TRUE(table.sit(0, person(1, "anna"), now));
  ASSERT_TRUE(table.sit(1, person(2, "intruder"), now));
  auto removed = table.remove(1, now);
  ASSERT_TRUE(removed);
  const auto left = last_of_type(*removed, 0, "left");
  ASSERT_TRUE(left);
  EXPECT_EQ((*left)["seat"], 1);
  EXPECT_TRUE(left->value("removed", false));
  EXPECT_FALSE(table.occupant(1));
  EXPECT_EQ(table.remove(1, now).error().code, protocol::ErrorCode::NotSeated);
  ASSERT_TRUE(table.sit(1, person(3, "ben"), now));
  ASSERT_TRUE(table.sit(2, person(4, "cleo"), now));
  ASSERT_TRUE(table.start_series(0, now));
  EXPECT_EQ(table.remove(1, now).error().code, protocol::ErrorCode::SeriesRunning);
  EXPECT_EQ(table.occupant(1)->player_id, 3);
}

}  // namespace
}  // namespace skat::table::test
