// The complete bot's table decisions: the payoff formula; bids follow the tables (all games won:
// it bids high; all lost and a hand no null can save: it passes); pickup choices respect the bid;
// the explorer self-play that builds T0 is independent of the thread count; and the complete bot
// plays whole games legally; announcements follow the solver's chances of schneider and schwarz.
#include <gtest/gtest.h>

#include "bots/play_deal.h"
#include "bots/table_bot/announcements.h"
#include "bots/table_bot/base_tables.h"
#include "bots/table_bot/contract_evaluator.h"
#include "bots/table_bot/table_player.h"
#include "engine/auction.h"
#include "engine/deal.h"
#include "engine/scoring.h"
#include "tests/bots/card_names.h"

namespace skat::bots {
namespace {

// Tables whose every suit and grand bucket says `won` (through the table mean).
TableSet uniform_tables(bool won) {
  TableSet t;
  DeclarerContext c;
  c.declaration.type = GameType::Clubs;
  c.hand = cards("CJ SJ CA CT CK CQ C9 HA HT D7");
  c.skat_put = cards("D8 D9");
  for (int i = 0; i < 100; ++i) t.table(TableKind::Suit).add(suit_features(c), won);
  c.declaration.type = GameType::Grand;
  for (int i = 0; i < 100; ++i) t.table(TableKind::Grand).add(grand_features(c), won);
  return t;
}

TEST(ContractEvaluator, ExpectedPayoffIsTheSeegerFabianBalance) {
  EXPECT_DOUBLE_EQ(expected_payoff(1.0, 24), 74.0);
  EXPECT_DOUBLE_EQ(expected_payoff(0.0, 24), -98.0);
  EXPECT_DOUBLE_EQ(expected_payoff(0.5, 20), 0.5 * 70 - 0.5 * 90);
}

TEST(ContractEvaluator, BidsHighWhenTheTablesSayEveryGameWinsAndPassesWhenNone) {
  const TableSet winning = uniform_tables(true);
  const TableSet losing = uniform_tables(false);
  const CardSet hand = cards("CJ SJ CA CT CK HA HT SA DA D7");
  const int high = ContractEvaluator(winning).max_bid(hand, 0);
  // Grand with two jacks (with 2, game 3): 72; a sure win is worth bidding to the top value.
  EXPECT_GE(high, 72);
  EXPECT_EQ(ContractEvaluator(losing).max_bid(hand, 0), 0);
  // More aggressive settings never bid less.
  ContractSettings bold;
  bold.aggressiveness_threshold = -20;
  EXPECT_GE(ContractEvaluator(losing, bold).max_bid(hand, 0), 0);
}

TEST(ContractEvaluator, PickupChoiceReachesTheBidAndPutsTwoOfTheTwelve) {
  const TableSet winning = uniform_tables(true);
  const ContractEvaluator e(winning);
  const CardSet twelve = cards("CJ SJ CA CT CK HA HT SA DA D7 D8 S7");
  for (const int bid : {18, 36, 60}) {
    const ContractChoice c = e.best_pickup_game(twelve, bid, 1);
    EXPECT_FALSE(c.declaration.hand);
    EXPECT_GE(c.value, bid) << bid;
    EXPECT_NE(c.discard[0], c.discard[1]);
    EXPECT_TRUE(twelve.contains(c.discard[0]) && twelve.contains(c.discard[1]));
    const CardSet discard{c.discard[0], c.discard[1]};
    EXPECT_EQ(e.best_declaration(twelve - discard, discard, bid, 1).declaration.type, c.declaration.type);
  }
  const double strength = e.hand_strength(cards("CJ SJ CA CT CK HA HT SA DA D7"), 0);
  EXPECT_GE(strength, 0.0);
  EXPECT_LE(strength, 1.0);
}

TEST(ContractEvaluator, EveryPuttingMethodGivesALegalDiscardForTheChosenGame) {
  const TableSet winning = uniform_tables(true);
  const CardSet twelve = cards("CJ HJ CA CT C9 C8 HA HK SA S7 D7 DK");
  for (const auto method : {putting::PuttingMethod::Rules, putting::PuttingMethod::VonStegen,
                            putting::PuttingMethod::Kinback, putting::PuttingMethod::WinProbability}) {
    ContractSettings settings;
    settings.putting = method;
    const ContractChoice c = ContractEvaluator(winning, settings).best_pickup_game(twelve, 18, 0);
    EXPECT_NE(c.discard[0], c.discard[1]);
    EXPECT_TRUE(twelve.contains(c.discard[0]) && twelve.contains(c.discard[1]));
    EXPECT_GE(c.value, 18);
  }
}

TEST(BaseTables, TheSameTablesWithAnyNumberOfThreads) {
  BaseTablesConfig config;
  config.games = 8;
  config.seed = 4;
  config.pimc.worlds = 1;
  config.pimc.budget = std::chrono::milliseconds(3'600'000);
  const BaseTables one = build_base_tables(config);
  config.threads = 3;
  const BaseTables three = build_base_tables(config);
  EXPECT_EQ(one.games, three.games);
  EXPECT_TRUE(one.tables == three.tables);
  EXPECT_EQ(one.stats.folded + one.stats.excluded(), 8u);
  EXPECT_EQ(one.tables.meta().watermark, 8u);
}

TEST(Announcements, AnUnbeatableHandAnnouncesAndAnOrdinaryOneDoesNot) {
  // Four jacks and six clubs down to the 8, forehand: every trick in clubs or grand, in every world.
  const CardSet strong = cards("CJ SJ HJ DJ CA CT CK CQ C9 C8");
  FastRng rng(4);
  OpenSolver solver;
  const auto far = std::chrono::steady_clock::now() + std::chrono::hours(1);
  const AnnouncementChances sure = announcement_chances(strong, GameType::Clubs, 0, 16, rng, solver, far);
  EXPECT_EQ(sure.worlds, 16);
  EXPECT_DOUBLE_EQ(sure.schwarz, 16.0 / 17.0);
  EXPECT_DOUBLE_EQ(sure.schneider, 16.0 / 17.0);
  Declaration clubs_hand;
  clubs_hand.type = GameType::Clubs;
  clubs_hand.hand = true;
  const Declaration chosen = choose_announcement(clubs_hand, 1.0, 12 * 12, 18, sure);
  EXPECT_TRUE(chosen.ouvert && chosen.schwarz_announced && chosen.schneider_announced && chosen.hand);
  // A good but ordinary hand: rarely schneider, never schwarz.
  const CardSet good = cards("CJ HJ CA CT CK C9 SA ST HK D7");
  const AnnouncementChances some = announcement_chances(good, GameType::Clubs, 0, 16, rng, solver, far);
  EXPECT_LT(some.schwarz, 0.5);
  EXPECT_EQ(choose_announcement(clubs_hand, 0.9, 12 * 4, 18, some), clubs_hand);
  // No time: no world, no announcement.
  const AnnouncementChances none =
      announcement_chances(strong, GameType::Clubs, 0, 16, rng, solver, std::chrono::steady_clock::now());
  EXPECT_EQ(none.worlds, 0);
  EXPECT_TRUE(none.cut_by_clock);
  EXPECT_FALSE(sure.cut_by_clock);
  EXPECT_EQ(choose_announcement(clubs_hand, 1.0, 12 * 12, 18, none), clubs_hand);
  // A work budget stops the check as reproducibly: the same worlds for the same seed and budget,
  // fewer for a smaller budget, and the solver keeps no limit afterwards.
  const auto with_budget = [&](std::uint64_t nodes) {
    FastRng seeded(11);
    OpenSolver fresh;
    const AnnouncementChances c = announcement_chances(good, GameType::Clubs, 0, 16, seeded, fresh, far, nodes);
    EXPECT_FALSE(fresh.node_limit_reached());
    return c;
  };
  const AnnouncementChances small = with_budget(20'000);
  EXPECT_LT(small.worlds, 16);
  EXPECT_FALSE(small.cut_by_clock);  // the node budget, not the clock: not a safety-net stop
  EXPECT_EQ(with_budget(20'000).worlds, small.worlds);
  EXPECT_EQ(with_budget(20'000).schneider, small.schneider);
  EXPECT_EQ(with_budget(kAnnouncementNodes).worlds, 16);
}

TEST(TablePlayer, DeclaresAnUnbeatableHandOpenWithSchwarz) {
  const auto tables = std::make_shared<const TableSet>(uniform_tables(true));
  Deal deal;
  deal.hands[0] = cards("CJ SJ HJ DJ CA CT CK CQ C9 C8");
  deal.hands[1] = cards("C7 SA ST SK SQ S9 S8 S7 HA HT");
  deal.hands[2] = cards("HK HQ H9 H8 H7 DA DT DK DQ D9");
  deal.skat = cards("D8 D7");
  ASSERT_TRUE(deal.valid());
  Game game(deal);
  ASSERT_TRUE(game.apply(Action::pass(1)));
  ASSERT_TRUE(game.apply(Action::pass(2)));
  ASSERT_TRUE(game.apply(Action::make_bid(0, 18)));
  TablePlayer player(tables, 5);
  const Action a = player.decide(seat_view(game, 0));
  ASSERT_EQ(a.kind, ActionKind::Declare);
  EXPECT_TRUE(a.declaration.hand);
  EXPECT_TRUE(a.declaration.ouvert);
  EXPECT_TRUE(a.declaration.schwarz_announced);
  EXPECT_NE(a.declaration.type, GameType::Null);
}

TEST(TablePlayer, PlaysWholeGamesLegally) {
  // Optimistic tables, so that the bots bid and play rather than pass.
  const auto tables = std::make_shared<const TableSet>(uniform_tables(true));
  TablePlayerSettings settings;
  settings.pimc.worlds = 2;
  settings.pimc.budget = std::chrono::milliseconds(3'600'000);
  FastRng deals(6);
  int played = 0;
  for (int i = 0; i < 6; ++i) {
    TablePlayer a(tables, 1, settings), b(tables, 2, settings), c(tables, 3, settings);
    const auto game = play_deal(random_deal(deals), {&a, &b, &c});
    ASSERT_TRUE(game) << game.error();
    played += game->folded() ? 0 : 1;
  }
  EXPECT_GT(played, 0);
}

}  // namespace
}  // namespace skat::bots
