// Kermit's inference, KI (bots/inference/kermit_tables.h, the Kermit setting of world_sampler.h):
// hand keys and bid classes, the smoothed likelihoods (each a distribution over the outcomes),
// the table file, counting a played auction, and the sampler: its worlds against the exact KI
// distribution over every consistent world of late positions, and a declarer's game that the tables
// tie to a card puts that card in his hand in every world; learned-ki's worlds against the exact
// product of the learned and the KI weights.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>

#include "bots/bot_factory.h"
#include "bots/inference/kermit_tables.h"
#include "bots/pimc/exact_world_sampler.h"
#include "bots/pimc/world_sampler.h"
#include "bots/simple_player.h"
#include "engine/deal.h"
#include "engine/game.h"
#include "engine/seat_view.h"

namespace skat::bots {
namespace {

using inference::KermitTables;

CardSet random_hand(FastRng& rng, int size) {
  std::vector<Card> deck;
  for (int i = 0; i < kNumCards; ++i) deck.push_back(Card(i));
  CardSet out;
  for (int k = 0; k < size; ++k) {
    const auto j = static_cast<std::size_t>(k) + uniform_below(rng, deck.size() - static_cast<std::size_t>(k));
    std::swap(deck[static_cast<std::size_t>(k)], deck[j]);
    out.add(deck[static_cast<std::size_t>(k)]);
  }
  return out;
}

constexpr int kBids[] = {0, 18, 20, 24, 33, 40, 50};

// Tables with made-up counts: every cell 0..29 times (a spread of about 30 between outcomes).
KermitTables made_up_tables(std::uint64_t seed) {
  FastRng rng(seed);
  KermitTables t;
  auto times = [&] { return static_cast<std::uint32_t>(uniform_below(rng, 30)); };
  for (int k = 0; k < 300; ++k) {
    const CardSet ten = random_hand(rng, 10), twelve = random_hand(rng, 12);
    for (int bid : kBids) {
      t.add_defender(ten, bid, times());
      for (int g = 0; g < kNumGameTypes; ++g) {
        t.add_declarer(false, twelve, static_cast<GameType>(g), bid, times());
        t.add_declarer(true, ten, static_cast<GameType>(g), bid, times());
      }
    }
  }
  t.finish();
  return t;
}

// Every table of a set.
std::vector<const inference::KeyedCounts*> tables_of(const KermitTables& t) {
  std::vector<const inference::KeyedCounts*> out{&t.defender_table()};
  for (bool hand : {false, true})
    for (int g = 0; g < kNumGameTypes; ++g) out.push_back(&t.declarer(hand, static_cast<GameType>(g)));
  return out;
}

TEST(Kermit, HandKeysAndBidClasses) {
  FastRng rng(7);
  for (int i = 0; i < 2000; ++i) {
    const CardSet hand = random_hand(rng, i % 2 == 0 ? 10 : 12);
    const int key = inference::hand_key(hand);
    ASSERT_GE(key, 0);
    ASSERT_LT(key, inference::kHandKeys);
    ASSERT_LT(inference::coarse_key(key), inference::kCoarseKeys);
  }
  const Card cj(Suit::Clubs, Rank::Jack), sj(Suit::Spades, Rank::Jack);
  const CardSet hearts = CardSet::of_suit(Suit::Hearts) - CardSet::jacks();
  // Four jacks and seven hearts: the coarse key keeps the jack count and the suit length.
  const int strong = inference::hand_key(CardSet::jacks() | hearts);
  EXPECT_EQ(inference::coarse_key(strong), ((4 * 8 + 7) * 5 + 1) * 1);
  // Which jacks matter to the key, not only how many.
  const CardSet rest = hearts - CardSet{Card(Suit::Hearts, Rank::Seven)};
  EXPECT_NE(inference::hand_key(rest | CardSet{cj} | CardSet{Card(Suit::Hearts, Rank::Seven)}),
            inference::hand_key(rest | CardSet{sj} | CardSet{Card(Suit::Hearts, Rank::Seven)}));
  EXPECT_EQ(inference::bid_class(0), 0);
  EXPECT_EQ(inference::bid_class(18), 1);
  EXPECT_EQ(inference::bid_class(20), 2);
  EXPECT_EQ(inference::bid_class(23), 2);
  EXPECT_EQ(inference::bid_class(24), 3);
  EXPECT_EQ(inference::bid_class(30), 3);
  EXPECT_EQ(inference::bid_class(33), 4);
  EXPECT_EQ(inference::bid_class(36), 4);
  EXPECT_EQ(inference::bid_class(40), 5);
  EXPECT_EQ(inference::bid_class(48), 5);
  EXPECT_EQ(inference::bid_class(50), 6);
  EXPECT_EQ(inference::bid_class(264), 6);
}

TEST(Kermit, LikelihoodsAreDistributionsOverTheOutcomes) {
  const KermitTables t = made_up_tables(3);
  KermitTables unfinished;
  unfinished.finish();
  const KermitTables& empty = unfinished;
  FastRng rng(11);
  for (const KermitTables* tables : {&t, &empty})
    for (const inference::KeyedCounts* table : tables_of(*tables))
      for (int i = 0; i < 100; ++i) {
        const int key = static_cast<int>(uniform_below(rng, inference::kHandKeys));  // seen and unseen keys
        double sum = 0;
        for (int o = 0; o < table->outcomes(); ++o) {
          const double p = table->likelihood(key, o);
          EXPECT_GT(p, 0.0);
          EXPECT_LE(p, table->max_likelihood(o) + 1e-15);
          sum += p;
        }
        EXPECT_NEAR(sum, 1.0, 1e-12);
      }
  // A key seen often follows its own counts.
  KermitTables counted;
  const CardSet hand = random_hand(rng, 10);
  counted.add_defender(hand, 24, 996);
  counted.finish();
  EXPECT_GT(counted.defender_likelihood(hand, 27), 0.99);  // 24 and 27: one class
}

TEST(Kermit, FileRoundTripAndRefusals) {
  const KermitTables t = made_up_tables(5);
  const std::string bytes = t.serialize();
  const auto back = KermitTables::parse(bytes);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->defenders(), t.defenders());
  EXPECT_EQ(back->declarers(true), t.declarers(true));
  const auto mine = tables_of(t), theirs = tables_of(*back);
  for (std::size_t i = 0; i < mine.size(); ++i)
    for (int k = 0; k < inference::kHandKeys; k += 7)
      for (int o = 0; o < mine[i]->outcomes(); ++o) {
        ASSERT_EQ(theirs[i]->count(k, o), mine[i]->count(k, o));
        ASSERT_EQ(theirs[i]->likelihood(k, o), mine[i]->likelihood(k, o));
      }
  EXPECT_FALSE(KermitTables::parse("SKATKI01"));
  EXPECT_FALSE(KermitTables::parse(bytes.substr(0, bytes.size() - 3)));
  EXPECT_FALSE(KermitTables::parse(bytes + "x"));
  EXPECT_FALSE(KermitTables::load("/nonexistent/ki.bin"));
}

TEST(Kermit, TheShippedTablesLoadAndABotTakesThem) {
  // The deployed bot's bidding (the default file) and T0's (the one the TSSR report used).
  for (const char* file : {"/tables/ki-t0.bin", "/tables/ki.bin"}) {
    const auto tables = KermitTables::load(std::string(SKAT_SOURCE_DIR) + file);
    ASSERT_TRUE(tables) << file << ": " << tables.error();
    EXPECT_GE(tables->defenders(), 110000U) << file;
    EXPECT_GE(tables->declarers(false) + tables->declarers(true), 55000U) << file;
  }
  const std::string path = std::string(SKAT_SOURCE_DIR) + "/tables/ki.bin";
  const auto tables = KermitTables::load(path);
  ASSERT_TRUE(tables) << tables.error();
  const auto spec = parse_bot_spec("pimc:infer=ki,ki=" + path);
  ASSERT_TRUE(spec) << spec.error();
  EXPECT_EQ(pimc_settings(*spec).inference, Inference::Kermit);
  EXPECT_NE(pimc_settings(*spec).kermit, nullptr);
  EXPECT_FALSE(parse_bot_spec("pimc:infer=ki,ki=/nonexistent/ki.bin"));
  // Two black jacks and six clubs declare clubs (at whatever bid the auction stopped) far more
  // often than the same hand with its clubs turned into hearts.
  const CardSet side{Card(Suit::Hearts, Rank::Ace), Card(Suit::Spades, Rank::Ace), Card(Suit::Diamonds, Rank::Seven),
                     Card(Suit::Spades, Rank::Seven)};
  const CardSet black_jacks{Card(Suit::Clubs, Rank::Jack), Card(Suit::Spades, Rank::Jack)};
  const CardSet clubs{Card(Suit::Clubs, Rank::Ace),   Card(Suit::Clubs, Rank::Ten),  Card(Suit::Clubs, Rank::King),
                      Card(Suit::Clubs, Rank::Queen), Card(Suit::Clubs, Rank::Nine), Card(Suit::Clubs, Rank::Eight)};
  const CardSet hearts{Card(Suit::Diamonds, Rank::Ace), Card(Suit::Hearts, Rank::Ten),
                       Card(Suit::Hearts, Rank::King),  Card(Suit::Hearts, Rank::Queen),
                       Card(Suit::Hearts, Rank::Nine),  Card(Suit::Hearts, Rank::Eight)};
  auto declares_clubs = [&](CardSet twelve) {
    double p = 0;
    for (int bid : kBids) p += tables->declarer_likelihood(false, twelve, GameType::Clubs, bid);
    return p;
  };
  const double with_clubs = declares_clubs(black_jacks | clubs | side);
  const double without =
      declares_clubs(hearts | side | CardSet{Card(Suit::Clubs, Rank::Seven), Card(Suit::Clubs, Rank::Eight)});
  EXPECT_GT(with_clubs, 0.05) << without;
  EXPECT_GT(with_clubs, 5 * without) << without;
}

// A game whose auction is over, by simple players on seeded deals (the first that is not passed).
Game auctioned_game(std::uint64_t seed) {
  FastRng deals(seed);
  for (std::uint64_t i = 0;; ++i) {
    Game game(random_deal(deals));
    std::array<SimplePlayer, 3> players{SimplePlayer(seed + i), SimplePlayer(seed + i + 1), SimplePlayer(seed + i + 2)};
    while (!game.finished() && game.phase() != Phase::Playing) {
      const int pos = game.to_act();
      EXPECT_TRUE(game.apply(players[static_cast<std::size_t>(pos)].decide(seat_view(game, pos))));
    }
    if (game.declarer() >= 0) return game;
  }
}

TEST(Kermit, AGameCountsEachPlayerOnceInHisRole) {
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const Game game = auctioned_game(seed);
    KermitTables t;
    ASSERT_TRUE(inference::add_game(t, game));
    const int d = game.declarer();
    const bool hand = game.declaration().hand;

    EXPECT_EQ(t.defenders(), 2U);
    EXPECT_EQ(t.declarers(hand), 1U);
    EXPECT_EQ(t.declarers(!hand), 0U);
    const CardSet keyed = hand ? game.deal().hands[static_cast<std::size_t>(d)]
                               : game.deal().hands[static_cast<std::size_t>(d)] | game.deal().skat;
    for (int g = 0; g < kNumGameTypes; ++g) {
      const auto type = static_cast<GameType>(g);
      const int outcome = type == game.declaration().type ? inference::declarer_outcome(game.bid()) : 0;
      EXPECT_EQ(t.declarer(hand, type).count(inference::game_key(keyed, type), outcome), 1U);
    }
    for (int p = 0; p < 3; ++p) {
      if (p == d) continue;
      EXPECT_GE(t.defender_table().count(inference::hand_key(game.deal().hands[static_cast<std::size_t>(p)]),
                                         inference::bid_class(game.bids()[static_cast<std::size_t>(p)])),
                1U);
    }
  }
  const Game passed = [] {
    Deal deal;
    FastRng rng(1);
    for (;;) {
      Game g(random_deal(rng));
      for (int pos : {1, 2, 0}) (void)g.apply(Action::pass(pos));
      if (g.finished()) return g;
    }
  }();
  KermitTables none;
  EXPECT_FALSE(inference::add_game(none, passed));
}

