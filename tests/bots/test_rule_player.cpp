// The rule-based baseline plays legal cards through whole games (that it beats the random and the
// simple player on duplicate deals is in test_tournament.cpp).
#include <gtest/gtest.h>

#include "bots/play_deal.h"
#include "bots/random_player.h"
#include "bots/rule_player.h"
#include "bots/simple_player.h"
#include "engine/deal.h"

namespace skat::bots {
namespace {

TEST(RulePlayer, PlaysWholeGamesLegally) {
  FastRng deals(21);
  int played = 0;
  for (int i = 0; i < 300; ++i) {
    RulePlayer a(1), b(2), c(3);
    const auto game = play_deal(random_deal(deals), {&a, &b, &c});
    ASSERT_TRUE(game) << game.error();
    played += game->folded() ? 0 : 1;
  }
  EXPECT_GT(played, 100);
}

}  // namespace
}  // namespace skat::bots
