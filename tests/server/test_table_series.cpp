// Full series through the Table API only, with SimplePlayers deciding from the SeatView JSON of
// each act request, and the no-leak check over every message of 100+ seeded games.
#include "engine/records/pgn.h"
#include "tests/server/table_test_support.h"

namespace skat::table::test {
namespace {

TEST(TableSeries, ThreeBotsPlayAFullSeriesThroughJson) {
  TableConfig config;
  config.deal_source = seeded_deals(1);
  Table table(1, config);
  TimePoint now = t0();
  BotDriver driver(1);
  driver.run(table, seat_three_and_start(table, now, true), now);

  ASSERT_EQ(driver.games_.size(), 36u);
  ASSERT_EQ(driver.series_.size(), 1u);
  EXPECT_FALSE(table.series_running());
  const FinishedSeries& series = driver.series_[0];
  EXPECT_EQ(series.series.games.size(), 36u);
  EXPECT_EQ(series.series.header.number_of_games, 36);
  // The PGN text reads back to the same series.
  const PgnReadResult read = read_pgn(series.pgn);
  EXPECT_TRUE(read.ok());
  EXPECT_EQ(read.series, series.series);
  std::array<int, 3> total{};
  for (std::size_t i = 0; i < driver.games_.size(); ++i) {
    const FinishedGame& g = driver.games_[i];
    EXPECT_EQ(g.game_index, static_cast<int>(i));
    EXPECT_EQ(g.forehand_seat, static_cast<int>(i % 3));
    EXPECT_EQ(g.pgn_line, write_pgn_game(g.pgn));
    EXPECT_EQ(deal_id(g.game.deal()), g.deal_id);
    ASSERT_TRUE(g.events.is_array());
    EXPECT_EQ(g.events.front()["type"], "game_started");
    EXPECT_EQ(g.events.back()["type"], "game_result");
    for (const Json& e : g.events) EXPECT_TRUE(e.contains("t"));
    for (std::size_t s = 0; s < 3; ++s) total[s] += g.points[s];
  }
  for (std::size_t s = 0; s < 3; ++s) EXPECT_EQ(series.scores[s].score, total[s]);
  EXPECT_EQ(table.series_scores(), total);
}

// After a game everything is open: its game_result shows every seat and the spectators the skat
// as dealt and the two cards put (the skat again in a hand game), and no earlier message of the
// game named a put card to a defender or a spectator.
TEST(TableSeries, GameResultOpensTheSkatToEveryone) {
  TableConfig config;
  config.deals = 12;
  config.deal_source = seeded_deals(2);
  Table table(3, config);
  TimePoint now = t0();
  BotDriver driver(2);
  driver.run(table, seat_three_and_start(table, now, true), now);
  ASSERT_EQ(driver.games_.size(), 12u);
  int played = 0;
  for (const FinishedGame& g : driver.games_) {
    const Game& game = g.game;
    const Json skat = protocol::cards_to_json(game.deal().skat);
    const int declarer = game.folded() ? -1 : (g.forehand_seat + game.declarer()) % 3;
    for (int audience : {0, 1, 2, kSpectators}) {
      bool ended = false;
      for (const Outbound& m : driver.sent_) {
        if (m.audience != audience && m.audience != kAllSeats) continue;
        const Json j = m.json();
        if (j.value("game", -1) != g.game_index) continue;
        if (j.value("type", "") == "game_result") {
          EXPECT_FALSE(ended);
          ended = true;
          EXPECT_EQ(j["skat"], skat) << j.dump();
          if (game.folded()) {
            EXPECT_FALSE(j.contains("discard")) << j.dump();
          } else {
            EXPECT_EQ(j["discard"], protocol::cards_to_json(game.discard())) << j.dump();
          }
          continue;
        }
        if (audience == declarer || game.folded()) continue;
        // The put cards are never played: no message before the result may name one.
        CardSet named;
        collect_cards(j, named);
        EXPECT_TRUE((named & game.discard()).empty())
            << "audience " << audience << " sees a put card before the end: " << j.dump();
      }
      EXPECT_TRUE(ended) << "game " << g.game_index << " audience " << audience;
    }
    if (!game.folded()) {
      ++played;
      if (!game.picked_up()) {
        EXPECT_EQ(game.discard(), game.deal().skat);
      }
    }
  }
  EXPECT_GT(played, 0);
}

TEST(TableSeries, SameDealsSameRecords) {
  std::vector<std::string> pgn;
  for (int run = 0; run < 2; ++run) {
    TableConfig config;
    config.deals = 6;
    config.deal_source = seeded_deals(5);
    Table table(9, config);
    TimePoint now = t0();
    BotDriver driver(3);
    driver.run(table, seat_three_and_start(table, now, true), now);
    ASSERT_EQ(driver.series_.size(), 1u);
    std::string lines;
    for (const auto& g : driver.series_[0].series.games) lines += write_pgn_game(g) + "\n";
    pgn.push_back(lines);
  }
  EXPECT_EQ(pgn[0], pgn[1]);
}

TEST(TableSeries, NoMessageLeaksACardOverManySeededGames) {
  int games = 0;
  int messages = 0;
  for (std::uint64_t seed = 1; games < 120; ++seed) {
    TableConfig config;
    config.deals = 12;
    config.deal_source = seeded_deals(100 + seed);
    Table table(static_cast<TableId>(seed), config);
    TimePoint now = t0();
    BotDriver driver(seed);
    driver.run(table, seat_three_and_start(table, now), now);
    // Resume from every possible version must not leak either (state messages included).
    for (int a = 0; a <= 3; ++a)
      for (std::int64_t v = 0; v <= table.version(); v += 7)
        messages += check_no_leak(table, table.resume(a, v), driver.games_);
    games += static_cast<int>(driver.games_.size());
    messages += driver.messages_;
  }
  EXPECT_GE(games, 100);
  EXPECT_GT(messages, 10000);
}

}  // namespace
}  // namespace skat::table::test