// The positions (the mover's view) at the start of trick `trick` of simple players' games.
std::vector<SeatView> positions_at(int trick, int count, std::uint64_t seed) {
  std::vector<SeatView> out;
  FastRng deals(seed);
  for (int i = 0; static_cast<int>(out.size()) < count && i < 20 * count; ++i) {
    std::array<SimplePlayer, 3> players{SimplePlayer(seed + 3 * static_cast<std::uint64_t>(i)),
                                        SimplePlayer(seed + 3 * static_cast<std::uint64_t>(i) + 1),
                                        SimplePlayer(seed + 3 * static_cast<std::uint64_t>(i) + 2)};
    Game game(random_deal(deals));
    bool taken = false;
    while (!game.finished()) {
      const int pos = game.to_act();
      const SeatView view = seat_view(game, pos);
      if (!taken && game.phase() == Phase::Playing && static_cast<int>(game.tricks().size()) == trick &&
          game.play_state().trick_size() == i % 3) {
        out.push_back(view);
        taken = true;
      }
      EXPECT_TRUE(game.apply(players[static_cast<std::size_t>(pos)].decide(view)));
    }
  }
  return out;
}

using WorldWeight = std::function<double(const World&)>;

// Every consistent world's placement and its weight.
std::vector<std::pair<Placement, double>> every_world(const WorldSampler& sampler, const WorldWeight& weight) {
  const PlacementProblem problem = placement_problem(sampler.info());
  std::vector<std::pair<Placement, double>> out;
  std::array<int, kSlots> left = problem.need;
  Placement placement{};
  std::function<void(std::size_t)> place = [&](std::size_t i) {
    if (i == problem.cards.size()) {
      out.emplace_back(placement, weight(world_of(sampler.info(), placement)));
      return;
    }
    for (std::size_t l = 0; l < kSlots; ++l) {
      if (left[l] == 0 || problem.weights[i][l] <= 0) continue;
      --left[l];
      placement[l].add(problem.cards[i]);
      place(i + 1);
      placement[l].remove(problem.cards[i]);
      ++left[l];
    }
  };
  place(0);
  return out;
}

