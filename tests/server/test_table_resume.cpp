// A series a previous server process left unfinished goes on at a fresh table: it waits for its
// three players, continues with the next deal, and ends with every game in its records.
#include "engine/records/pgn.h"
#include "protocol/server_messages.h"
#include "tests/server/table_test_support.h"

namespace skat::table::test {
namespace {

constexpr std::uint64_t kDeals[6] = {11, 222, 3333, 44444, 555555, 6666666};

TableConfig six_deals() {
  TableConfig c;
  c.deals = 6;
  c.grace_ms = 30000;
  c.deal_source = [](int game) { return kDeals[game]; };
  return c;
}

// The games a first process finished and stored: a series of the first three deals.
SeriesSoFar three_games_stored(bool bots) {
  TableConfig c = six_deals();
  c.deals = 3;
  Table table(5, c);
  TimePoint now = t0();
  BotDriver driver(7);
  driver.run(table, seat_three_and_start(table, now, bots), now);
  EXPECT_EQ(driver.series_.size(), 1u);
  SeriesSoFar so_far;
  so_far.series_index = 0;
  for (int s = 0; s < 3; ++s) so_far.seats[static_cast<std::size_t>(s)] = *table.occupant(s);
  so_far.started = t0();
  so_far.games = driver.series_.at(0).series.games;
  return so_far;
}

bool has_type(const TableOutput& out, std::string_view type) {
  for (const Outbound& m : out.messages)
    if (m.json().value("type", "") == type) return true;
  return false;
}

TEST(TableResume, WaitsForItsPlayersThenPlaysTheRestAndRecordsEveryGame) {
  const SeriesSoFar so_far = three_games_stored(false);
  Table table(5, six_deals());
  TimePoint now = t0() + 1h;
  auto resumed = table.resume_series(so_far, now);
  ASSERT_TRUE(resumed) << resumed.error().message;
  EXPECT_TRUE(table.series_running());
  EXPECT_EQ(table.games_played(), 3);
  const auto event = last_of_type(*resumed, kSpectators, "series_resumed");
  ASSERT_TRUE(event);
  EXPECT_EQ((*event)["next_game"], 3);
  EXPECT_EQ((*event)["list"].size(), 3u);
  // The scores so far come from the stored games.
  std::array<int, 3> expected{};
  for (const PgnGame& g : so_far.games) {
    const auto points = seeger_fabian_points(pgn_list_game(g));
    for (std::size_t s = 0; s < 3; ++s) expected[s] += points[s];
  }
  EXPECT_EQ(table.series_scores(), expected);
  // The seats are held for their players: nobody else may sit, and no game runs until all are back.
  EXPECT_FALSE(table.sit(0, person(99, "stranger"), now));
  for (int s = 0; s < 2; ++s) {
    auto back = table.sit(s, so_far.seats[static_cast<std::size_t>(s)], now);
    ASSERT_TRUE(back);
    EXPECT_FALSE(has_type(*back, "game_started"));
    EXPECT_EQ(table.game(), nullptr);
  }
  auto last = table.sit(2, so_far.seats[2], now);
  ASSERT_TRUE(last);
  const auto started = last_of_type(*last, 0, "game_started");
  ASSERT_TRUE(started);
  EXPECT_EQ((*started)["game"], 3);
  EXPECT_EQ((*started)["forehand"], 0);  // line 3: Seat1 leads again
  ASSERT_NE(table.game(), nullptr);
  EXPECT_EQ(deal_id(table.game()->deal()), kDeals[3]);

  BotDriver driver(8);
  driver.run(table, std::move(*last), now);
  ASSERT_EQ(driver.series_.size(), 1u);
  ASSERT_EQ(driver.games_.size(), 3u);
  const FinishedSeries& series = driver.series_[0];
  ASSERT_EQ(series.series.games.size(), 6u);
  for (std::size_t i = 0; i < 3; ++i)
    EXPECT_EQ(write_pgn_game(series.series.games[i]), write_pgn_game(so_far.games[i]));
  for (std::size_t i = 3; i < 6; ++i) {
    EXPECT_EQ(series.series.games[i].id, static_cast<int>(i));
    EXPECT_EQ(driver.games_[i - 3].game_index, static_cast<int>(i));
    EXPECT_EQ(driver.games_[i - 3].deal_id, kDeals[i]);
    EXPECT_EQ(driver.games_[i - 3].replaced, (std::array<bool, 3>{}));
  }
  // The result counts all six games, and the header keeps the first process's start.
  PgnSeries whole = series.series;
  fill_pgn_result(whole);
  EXPECT_EQ(series.scores, whole.header.result);
  EXPECT_EQ(series.started, so_far.started);
  EXPECT_EQ(series.seats, so_far.seats);
  EXPECT_FALSE(table.series_running());
}

TEST(TableResume, ASeatNotBackWithinTheGraceGoesToABot) {
  const SeriesSoFar so_far = three_games_stored(false);
  Table table(5, six_deals());
  const TimePoint now = t0() + 1h;
  ASSERT_TRUE(table.resume_series(so_far, now));
  ASSERT_TRUE(table.sit(0, so_far.seats[0], now));
  ASSERT_TRUE(table.sit(1, so_far.seats[1], now));
  EXPECT_EQ(table.next_deadline(), now + 30s);
  TableOutput out = table.on_clock(now + 30s);
  ASSERT_EQ(out.bot_requests.size(), 1u);
  EXPECT_EQ(out.bot_requests[0].seat, 2);
  EXPECT_EQ(table.game(), nullptr);
  auto bot = table.sit(2, person(50, "helper", true), now + 31s);
  ASSERT_TRUE(bot);
  ASSERT_TRUE(last_of_type(*bot, 0, "game_started"));
  TimePoint clock = now + 31s;
  BotDriver driver(9);
  driver.run(table, std::move(*bot), clock);
  ASSERT_EQ(driver.games_.size(), 3u);
  for (const FinishedGame& g : driver.games_) EXPECT_EQ(g.replaced, (std::array<bool, 3>{false, false, true}));
  ASSERT_EQ(driver.series_.size(), 1u);
  EXPECT_EQ(driver.series_[0].series.games.size(), 6u);
  // The seat stays the human's: the bot only stood in.
  EXPECT_EQ(table.seat_of(so_far.seats[2].player_id), 2);
}

TEST(TableResume, EveryVersionOfTheEarlierProcessGetsTheFullState) {
  const SeriesSoFar so_far = three_games_stored(true);
  Table table(5, six_deals());
  const TimePoint now = t0() + 1h;
  ASSERT_TRUE(table.resume_series(so_far, now));
  EXPECT_GT(table.version(), std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count());
  for (const std::int64_t old : {std::int64_t{0}, std::int64_t{1}, std::int64_t{5000}}) {
    const TableOutput out = table.resume(1, old);
    const auto state = last_of_type(out, 1, "state");
    ASSERT_TRUE(state) << old;
    EXPECT_TRUE((*state)["running"]);
    EXPECT_EQ((*state)["list"].size(), 3u);
    EXPECT_FALSE((*state)["seats"][1]["connected"]);
  }
  // A client of this process that is up to date gets nothing new.
  EXPECT_TRUE(table.resume(1, table.version()).messages.empty());
}

TEST(TableResume, RefusesWhatCannotBeContinued) {
  SeriesSoFar so_far = three_games_stored(false);
  const TimePoint now = t0() + 1h;
  {
    TableConfig c = six_deals();
    c.deals = 3;
    Table table(5, c);
    EXPECT_FALSE(table.resume_series(so_far, now));  // every deal is played already
  }
  {
    SeriesSoFar shuffled = so_far;
    std::swap(shuffled.games[0], shuffled.games[1]);
    Table table(5, six_deals());
    EXPECT_FALSE(table.resume_series(shuffled, now));
  }
  {
    SeriesSoFar seatless = so_far;
    seatless.seats[1] = Participant{};
    Table table(5, six_deals());
    EXPECT_FALSE(table.resume_series(seatless, now));
  }
  {
    Table table(5, six_deals());
    ASSERT_TRUE(table.sit(0, person(1, "p1"), now));
    EXPECT_FALSE(table.resume_series(so_far, now));  // only a fresh table
  }
  Table table(5, six_deals());
  ASSERT_TRUE(table.resume_series(so_far, now));
  EXPECT_FALSE(table.resume_series(so_far, now));
}

}  // namespace
}  // namespace skat::table::test
