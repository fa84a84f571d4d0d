// A bot defender's answer to its partner's concession vote (bots/pimc/pimc_player.h,
// docs/rules.md §5): it agrees on its turn when its side loses whatever it plays, and plays on when
// the defenders can still win or nobody has voted.
#include <gtest/gtest.h>

#include <algorithm>

#include "out_of_turn_support.h"

namespace skat::bots {
namespace {

// Middlehand declares a Null Ouvert Hand at 18 with `mh` (open, so the defenders know what the
// declarer holds); forehand leads.
Game null_hand_by_middlehand(std::string_view mh, std::string_view fh, std::string_view rh, std::string_view skat) {
  return test::declared_by_middlehand(fh, mh, rh, skat, Declaration{GameType::Null, true, false, false, true});
}

// The lowest three of every suit but diamonds, and ♦7: no card of it can take a trick.
Game sure_null() {
  return null_hand_by_middlehand("C7 C8 C9 S7 S8 S9 H7 H8 H9 D7", "CJ SJ HJ DJ CA CK CQ CT SA SK",
                                 "SQ ST HA HK HQ HT DA DK DT D9", "DQ D8");
}

// Aces and kings: the declarer takes a trick whatever he does.
Game hopeless_null() {
  return null_hand_by_middlehand("CA CK SA SK HA HK DA DK CQ SQ", "CJ SJ HJ DJ CT C9 C8 C7 ST S9",
                                 "S8 S7 HQ HT H9 H8 H7 DT D9 D8", "DQ D7");
}

// The decision of the player to move (rearhand, after the first two cards).
Action decision(const Game& g, int pos) {
  EXPECT_EQ(g.to_act(), pos);
  return test::decision(g, pos);
}

// Forehand (perhaps after his vote) and the declarer play a card each: rearhand is to move.
void play_to_rearhand(Game& g) {
  for (int pos : {kForehand, kMiddlehand}) {
    const SeatView view = seat_view(g, pos);
    const auto card = std::ranges::find_if(view.legal, [](const Action& a) { return a.kind == ActionKind::Play; });
    ASSERT_NE(card, view.legal.end());
    ASSERT_TRUE(g.apply(*card));
  }
}

TEST(ConcessionAnswer, AgreesWhenTheDefendersLoseWhateverTheyPlay) {
  Game g = sure_null();
  ASSERT_TRUE(g.apply(Action::concede(kForehand)));
  play_to_rearhand(g);
  const Action a = decision(g, kRearhand);
  EXPECT_EQ(a.kind, ActionKind::Concede);
  ASSERT_TRUE(g.apply(a));
  EXPECT_TRUE(g.finished());
  EXPECT_TRUE(g.result().won);
}

TEST(ConcessionAnswer, PlaysOnWhileTheDefendersCanWin) {
  Game g = hopeless_null();
  ASSERT_TRUE(g.apply(Action::concede(kForehand)));
  play_to_rearhand(g);
  EXPECT_EQ(decision(g, kRearhand).kind, ActionKind::Play);
}

TEST(ConcessionAnswer, NeverConcedesUnasked) {
  Game g = sure_null();
  play_to_rearhand(g);
  EXPECT_EQ(decision(g, kRearhand).kind, ActionKind::Play);
}

}  // namespace
}  // namespace skat::bots