// Card-slot frequencies of `draws` worlds against the exact marginals of the distribution in
// proportion to `weight`: the largest gap in standard errors.
double largest_gap_in_se(const WorldSampler& sampler, const WorldWeight& weight,
                         const std::function<std::optional<World>()>& draw, int draws) {
  const auto worlds = every_world(sampler, weight);
  double z = 0;
  for (const auto& [p, w] : worlds) z += w;
  std::map<std::pair<int, std::size_t>, double> exact, seen;
  for (const auto& [p, w] : worlds)
    for (std::size_t l = 0; l < kSlots; ++l)
      for (Card c : p[l]) exact[{c.id(), l}] += w / z;
  for (int k = 0; k < draws; ++k) {
    const auto world = draw();
    EXPECT_TRUE(world);
    if (!world) return 1e9;
    const Placement p = placement_of(sampler.info(), *world);
    for (std::size_t l = 0; l < kSlots; ++l)
      for (Card c : p[l]) seen[{c.id(), l}] += 1.0 / draws;
  }
  double worst = 0;
  for (const auto& [cell, m] : exact) {
    const double se = std::sqrt(std::max(m * (1 - m), 1e-4) / draws);
    worst = std::max(worst, std::abs(seen[cell] - m) / se);
  }
  return worst;
}

