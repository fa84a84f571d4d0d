// Kontra and Re by the PIMC player (docs/rules.md §8, bots/pimc/pimc_player.h): a defender says
// Kontra against a declarer who cannot win and keeps quiet against one who cannot lose; the
// declarer answers Re only when he is sure enough of the game.
#include <gtest/gtest.h>

#include <algorithm>

#include "out_of_turn_support.h"

namespace skat::bots {
namespace {

constexpr TableRules kWithKontra{.kontra = true};

// Middlehand declares a grand hand at 18 with `mh`; forehand leads.
Game grand_hand_by_middlehand(std::string_view fh, std::string_view mh, std::string_view rh, std::string_view skat) {
  return test::declared_by_middlehand(fh, mh, rh, skat, Declaration{GameType::Grand, true, false, false, false},
                                      kWithKontra);
}

Game sure_grand() {
  return grand_hand_by_middlehand("CK CQ C9 C8 C7 SK SQ S9 S8 S7", "CJ SJ HJ DJ CA CT SA ST HA DA",
                                  "HT HK HQ H9 H8 H7 DT DK DQ D9", "D8 D7");
}

Game hopeless_grand() {
  return grand_hand_by_middlehand("CJ SJ HJ DJ CA CT SA ST HA DA", "C7 C8 C9 S7 S8 S9 H7 H8 H9 D7",
                                  "CK CQ SK SQ HT HK HQ DT DK DQ", "D9 D8");
}

using test::decision;

// Forehand's first lead, then the declarer's turn after it.
void lead_first_card(Game& g) {
  const Action lead = decision(g, kForehand);
  ASSERT_EQ(lead.kind, ActionKind::Play);
  ASSERT_TRUE(g.apply(lead));
}

TEST(Doubling, ADefenderSaysKontraWhenTheDeclarerCannotWin) {
  Game g = hopeless_grand();
  EXPECT_EQ(decision(g, kForehand).kind, ActionKind::Kontra);
}

TEST(Doubling, ADefenderKeepsQuietWhenTheDeclarerCannotLose) {
  Game g = sure_grand();
  EXPECT_EQ(decision(g, kForehand).kind, ActionKind::Play);
}

TEST(Doubling, TheDeclarerAnswersReOnlyWhenSureOfTheGame) {
  Game sure = sure_grand();
  ASSERT_TRUE(sure.apply(Action::kontra(kRearhand)));
  lead_first_card(sure);
  EXPECT_EQ(decision(sure, kMiddlehand).kind, ActionKind::Re);

  Game lost = hopeless_grand();
  ASSERT_TRUE(lost.apply(Action::kontra(kRearhand)));
  lead_first_card(lost);
  EXPECT_EQ(decision(lost, kMiddlehand).kind, ActionKind::Play);
}

}  // namespace
}  // namespace skat::bots
