// The analysis of a skat put with every hand open (bots/analysis/skat_put_analysis.h): a null
// declarer who takes up ♦A ♦K and keeps them loses (both defenders hold diamonds and win his every
// low lead), and putting exactly those two wins; his putting them turns nothing; a hand game has no
// put to judge; a bid no outcome of the game covers leaves no put to find.
#include <gtest/gtest.h>

#include "bots/analysis/skat_put_analysis.h"
#include "card_names.h"
#include "engine/game.h"

namespace skat::bots {
namespace {

// Forehand holds the lowest three of clubs, spades and hearts and ♦7; the skat ♦A ♦K; each
// defender holds cards of every suit, diamonds among them.
Deal null_deal() {
  Deal d;
  d.hands = {cards("C9 C8 C7 S9 S8 S7 H9 H8 H7 D7"), cards("CT CJ CQ ST SJ SQ HT HJ D8 DT"),
             cards("CK CA SK SA HQ HK HA D9 DJ DQ")};
  d.skat = cards("DA DK");
  EXPECT_TRUE(d.valid());
  return d;
}

// Forehand won the auction at `bid`, took up the skat, put `put` and declared `declaration`; then
// every card is played by the first legal one (the analysis looks at the deal, not at the play).
Game put_and_declared(const Deal& deal, int bid, const char* put, const Declaration& declaration) {
  Game g = *Game::after_auction(deal, kForehand, {bid, 0, 0});
  EXPECT_TRUE(g.apply(Action::pick_up(kForehand)));
  const CardSet two = cards(put);
  EXPECT_TRUE(g.apply(Action::discard(kForehand, two.first(), (two - CardSet{two.first()}).first())));
  EXPECT_TRUE(g.apply(Action::declare(kForehand, declaration)));
  while (!g.finished())
    for (const Action& a : g.legal_actions(g.to_act()))
      if (a.kind == ActionKind::Play) {
        EXPECT_TRUE(g.apply(a));
        break;
      }
  return g;
}

constexpr Declaration kNull{GameType::Null, false, false, false, false};

CardSet set_of(const std::array<Card, 2>& two) { return CardSet{two[0], two[1]}; }

TEST(SkatPutAnalysis, KeepingTheDangerousCardsTurnedANull) {
  OpenSolver solver;
  const auto a = analyse_skat_put(put_and_declared(null_deal(), 18, "C7 C8", kNull), solver);
  ASSERT_TRUE(a);
  EXPECT_EQ(set_of(a->put), cards("C7 C8"));
  EXPECT_TRUE(a->valued);
  EXPECT_FALSE(a->wins);
  ASSERT_TRUE(a->winning);
  EXPECT_EQ(set_of(*a->winning), cards("DA DK"));  // the only put that leaves him no winning card
  EXPECT_TRUE(a->turning_point);
  EXPECT_GT(a->tried, 1);
  EXPECT_LE(a->tried, 66);
}

TEST(SkatPutAnalysis, TheRightPutTurnsNothingAndIsTheOnlyOneSearched) {
  OpenSolver solver;
  const auto a = analyse_skat_put(put_and_declared(null_deal(), 18, "DA DK", kNull), solver);
  ASSERT_TRUE(a);
  EXPECT_TRUE(a->wins);
  EXPECT_FALSE(a->winning);
  EXPECT_FALSE(a->turning_point);
  EXPECT_EQ(a->tried, 1);
}

TEST(SkatPutAnalysis, AHandGameHasNoPut) {
  OpenSolver solver;
  Game g = *Game::after_auction(null_deal(), kForehand, {18, 0, 0});
  ASSERT_TRUE(g.apply(Action::declare(kForehand, Declaration{GameType::Null, true, false, false, false})));
  EXPECT_FALSE(analyse_skat_put(g, solver));
}

TEST(SkatPutAnalysis, ABidNoOutcomeCoversLeavesNoPutToFind) {
  OpenSolver solver;
  // Diamonds without four (no jack), at most 9 × 7 = 63 with schneider and schwarz.
  const auto a = analyse_skat_put(
      put_and_declared(null_deal(), 66, "C7 C8", Declaration{GameType::Diamonds, false, false, false, false}), solver);
  ASSERT_TRUE(a);
  EXPECT_FALSE(a->bid_reachable);
  EXPECT_FALSE(a->turning_point);
  EXPECT_FALSE(a->winning);
}

}  // namespace
}  // namespace skat::bots