TEST(Kermit, SampledWorldsFollowTheExactKiDistribution) {
  const KermitTables tables = made_up_tables(9);
  constexpr int kDraws = 20000;
  int checked = 0;
  double uniform_worst = 0;
  for (const SeatView& view : positions_at(7, 8, 41)) {
    const HiddenInfo info = hidden_info(view);
    const WorldSampler ki(info, Inference::Kermit, std::nullopt, &tables);
    const WorldSampler uniform(info, Inference::None);
    const WorldWeight weight = [&](const World& w) { return ki.kermit_weight(w); };
    FastRng rng(static_cast<std::uint64_t>(checked) + 1);
    EXPECT_LT(largest_gap_in_se(
                  ki, weight, [&] { return ki.sample(rng); }, kDraws),
              5.0)
        << "position " << checked;
    uniform_worst = std::max(uniform_worst, largest_gap_in_se(
                                                ki, weight, [&] { return uniform.sample(rng); }, kDraws));
    ++checked;
  }
  EXPECT_GE(checked, 6);
  // The check can fail: uniform worlds miss the KI marginals by far more.
  EXPECT_GT(uniform_worst, 10.0);
}

// A made-up card-location model: per card a spread of probabilities over orders of magnitude.
inference::CardLocations made_up_locations(std::uint64_t seed) {
  FastRng rng(seed);
  inference::CardLocations out{};
  for (auto& row : out) {
    std::array<double, 4> raw{};
    double sum = 0;
    for (double& x : raw) sum += x = std::exp(6.0 * uniform01(rng) - 3.0);
    for (std::size_t l = 0; l < 4; ++l) row[l] = static_cast<float>(raw[l] / sum);
  }
  return out;
}

