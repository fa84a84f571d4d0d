// Kontra and Re by the PIMC player (docs/rules.md §8, bots/pimc/pimc_player.h): a defender says
// Kontra against a declarer who cannot win and keeps quiet against one who cannot lose; the
// declarer answers Re only when he is sure enough of the game.
#include <gtest/gtest.h>

#include <algorithm>

#include "bots/pimc/pimc_player.h"
#include "card_names.h"
#include "engine/game.h"
#include "engine/seat_view.h"

namespace skat::bots {
namespace {

constexpr TableRules kWithKontra{.kontra = true};

PimcSettings quick_settings() {
  PimcSettings s;
  s.worlds = 8;
  s.budget = std::chrono::milliseconds(3'600'000);  // worlds decide, never the clock
  s.tt_bytes = std::size_t{1} << 20;
  return s;
}

// Middlehand declares a grand hand at 18 with `mh`; forehand leads.
Game grand_hand_by_middlehand(std::string_view fh, std::string_view mh, std::string_view rh, std::string_view skat) {
  Deal d;
  d.hands = {cards(fh), cards(mh), cards(rh)};
  d.skat = cards(skat);
  EXPECT_TRUE(d.valid());
  Game g(d, kWithKontra);
  EXPECT_TRUE(g.apply(Action::make_bid(kMiddlehand, 18)));
  EXPECT_TRUE(g.apply(Action::pass(kForehand)));
  EXPECT_TRUE(g.apply(Action::pass(kRearhand)));
  EXPECT_TRUE(g.apply(Action::declare(kMiddlehand, Declaration{GameType::Grand, true, false, false, false})));
  return g;
}

Game sure_grand() {
  return grand_hand_by_middlehand("CK CQ C9 C8 C7 SK SQ S9 S8 S7", "CJ SJ HJ DJ CA CT SA ST HA DA",
                                  "HT HK HQ H9 H8 H7 DT DK DQ D9", "D8 D7");
}

Game hopeless_grand() {
  return grand_hand_by_middlehand("CJ SJ HJ DJ CA CT SA ST HA DA", "C7 C8 C9 S7 S8 S9 H7 H8 H9 D7",
                                  "CK CQ SK SQ HT HK HQ DT DK DQ", "D9 D8");
}

// What the PIMC player at `pos` does now.
Action decision(const Game& g, int pos) {
  PimcPlayer player(7, quick_settings());
  const SeatView view = seat_view(g, pos);
  const Action a = player.decide(view);
  EXPECT_NE(std::ranges::find(view.legal, a), view.legal.end()) << describe(a);
  return a;
}

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
