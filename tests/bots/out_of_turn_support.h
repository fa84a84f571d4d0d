// Shared by the tests of what a bot says besides its card (Kontra, Re, a concession): a hand game
// middlehand declares at 18 after two passes, a quick deterministic PIMC player, and its decision.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string_view>

#include "bots/pimc/pimc_player.h"
#include "card_names.h"
#include "engine/game.h"
#include "engine/seat_view.h"

namespace skat::bots::test {

inline PimcSettings quick_settings() {
  PimcSettings s;
  s.worlds = 8;
  s.budget = std::chrono::milliseconds(3'600'000);  // worlds decide, never the clock
  s.tt_bytes = std::size_t{1} << 20;
  return s;
}

// Middlehand declares `declaration` (a hand game) at 18 with `mh`, the others passing; forehand leads.
inline Game declared_by_middlehand(std::string_view fh, std::string_view mh, std::string_view rh, std::string_view skat,
                                   const Declaration& declaration, TableRules rules = {}) {
  Deal d;
  d.hands = {cards(fh), cards(mh), cards(rh)};
  d.skat = cards(skat);
  EXPECT_TRUE(d.valid());
  Game g(d, rules);
  EXPECT_TRUE(g.apply(Action::make_bid(kMiddlehand, 18)));
  EXPECT_TRUE(g.apply(Action::pass(kForehand)));
  EXPECT_TRUE(g.apply(Action::pass(kRearhand)));
  EXPECT_TRUE(g.apply(Action::declare(kMiddlehand, declaration)));
  return g;
}

// What the quick PIMC player at `pos` does now: always one of its legal actions.
inline Action decision(const Game& g, int pos) {
  PimcPlayer player(7, quick_settings());
  const SeatView view = seat_view(g, pos);
  const Action a = player.decide(view);
  EXPECT_NE(std::ranges::find(view.legal, a), view.legal.end()) << describe(a);
  return a;
}

}  // namespace skat::bots::test
