// The exact world sampler (bots/pimc/exact_world_sampler.h) on positions of engine-played games:
// its partition sum and conditional marginals against brute-force enumeration of every consistent
// world, its draws (through WorldSampler's learned setting) against those marginals, scaled
// arithmetic where the products underflow doubles, and the true-state sampling ratio.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "bots/inference/location_model.h"
#include "bots/inference/tssr.h"
#include "bots/pimc/exact_world_sampler.h"
#include "bots/pimc/world_sampler.h"
#include "bots/simple_player.h"
#include "engine/deal.h"
#include "engine/game.h"
#include "engine/seat_view.h"

namespace skat::bots {
namespace {

using inference::CardLocations;

// The positions (the mover's view) of simple players' games on seeded deals at the start of the
// given trick (0-based), one per game, `count` of them (deals that are passed in or end earlier
// give none).
std::vector<SeatView> positions_at(int trick, int count, std::uint64_t seed) {
  std::vector<SeatView> out;
  FastRng deals(seed);
  for (int i = 0; static_cast<int>(out.size()) < count && i < 20 * count; ++i) {
    const Deal deal = random_deal(deals);
    SimplePlayer p0(seed + 3 * static_cast<std::uint64_t>(i)), p1(seed + 3 * static_cast<std::uint64_t>(i) + 1),
        p2(seed + 3 * static_cast<std::uint64_t>(i) + 2);
    std::array<Player*, 3> players{&p0, &p1, &p2};
    Game game(deal);
    bool taken = false;
    while (!game.finished()) {
      const int pos = game.to_act();
      const SeatView view = seat_view(game, pos);
      // a card into the trick, so that voids and the unfinished trick both occur
      if (!taken && game.phase() == Phase::Playing && static_cast<int>(game.tricks().size()) == trick &&
          game.play_state().trick_size() == static_cast<int>(i % 3)) {
        out.push_back(view);
        taken = true;
      }
      EXPECT_TRUE(game.apply(players[static_cast<std::size_t>(pos)]->decide(view)));
    }
  }
  return out;
}

// A made-up model: per card a spread of probabilities over orders of magnitude (rows sum to 1).
CardLocations made_up_locations(std::uint64_t seed) {
  FastRng rng(seed);
  CardLocations out{};
  for (auto& row : out) {
    double sum = 0;
    std::array<double, 4> raw{};
    for (double& x : raw) sum += x = std::exp(8.0 * (static_cast<double>(rng() >> 11) * 0x1.0p-53) - 4.0);
    for (std::size_t l = 0; l < 4; ++l) row[l] = static_cast<float>(raw[l] / sum);
  }
  return out;
}

struct Enumeration {
  double z = 0;
  SlotMarginals marginals{};
};

// Every placement of the problem's cards that meets its constraints, with its weight.
Enumeration enumerate(const PlacementProblem& problem) {
  Enumeration e;
  std::array<int, kSlots> left = problem.need;
  std::vector<std::size_t> slot_of(problem.cards.size());
  std::function<void(std::size_t, double)> place = [&](std::size_t i, double weight) {
    if (i == problem.cards.size()) {
      e.z += weight;
      for (std::size_t k = 0; k < i; ++k)
        e.marginals[static_cast<std::size_t>(problem.cards[k].id())][slot_of[k]] += weight;
      return;
    }
    for (std::size_t l = 0; l < kSlots; ++l) {
      if (left[l] == 0 || problem.weights[i][l] <= 0) continue;
      --left[l];
      slot_of[i] = l;
      place(i + 1, weight * problem.weights[i][l]);
      ++left[l];
    }
  };
  place(0, 1.0);
  for (Card c : problem.cards)
    for (double& m : e.marginals[static_cast<std::size_t>(c.id())]) m /= e.z;
  return e;
}

std::shared_ptr<const inference::LocationModel> shipped_model() {
  auto model = inference::shared_location_model(std::string(SKAT_SOURCE_DIR) + "/tables/inference.bin");
  return model ? *model : nullptr;
}

// The tables to check a position with: uniform, a made-up one, and the shipped model's.
std::vector<CardLocations> tables_for(const SeatView& view, std::uint64_t seed) {
  std::vector<CardLocations> out;
  CardLocations flat{};
  for (auto& row : flat) row.fill(0.25F);
  out.push_back(flat);
  out.push_back(made_up_locations(seed));
  if (const auto model = shipped_model()) out.push_back(model->predict(view));
  return out;
}

TEST(ExactWorldSampler, ShippedModelLoads) { EXPECT_NE(shipped_model(), nullptr); }

TEST(ExactWorldSampler, PartitionAndMarginalsMatchEnumeration) {
  int checked = 0;
  for (int trick : {6, 7, 8}) {
    for (const SeatView& view : positions_at(trick, 6, 100 + static_cast<std::uint64_t>(trick))) {
      const HiddenInfo info = hidden_info(view);
      for (const CardLocations& table : tables_for(view, static_cast<std::uint64_t>(checked))) {
        const PlacementProblem problem = placement_problem(info, &table);
        const ExactWorldSampler exact(problem);
        const Enumeration truth = enumerate(problem);
        ASSERT_TRUE(exact.feasible());
        EXPECT_NEAR(exact.log_partition(), std::log(truth.z), 1e-9);
        const SlotMarginals m = exact.marginals();
        for (Card c : info.unknown)
          for (std::size_t l = 0; l < kSlots; ++l)
            EXPECT_NEAR(m[static_cast<std::size_t>(c.id())][l], truth.marginals[static_cast<std::size_t>(c.id())][l],
                        1e-9)
                << "trick " << trick << " card " << card_name(c) << " slot " << l;
        ++checked;
      }
    }
  }
  EXPECT_GE(checked, 40);
}

TEST(ExactWorldSampler, LearnedDrawsMatchTheMarginals) {
  constexpr int kDraws = 20000;
  int checked = 0;
  for (int trick : {1, 3, 7}) {
    for (const SeatView& view : positions_at(trick, 2, 200 + static_cast<std::uint64_t>(trick))) {
      const HiddenInfo info = hidden_info(view);
      for (const CardLocations& table : tables_for(view, 7 + static_cast<std::uint64_t>(checked))) {
        const SlotMarginals m = ExactWorldSampler(placement_problem(info, &table)).marginals();
        const WorldSampler sampler(info, Inference::Learned, table);
        FastRng rng(static_cast<std::uint64_t>(checked) + 1);
        SlotMarginals counts{};
        for (int k = 0; k < kDraws; ++k) {
          const auto w = sampler.sample(rng);
          ASSERT_TRUE(w);
          const Placement p = placement_of(info, *w);
          for (std::size_t l = 0; l < kSlots; ++l)
            for (Card c : p[l]) counts[static_cast<std::size_t>(c.id())][l] += 1;
        }
        for (Card c : info.unknown)
          for (std::size_t l = 0; l < kSlots; ++l) {
            const double p = m[static_cast<std::size_t>(c.id())][l];
            const double freq = counts[static_cast<std::size_t>(c.id())][l] / kDraws;
            // five standard errors (at least five draws' worth where the probability is tiny)
            const double bound = 5 * std::sqrt(std::max(p * (1 - p), 1.0 / kDraws) / kDraws);
            EXPECT_NEAR(freq, p, bound) << "trick " << trick << " card " << card_name(c) << " slot " << l;
          }
        ++checked;
      }
    }
  }
  EXPECT_GE(checked, 12);
}

TEST(ExactWorldSampler, DrawsAreConsistentAndDeterministic) {
  for (const SeatView& view : positions_at(2, 4, 300)) {
    const HiddenInfo info = hidden_info(view);
    const WorldSampler sampler(info, Inference::Learned, made_up_locations(5));
    FastRng a(11), b(11);
    for (int k = 0; k < 50; ++k) {
      const auto w = sampler.sample(a);
      const auto again = sampler.sample(b);
      ASSERT_TRUE(w && again);
      EXPECT_EQ(w->hands, again->hands);
      EXPECT_EQ(w->skat, again->skat);
      CardSet all = w->skat;
      for (std::size_t p = 0; p < 3; ++p) {
        EXPECT_EQ(w->hands[p].size(), info.hand_size[p]);
        EXPECT_TRUE((w->hands[p] & info.excluded[p] & info.unknown).empty());
        EXPECT_TRUE((info.known[p] - w->hands[p]).empty());
        EXPECT_TRUE((all & w->hands[p]).empty());
        all |= w->hands[p];
      }
      EXPECT_EQ(w->weight, 1.0);
    }
  }
}

TEST(ExactWorldSampler, ScaledSumsSurviveUnderflow) {
  // 22 cards, every weight 1e-20: Z = 1e-440 times the number of placements, below any double
  PlacementProblem problem;
  problem.need = {0, 10, 10, 2};
  for (int c = 0; c < 22; ++c) {
    problem.cards.push_back(Card(c));
    problem.weights.push_back({1e-20, 1e-20, 1e-20, 1e-20});
  }
  const ExactWorldSampler exact(problem);
  ASSERT_TRUE(exact.feasible());
  // 22! / (10! 10! 2!) placements
  const double log_count = std::lgamma(23.0) - 2 * std::lgamma(11.0) - std::lgamma(3.0);
  EXPECT_NEAR(exact.log_partition(), 22 * std::log(1e-20) + log_count, 1e-9);
  const SlotMarginals m = exact.marginals();
  EXPECT_NEAR(m[0][1], 10.0 / 22, 1e-12);
  EXPECT_NEAR(m[21][3], 2.0 / 22, 1e-12);
  FastRng rng(3);
  const auto p = exact.draw(rng);
  ASSERT_TRUE(p);
  EXPECT_EQ((*p)[1].size(), 10);
  EXPECT_EQ((*p)[3].size(), 2);
}

TEST(ExactWorldSampler, ImpossibleCountsAreInfeasible) {
  PlacementProblem problem;
  problem.need = {0, 1, 1, 0};
  for (int c = 0; c < 2; ++c) {
    problem.cards.push_back(Card(c));
    problem.weights.push_back({0, 1, 0, 0});  // both cards only to position 1
  }
  const ExactWorldSampler exact(problem);
  EXPECT_FALSE(exact.feasible());
  FastRng rng(1);
  EXPECT_FALSE(exact.draw(rng));
}

TEST(Tssr, RatiosOfTheTrueWorld) {
  const auto model = shipped_model();
  ASSERT_NE(model, nullptr);
  const auto inferences = inference::tssr_inferences(model.get(), 64);
  ASSERT_EQ(inferences.size(), 3U);
  FastRng rng(4);
  int checked = 0;
  for (const SeatView& view : positions_at(6, 6, 400)) {
    // the true world from the game: every hidden card where the view's game really put it
    std::array<std::uint8_t, kNumCards> target{};
    const HiddenInfo info = hidden_info(view);
    const ExactWorldSampler uniform(placement_problem(info));
    const auto some = uniform.draw(rng);
    ASSERT_TRUE(some);
    const World world = world_of(info, *some);
    for (std::size_t p = 0; p < 3; ++p)
      for (Card c : world.hands[p])
        target[static_cast<std::size_t>(c.id())] =
            static_cast<std::uint8_t>(inference::relative(static_cast<int>(p), view.pos));
    for (Card c : world.skat) target[static_cast<std::size_t>(c.id())] = inference::kSkat;
    const inference::TssrPosition position = inference::tssr_position(view, target);
    EXPECT_EQ(position.truth.hands, world.hands);
    EXPECT_NEAR(std::exp(position.log_consistent), enumerate(placement_problem(info)).z, 1e-6);
    EXPECT_EQ(inferences[0].log_ratio(position, rng), 0.0);
    // learned: the truth's probability under Equation 1 times the number of consistent worlds
    const CardLocations table = model->predict(view);
    const PlacementProblem problem = placement_problem(info, &table);
    const Enumeration all = enumerate(problem);
    const double weight = std::exp(ExactWorldSampler(problem).log_weight(*some));
    EXPECT_NEAR(inferences[2].log_ratio(position, rng), std::log(weight / all.z * std::exp(position.log_consistent)),
                1e-9);
    // count: the bid weight over its mean; with every consistent world sampled often, near exact
    const WorldSampler count(info, Inference::Count);
    const double count_ratio = std::exp(inference::log_tssr_count(position, 4000, rng));
    EXPECT_GT(count_ratio, 0);
    EXPECT_LE(count_ratio, 1.0 / 0.0625 + 1e-9);
    if (count.bid_weight(world) == 1.0) {
      EXPECT_GE(count_ratio, 1.0 - 1e-9);
    }
    ++checked;
  }
  EXPECT_GE(checked, 6);
}

}  // namespace
}  // namespace skat::bots
