// The rule-based baseline: legal cards through whole games, and on duplicate deals it beats both
// the random player and the simple player whose bidding it shares (so the card rules are worth
// points on their own).
#include <gtest/gtest.h>

#include "bots/duel.h"
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

const PlayerFactory kRule = [](std::uint64_t seed) { return std::make_unique<RulePlayer>(seed); };

TEST(RulePlayer, BeatsRandomAndSimpleOnDuplicateDeals) {
  const PlayerFactory random = [](std::uint64_t seed) { return std::make_unique<RandomPlayer>(seed); };
  const PlayerFactory simple = [](std::uint64_t seed) { return std::make_unique<SimplePlayer>(seed); };
  for (int seats : {1, 2}) {
    const DuelResult vs_random = duplicate_duel(random, kRule, seats, 200, 5);
    EXPECT_GT(vs_random.mean_difference(), 50.0) << seats;
    const DuelResult vs_simple = duplicate_duel(simple, kRule, seats, 400, 6);
    EXPECT_GT(vs_simple.mean_difference(), 0.0) << seats;
    EXPECT_GT(vs_simple.b.per_seat(), vs_simple.a.per_seat()) << seats;
  }
}

}  // namespace
}  // namespace skat::bots