// learned-ki: worlds in proportion to the learned probability (Equation 1) times the KI weight; the
// learned draw alone and KI alone each miss that distribution.
TEST(Kermit, LearnedKiWorldsFollowTheProductOfBoth) {
  const KermitTables tables = made_up_tables(13);
  constexpr int kDraws = 20000;
  int checked = 0;
  double learned_worst = 0, ki_worst = 0;
  for (const SeatView& view : positions_at(7, 6, 57)) {
    const HiddenInfo info = hidden_info(view);
    const inference::CardLocations locations = made_up_locations(100 + static_cast<std::uint64_t>(checked));
    const WorldSampler both(info, Inference::LearnedKermit, locations, &tables);
    const WorldSampler learned(info, Inference::Learned, locations);
    const WorldSampler ki(info, Inference::Kermit, std::nullopt, &tables);
    const ExactWorldSampler model(placement_problem(info, &locations));
    const WorldWeight weight = [&](const World& w) {
      return std::exp(model.log_weight(placement_of(info, w))) * both.kermit_weight(w);
    };
    FastRng rng(static_cast<std::uint64_t>(checked) + 7);
    EXPECT_LT(largest_gap_in_se(
                  both, weight, [&] { return both.sample(rng); }, kDraws),
              5.0)
        << "position " << checked;
    learned_worst = std::max(learned_worst, largest_gap_in_se(
                                                both, weight, [&] { return learned.sample(rng); }, kDraws));
    ki_worst = std::max(ki_worst, largest_gap_in_se(
                                      both, weight, [&] { return ki.sample(rng); }, kDraws));
    ++checked;
  }
  EXPECT_GE(checked, 5);
  EXPECT_GT(learned_worst, 10.0);
  EXPECT_GT(ki_worst, 10.0);
  // a spec names it with both files
  const auto spec = parse_bot_spec("pimc:infer=learned-ki", false);
  ASSERT_TRUE(spec);
  EXPECT_NE(spec->describe().find(",infer=learned-ki,model=tables/inference.bin,ki=tables/ki.bin"), std::string::npos)
      << spec->describe();
  EXPECT_FALSE(parse_bot_spec("pimc:infer=learned+ki", false));
}

TEST(Kermit, ADeclarersGameTiedToACardPutsItInHisHand) {
  const Card cj(Suit::Clubs, Rank::Jack);
  int checked = 0;
  for (const SeatView& view : positions_at(2, 40, 77)) {
    const HiddenInfo info = hidden_info(view);
    if (info.me == info.declarer || !info.unknown.contains(cj) || info.hand_game) continue;
    // Tables where only twelve-card hands with the club jack declared this game at this bid.
    KermitTables tables;
    FastRng rng(static_cast<std::uint64_t>(checked) + 5);
    const auto other = static_cast<GameType>((static_cast<int>(info.game) + 1) % kNumGameTypes);
    for (int k = 0; k < 400000; ++k) {
      const CardSet hand = random_hand(rng, 12);
      tables.add_declarer(false, hand, hand.contains(cj) ? info.game : other, info.final_bid);
    }
    tables.finish();
    const WorldSampler ki(info, Inference::Kermit, std::nullopt, &tables);
    const WorldSampler uniform(info, Inference::None);
    // Draws whose declarer lacks the club jack: KI's far fewer than uniform sampling's (rare hand keys,
    // whose few records the smoothing outweighs, keep the ratio near 10 rather than the 40 of common ones).
    auto lacking = [&](const WorldSampler& sampler) {
      int n = 0;
      for (int k = 0; k < 1000; ++k) {
        const auto world = sampler.sample(rng);
        EXPECT_TRUE(world);
        if (!world) return 1000;
        const CardSet twelve = world->hands[static_cast<std::size_t>(info.declarer)] |
                               info.played_by[static_cast<std::size_t>(info.declarer)] | world->skat;
        n += twelve.contains(cj) ? 0 : 1;
      }
      return n;
    };
    const int ki_lacking = lacking(ki), uniform_lacking = lacking(uniform);
    EXPECT_LT(5 * ki_lacking, uniform_lacking) << "position " << checked;
    ++checked;
  }
  EXPECT_GE(checked, 3);
}

}  // namespace
}  // namespace skat::bots
