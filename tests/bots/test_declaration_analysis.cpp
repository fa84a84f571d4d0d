// The analysis of a declaration with every hand open (bots/analysis/declaration_analysis.h): a
// sure grand declared as a null turned the game, the grand scoring the most; the same cards bid
// beyond every game's value make the bid too high; a fitting declaration turns nothing.
#include <gtest/gtest.h>

#include <algorithm>

#include "bots/analysis/declaration_analysis.h"
#include "card_names.h"
#include "engine/game.h"

namespace skat::bots {
namespace {

// Forehand holds every jack and the top of three suits: a grand hand he cannot lose.
Deal strong_forehand() {
  Deal d;
  d.hands = {cards("CJ SJ HJ DJ CA CT SA ST HA HT"), cards("CK CQ C9 C8 C7 SK SQ S9 S8 S7"),
             cards("HK HQ H9 H8 H7 DA DT DK DQ D9")};
  d.skat = cards("D8 D7");
  EXPECT_TRUE(d.valid());
  return d;
}

// Forehand won the auction at `bid` and declares `declaration` (a hand game); then every card is
// played by the first legal one (the analysis looks at the deal, not at the play).
Game declared(int bid, const Declaration& declaration) {
  Game g = *Game::after_auction(strong_forehand(), kForehand, {bid, 0, 0});
  EXPECT_TRUE(g.apply(Action::declare(kForehand, declaration)));
  while (!g.finished())
    for (const Action& a : g.legal_actions(g.to_act()))
      if (a.kind == ActionKind::Play) {
        EXPECT_TRUE(g.apply(a));
        break;
      }
  return g;
}

const GameChoice& choice(const DeclarationAnalysis& a, GameType type, bool ouvert = false) {
  const auto it = std::ranges::find_if(
      a.games, [&](const GameChoice& g) { return g.declaration.type == type && g.declaration.ouvert == ouvert; });
  EXPECT_NE(it, a.games.end());
  return *it;
}

TEST(DeclarationAnalysis, ANullWithASureGrandTurnedTheGame) {
  OpenSolver solver;
  const Game g = declared(18, Declaration{GameType::Null, true, false, false, false});
  const DeclarationAnalysis a = analyse_declaration(g, solver);
  EXPECT_EQ(a.games[a.declared].declaration.type, GameType::Null);
  EXPECT_FALSE(a.games[a.declared].declarer_wins);
  const GameChoice& grand = choice(a, GameType::Grand);
  ASSERT_TRUE(grand.valued);
  EXPECT_TRUE(grand.declarer_wins);
  EXPECT_TRUE(grand.covers_bid);
  EXPECT_EQ(grand.declarer_points, 120);
  // with 4, game 5, hand 6, schneider 7, schwarz 8: 8 × 24
  EXPECT_EQ(grand.list_entry, 192);
  ASSERT_TRUE(a.best);
  EXPECT_EQ(a.games[*a.best].declaration.type, GameType::Grand);
  EXPECT_TRUE(a.turning_point);
  EXPECT_FALSE(a.bid_too_high);
  EXPECT_LT(choice(a, GameType::Null, true).list_entry, 0);  // null ouvert loses as well
}

TEST(DeclarationAnalysis, ABidNoGameReachesWasTooHigh) {
  OpenSolver solver;
  const Game g = declared(264, Declaration{GameType::Grand, true, false, false, false});
  const DeclarationAnalysis a = analyse_declaration(g, solver);
  const GameChoice& grand = choice(a, GameType::Grand);
  EXPECT_TRUE(grand.declarer_wins);
  EXPECT_FALSE(grand.covers_bid);
  EXPECT_LT(grand.list_entry, 0);  // lost as overbid
  EXPECT_TRUE(a.bid_too_high);
  EXPECT_FALSE(a.turning_point);
}

TEST(DeclarationAnalysis, AFittingDeclarationTurnsNothing) {
  OpenSolver solver;
  const Game g = declared(18, Declaration{GameType::Grand, true, false, false, false});
  const DeclarationAnalysis a = analyse_declaration(g, solver);
  EXPECT_TRUE(a.games[a.declared].declarer_wins);
  EXPECT_FALSE(a.turning_point);
  EXPECT_FALSE(a.bid_too_high);
  EXPECT_TRUE(choice(a, GameType::Clubs).declarer_wins);  // clubs with 11 trumps too
}

}  // namespace
}  // namespace skat::bots
