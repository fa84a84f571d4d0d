// Monte-Carlo card play: sampled worlds agree with everything the position knows (own cards,
// cards played, voids shown, ouvert cards, the declarer's own discard); the PIMC player makes
// only legal moves through whole games and beats the random player on fixed duplicate deals.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "bots/pimc/card_race.h"
#include "bots/pimc/pimc_player.h"
#include "bots/pimc/world_sampler.h"
#include "bots/play_deal.h"
#include "bots/random_player.h"
#include "bots/rule_player.h"
#include "bots/simple_player.h"
#include "bots/solver/position.h"
#include "engine/deal.h"

namespace skat::bots {
namespace {

// Plays a game with simple players and checks the worlds sampled for every position at every
// card of the play phase against the real deal.
void check_worlds_along(const Deal& deal, std::uint64_t seed, int& checked) {
  SimplePlayer p0(seed), p1(seed + 1), p2(seed + 2);
  std::array<Player*, 3> players{&p0, &p1, &p2};
  Game game(deal);
  FastRng rng(seed);
  while (!game.finished()) {
    const int to_act = game.to_act();
    if (game.phase() == Phase::Playing) {
      for (int pos = 0; pos < 3; ++pos) {
        const SeatView view = seat_view(game, pos);
        const WorldSampler sampler(hidden_info(view));
        const HiddenInfo& info = sampler.info();
        for (int k = 0; k < 4; ++k) {
          const auto world = sampler.sample(rng);
          ASSERT_TRUE(world);
          CardSet all = world->skat;
          for (int p = 0; p < 3; ++p) {
            const CardSet h = world->hands[static_cast<std::size_t>(p)];
            EXPECT_EQ(h.size(), game.hand(p).size());
            EXPECT_TRUE((h & all).empty());
            all |= h;
            EXPECT_TRUE((h & info.excluded[static_cast<std::size_t>(p)]).empty()) << "a shown void is broken";
          }
          EXPECT_EQ(world->hands[static_cast<std::size_t>(pos)], game.hand(pos));
          EXPECT_EQ(world->skat.size(), 2);
          EXPECT_EQ((all | info.played_by[0] | info.played_by[1] | info.played_by[2]), CardSet::all());
          // The real deal is one of the consistent worlds: the real hands never break a void.
          for (int p = 0; p < 3; ++p) EXPECT_TRUE((game.hand(p) & info.excluded[static_cast<std::size_t>(p)]).empty());
          if (pos == game.declarer() && !game.declaration().hand) {
            EXPECT_EQ(world->skat, view.discard);
          }
          if (pos != game.declarer() && game.declaration().ouvert) {
            EXPECT_EQ(world->hands[static_cast<std::size_t>(game.declarer())], game.hand(game.declarer()));
          }
          EXPECT_GT(world->weight, 0.0);
          ++checked;
        }
      }
    }
    ASSERT_TRUE(game.apply(players[static_cast<std::size_t>(to_act)]->decide(seat_view(game, to_act))));
  }
}

TEST(WorldSampler, WorldsAgreeWithWhatThePositionKnows) {
  FastRng deals(11);
  int checked = 0;
  for (int i = 0; i < 40; ++i) check_worlds_along(random_deal(deals), 100 + static_cast<std::uint64_t>(i), checked);
  EXPECT_GT(checked, 1000);
}

// The declarer's voids weigh a defender's worlds: the same worlds as without the weight, each
// weighed by the weight to the power of the declarer's voids among the plain suits he has not
// shown void in and of which cards are hidden; the declarer's own worlds are not weighed.
TEST(WorldSampler, ADefendersWorldsWeighTheDeclarersVoids) {
  FastRng deals(21);
  int voids_seen = 0, worlds = 0;
  for (int i = 0; i < 30; ++i) {
    const std::uint64_t seed = 300 + static_cast<std::uint64_t>(i);
    SimplePlayer p0(seed), p1(seed + 1), p2(seed + 2);
    std::array<Player*, 3> players{&p0, &p1, &p2};
    Game game(random_deal(deals));
    // two tricks into the game, so that some voids are shown and some cards are out
    while (!game.finished() && !(game.phase() == Phase::Playing && game.hand(0).size() <= 8)) {
      const int to_act = game.to_act();
      ASSERT_TRUE(game.apply(players[static_cast<std::size_t>(to_act)]->decide(seat_view(game, to_act))));
    }
    if (game.phase() != Phase::Playing || game.declaration().type == GameType::Null) continue;
    const GameRules& rules = rules_for(game.declaration().type);
    for (int pos = 0; pos < 3; ++pos) {
      const HiddenInfo info = hidden_info(seat_view(game, pos));
      const WorldSampler plain(info, Inference::None);
      WorldSampler weighed(info, Inference::None);
      weighed.weigh_declarer_voids(3.0);
      FastRng a(seed), b(seed);
      for (int k = 0; k < 20; ++k) {
        const auto x = plain.sample(a), y = weighed.sample(b);
        ASSERT_TRUE(x && y);
        EXPECT_EQ(x->hands, y->hands);
        int voids = 0;
        const CardSet hand = y->hands[static_cast<std::size_t>(info.declarer)];
        for (std::size_t suit = 0; suit < 4; ++suit) {
          const CardSet cards = rules.class_cards[suit];
          const bool open = (cards & info.excluded[static_cast<std::size_t>(info.declarer)]).empty() &&
                            !(cards & info.unknown).empty();
          if (open && (hand & cards).empty()) ++voids;
        }
        if (pos == info.declarer) {
          EXPECT_DOUBLE_EQ(y->weight, x->weight);
        } else {
          EXPECT_EQ(weighed.declarer_voids(*y), voids);
          EXPECT_DOUBLE_EQ(y->weight, x->weight * std::pow(3.0, voids));
          voids_seen += voids;
          ++worlds;
        }
      }
    }
  }
  EXPECT_GT(worlds, 500);
  EXPECT_GT(voids_seen, 20);
}

PimcSettings test_settings() {
  PimcSettings s;
  s.worlds = 6;
  s.budget = std::chrono::milliseconds(3'600'000);  // worlds decide, never the clock: deterministic
  s.tt_bytes = std::size_t{1} << 20;
  return s;
}

// Simple players bid and play the first tricks; from `tricks_left` cards per hand on, PIMC
// decides for the position to move: always one of its legal cards, the same for the same seed.
TEST(PimcPlayer, LateDecisionsAreLegalAndDeterministic) {
  FastRng deals(12);
  int decided = 0;
  for (int i = 0; i < 30; ++i) {
    const Deal deal = random_deal(deals);
    SimplePlayer p0(1), p1(2), p2(3);
    std::array<Player*, 3> players{&p0, &p1, &p2};
    Game game(deal);
    while (!game.finished()) {
      const int pos = game.to_act();
      if (game.phase() == Phase::Playing && game.hand(pos).size() <= 4) {
        const SeatView view = seat_view(game, pos);
        PimcPlayer first(9, test_settings()), second(9, test_settings());
        const Action a = first.decide(view);
        EXPECT_NE(std::ranges::find(view.legal, a), view.legal.end());
        EXPECT_EQ(second.decide(view), a);
        ++decided;
        ASSERT_TRUE(game.apply(a));
        continue;
      }
      ASSERT_TRUE(game.apply(players[static_cast<std::size_t>(pos)]->decide(seat_view(game, pos))));
    }
  }
  EXPECT_GT(decided, 100);
}

// Plays `games` seeded deals with simple players and shows `visit` the game and the view of every
// card decision before the simple player makes it.
template <class Visit>
void for_each_card_decision(std::uint64_t seed, int games, Visit visit) {
  FastRng deals(seed);
  for (int i = 0; i < games; ++i) {
    SimplePlayer p0(1), p1(2), p2(3);
    std::array<Player*, 3> players{&p0, &p1, &p2};
    Game game(random_deal(deals));
    while (!game.finished()) {
      const int pos = game.to_act();
      const SeatView view = seat_view(game, pos);
      if (game.phase() == Phase::Playing) visit(game, view);
      ASSERT_TRUE(game.apply(players[static_cast<std::size_t>(pos)]->decide(view)));
    }
  }
}

// Every legal card's payoff by PIMC under `settings` (the same seed each time).
std::vector<double> card_payoffs(const SeatView& view, const PimcSettings& settings) {
  FastRng rng(5);
  SolverPool solvers(1, settings.tt_bytes);
  std::vector<double> out;
  for (const CardScore& c : evaluate_cards(view, settings, rng, solvers).cards) out.push_back(c.payoff);
  return out;
}

TEST(PimcPlayer, NoTimeLeftStillGivesALegalCardAtOnce) {
  // A budget of zero: no world is solved and the rule-based card is played.
  PimcSettings none = test_settings();
  none.budget = std::chrono::milliseconds(0);
  int decided = 0;
  for_each_card_decision(14, 10, [&](const Game&, const SeatView& view) {
    FastRng rng(1);
    SolverPool solvers(1, none.tt_bytes);
    const PimcDecision d = evaluate_cards(view, none, rng, solvers);
    EXPECT_EQ(d.worlds, 0);
    EXPECT_EQ(d.best, rule_card(view));
    ++decided;
  });
  EXPECT_GT(decided, 50);
}

TEST(PimcPlayer, AHardDeadlineInThePastOverridesTheBudget) {
  // A generous budget, but the move clock (stop_at) has already run out.
  PimcSettings late = test_settings();
  late.budget = std::chrono::milliseconds(60000);
  late.stop_at = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  int decided = 0;
  for_each_card_decision(15, 5, [&](const Game&, const SeatView& view) {
    FastRng rng(1);
    SolverPool solvers(1, late.tt_bytes);
    const PimcDecision d = evaluate_cards(view, late, rng, solvers);
    EXPECT_EQ(d.worlds, 0);
    EXPECT_EQ(d.best, rule_card(view));
    ++decided;
  });
  EXPECT_GT(decided, 20);
}

// `declarer_inference` rules the declarer's decisions only: with defenders drawing uniformly and
// the declarer by count, every declarer's decision is count's and every defender's uniform's; and
// count and uniform do decide some of the declarer's positions differently.
TEST(PimcPlayer, TheDeclarerDrawsItsWorldsByItsOwnInference) {
  PimcSettings uniform = test_settings(), count = test_settings(), split = test_settings();
  uniform.inference = split.inference = Inference::None;
  count.inference = Inference::Count;
  split.declarer_inference = Inference::Count;
  int declarer = 0, defender = 0, differ = 0;
  for_each_card_decision(16, 12, [&](const Game&, const SeatView& view) {
    if (view.hand.size() > 4) return;
    const bool declares = view.pos == view.declarer;
    const auto own = card_payoffs(view, declares ? count : uniform);
    EXPECT_EQ(card_payoffs(view, split), own);
    ++(declares ? declarer : defender);
    if (declares && own != card_payoffs(view, uniform)) ++differ;
  });
  EXPECT_GT(declarer, 10);
  EXPECT_GT(defender, 10);
  EXPECT_GT(differ, 0);
}

// On his own score a defender gains nothing from holding the declarer below schneider or schwarz
// once the game is lost: every card is worth 0 to him. Against the table (table_payoff) the
// declarer's value counts too, so those cards are told apart; and the declarer still wants to win.
TEST(PimcPlayer, AgainstTheTableADefenderFightsSchneiderAndSchwarzInALostGame) {
  PimcSettings own = test_settings(), table = test_settings();
  table.table_payoff = true;
  const auto all_equal = [](const std::vector<double>& v) {
    return std::ranges::all_of(v, [&](double x) { return x == v.front(); });
  };
  int indifferent = 0, told_apart = 0;
  for_each_card_decision(18, 24, [&](const Game& game, const SeatView& view) {
    const auto cards = std::ranges::count_if(view.legal, [](const Action& a) { return a.kind == ActionKind::Play; });
    if (view.pos == view.declarer || game.declaration().type == GameType::Null || cards < 2 || view.hand.size() > 5)
      return;
    const auto mine = card_payoffs(view, own);
    if (!all_equal(mine) || mine.front() != 0.0) return;  // the defenders lose whatever he plays
    ++indifferent;
    const auto against_table = card_payoffs(view, table);
    if (!all_equal(against_table)) ++told_apart;
    // The declarer's points are counted against him: never better than his own view's 0.
    for (double p : against_table) EXPECT_LT(p, 0.0);
  });
  EXPECT_GT(indifferent, 3) << told_apart;
  EXPECT_GT(told_apart, 0);
}

TEST(PimcPlayer, CardsTreatedAsEquivalentHaveEqualValuesInEveryWorld) {
  FastRng rng(3);
  OpenSolver solver;
  int pairs = 0;
  for_each_card_decision(15, 60, [&](const Game& game, const SeatView& view) {
    if (game.hand(view.pos).size() > 5) return;
    std::vector<Card> cards;
    for (const Action& a : view.legal)
      if (a.kind == ActionKind::Play) cards.push_back(a.card);
    const auto same = equivalent_cards(view, cards);
    const WorldSampler sampler(hidden_info(view));
    for (int w = 0; w < 3; ++w) {
      const auto world = sampler.sample(rng);
      ASSERT_TRUE(world);
      PositionSpec spec;
      spec.game = game.declaration().type;
      spec.declarer = game.declarer();
      spec.hands = world->hands;
      spec.trick = view.current_trick;
      spec.leader = view.trick_leader;
      auto state = make_position(spec);
      ASSERT_TRUE(state) << state.error();
      const auto values = solver.card_values(*state);  // in card order, like `cards`
      ASSERT_EQ(values.size(), cards.size());
      for (std::size_t k = 0; k < cards.size(); ++k) {
        if (same[k] == k) continue;
        EXPECT_EQ(values[k].declarer_points, values[same[k]].declarer_points);
        EXPECT_EQ(values[k].declarer_wins, values[same[k]].declarer_wins);
        ++pairs;
      }
    }
  });
  EXPECT_GT(pairs, 50);
}

// Parallel worlds, the node limit and the race change how long a decision takes, never which card
// it gives: two threads choose exactly as one (payoffs, worlds, dropped worlds), because the worlds
// are drawn in order on the caller's thread and a solver's table is cleared per world.
TEST(PimcPlayer, TwoThreadsDecideExactlyAsOne) {
  PimcSettings one = test_settings();
  one.worlds = 32;
  one.world_nodes = 5'000;  // low enough that some worlds are dropped
  one.stop_early = true;
  PimcSettings two = one;
  two.threads = 2;
  int decided = 0, dropped = 0, early = 0;
  for_each_card_decision(16, 3, [&](const Game& game, const SeatView& view) {
    if (game.hand(view.pos).size() < 8) return;
    FastRng rng1(5), rng2(5);
    SolverPool pool1(1, one.tt_bytes), pool2(2, two.tt_bytes);
    const PimcDecision a = evaluate_cards(view, one, rng1, pool1);
    const PimcDecision b = evaluate_cards(view, two, rng2, pool2);
    ASSERT_EQ(a.cards.size(), b.cards.size());
    for (std::size_t i = 0; i < a.cards.size(); ++i) EXPECT_EQ(a.cards[i].payoff, b.cards[i].payoff);
    EXPECT_EQ(a.worlds, b.worlds);
    EXPECT_EQ(a.dropped_worlds, b.dropped_worlds);
    EXPECT_EQ(a.stopped_early, b.stopped_early);
    EXPECT_EQ(a.best, b.best);
    EXPECT_EQ(rng1(), rng2());  // as many worlds drawn
    EXPECT_FALSE(a.cut_by_clock);
    dropped += a.dropped_worlds;
    early += a.stopped_early ? 1 : 0;
    ++decided;
  });
  EXPECT_GT(decided, 5);
  EXPECT_GT(dropped, 0);  // the node limit was reached somewhere
  EXPECT_GT(early, 0);    // and some decisions were clear before their 40 worlds
}

TEST(PimcPlayer, TheRaceStopsOnlyWhenTheBestCardIsClear) {
  PimcSettings racing = test_settings();
  racing.worlds = 48;
  racing.world_nodes = 10'000;
  racing.stop_early = true;
  int stopped = 0;
  for_each_card_decision(17, 3, [&](const Game& game, const SeatView& view) {
    if (game.hand(view.pos).size() < 5) return;
    FastRng rng(8);
    SolverPool pool(1, racing.tt_bytes);
    const PimcDecision d = evaluate_cards(view, racing, rng, pool);
    if (!d.stopped_early) return;
    ++stopped;
    EXPECT_LT(d.worlds, racing.worlds);
    EXPECT_GE(d.worlds, kRaceMinWorlds);
    // The card played is the best by payoff (or the rule card tied with it).
    for (const CardScore& c : d.cards) {
      if (c.card != d.best) continue;
      for (const CardScore& other : d.cards) EXPECT_GE(c.payoff + 1e-9, other.payoff);
    }
  });
  EXPECT_GT(stopped, 5);
}

TEST(CardRace, DropsACardWorseInEveryWorldAndKeepsTies) {
  CardRace race(3);
  // Card 0 and 1 tie in every world; card 2 is 40 worse every time.
  for (int w = 0; w < 16; ++w) race.add_world(1.0, {50, 50, 10});
  EXPECT_FALSE(race.settle(32, 2.5));  // too few worlds yet: nothing is decided
  EXPECT_TRUE(race.active(2));
  EXPECT_TRUE(race.settle(16, 2.5));  // card 2 drops out; the rest tie with the leader
  EXPECT_TRUE(race.active(0));
  EXPECT_TRUE(race.active(1));
  EXPECT_FALSE(race.active(2));
  EXPECT_EQ(race.payoff(2), 10.0);
  race.add_world(1.0, {-50, 90, 999});  // a dropped card's later worth is ignored
  EXPECT_EQ(race.payoff(2), 10.0);
  EXPECT_EQ(race.leader(), 1U);
}

TEST(CardRace, KeepsACardWhoseDifferenceIsWithinTheNoise) {
  CardRace race(2);
  // Card 0 is better on average by 10, but the differences swing by ±100: not clear.
  for (int w = 0; w < 16; ++w) race.add_world(1.0, {w % 2 == 0 ? 110 : -90, 0});
  EXPECT_EQ(race.leader(), 0U);
  EXPECT_FALSE(race.settle(16, 2.5));
  EXPECT_TRUE(race.active(1));
  // Weights count: the same differences with most weight on the worlds that favour card 0.
  CardRace weighted(2);
  for (int w = 0; w < 16; ++w) weighted.add_world(w % 2 == 0 ? 1.0 : 0.01, {w % 2 == 0 ? 110 : -90, 0});
  EXPECT_TRUE(weighted.settle(16, 2.5));
  EXPECT_FALSE(weighted.active(1));
}

TEST(OpenSolverLimits, ANodeLimitStopsTheSearchReproducibly) {
  FastRng deals(21);
  const Deal deal = random_deal(deals);
  OpenSolver solver;
  PlayState root(GameType::Grand, deal.hands, 0, card_points(deal.skat));
  solver.set_node_limit(500);
  (void)solver.exact_points(root);
  EXPECT_TRUE(solver.aborted());
  EXPECT_TRUE(solver.node_limit_reached());
  EXPECT_EQ(solver.nodes(), 500U);  // stopped at the limit exactly
  solver.clear();
  solver.set_node_limit(std::nullopt);
  const int points = solver.exact_points(root);
  EXPECT_FALSE(solver.aborted());
  OpenSolver fresh;
  EXPECT_EQ(fresh.exact_points(root), points);
}

}  // namespace
}  // namespace skat::bots
