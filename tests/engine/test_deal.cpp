// docs/rules.md §2: deal ids (combinatorial number system), their round trips, binomials,
// Deal::valid, and the uniformity of random_deal and uniform_below (chi-square tests, fixed seeds).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <limits>
#include <random>
#include <set>
#include <vector>

#include "engine/deal.h"
#include "test_stats.h"
#include "test_support.h"

namespace skat {
namespace {

using test::cards;

// Family-wise threshold: a test fails only when its p-value is below 1e-4 (Bonferroni-corrected
// when one test makes several comparisons).
constexpr double kAlpha = 1e-4;

CardSet range(int lo, int hi) {  // cards lo..hi-1
  CardSet s;
  for (int i = lo; i < hi; ++i) s.add(Card(i));
  return s;
}

// A uniformly shuffled deal built without the engine's deal ids (Fisher–Yates on the 32 cards).
Deal shuffled_deal(std::mt19937_64& rng) {
  std::array<int, 32> ids{};
  for (int i = 0; i < 32; ++i) ids[static_cast<std::size_t>(i)] = i;
  for (std::size_t i = 31; i > 0; --i) std::swap(ids[i], ids[test::pick(rng, i + 1)]);
  Deal d;
  for (std::size_t i = 0; i < 32; ++i) {
    CardSet& target = i < 30 ? d.hands[i / 10] : d.skat;
    target.add(Card(ids[i]));
  }
  return d;
}

// The id written out from the definition in docs/rules.md §2 / deal.h, independently of deal.cpp.
std::uint64_t reference_id(const Deal& d) {
  auto choose = [](std::uint64_t n, std::uint64_t k) {
    if (k > n) return std::uint64_t{0};
    std::uint64_t r = 1;
    for (std::uint64_t i = 1; i <= k; ++i) r = r * (n - k + i) / i;
    return r;
  };
  auto rank = [&](CardSet chosen, CardSet available) {
    std::uint64_t r = 0;
    std::uint64_t index = 0;
    std::uint64_t i = 1;
    for (Card c : available) {
      if (chosen.contains(c)) r += choose(index, i++);
      ++index;
    }
    return r;
  };
  const CardSet after_fh = CardSet::all() - d.hands[0];
  const CardSet after_mh = after_fh - d.hands[1];
  return (rank(d.hands[0], CardSet::all()) * 646'646 + rank(d.hands[1], after_fh)) * 66 + rank(d.hands[2], after_mh);
}

// ----- Binomials -----

TEST(Binomial, KnownValues) {
  EXPECT_EQ(binomial(0, 0), 1u);
  EXPECT_EQ(binomial(1, 0), 1u);
  EXPECT_EQ(binomial(1, 1), 1u);
  EXPECT_EQ(binomial(5, 2), 10u);
  EXPECT_EQ(binomial(12, 10), 66u);
  EXPECT_EQ(binomial(22, 10), 646'646u);
  EXPECT_EQ(binomial(32, 10), 64'512'240u);
  EXPECT_EQ(binomial(32, 16), 601'080'390u);
  EXPECT_EQ(binomial(32, 32), 1u);
  EXPECT_EQ(binomial(32, 1), 32u);
  EXPECT_EQ(binomial(3, 5), 0u);
  EXPECT_EQ(binomial(5, -1), 0u);
  EXPECT_EQ(binomial(-1, 0), 0u);
  EXPECT_EQ(binomial(32, 10) * binomial(22, 10) * binomial(12, 10), kNumDeals);
}

TEST(Binomial, PascalAndSymmetry) {
  for (int n = 1; n <= 32; ++n)
    for (int k = 0; k <= n; ++k) {
      EXPECT_EQ(binomial(n, k), binomial(n - 1, k - 1) + binomial(n - 1, k)) << n << " " << k;
      EXPECT_EQ(binomial(n, k), binomial(n, n - k));
    }
}

TEST(Deal, NumberOfDealsIsTheMultinomial) {
  // 32! / (10!·10!·10!·2!) factored the other way round: the skat first, then RH, MH, FH.
  auto choose = [](std::uint64_t n, std::uint64_t k) {
    std::uint64_t r = 1;
    for (std::uint64_t i = 1; i <= k; ++i) r = r * (n - k + i) / i;
    return r;
  };
  EXPECT_EQ(choose(32, 2) * choose(30, 10) * choose(20, 10) * choose(10, 10), kNumDeals);
  EXPECT_EQ(kNumDeals, 2'753'294'408'504'640ULL);
}

// ----- Deal ids -----

TEST(DealId, FirstAndLastIds) {
  const auto first = deal_from_id(0);
  ASSERT_TRUE(first.has_value());
  EXPECT_TRUE(first->valid());
  EXPECT_EQ(first->hands[0], range(0, 10));
  EXPECT_EQ(first->hands[1], range(10, 20));
  EXPECT_EQ(first->hands[2], range(20, 30));
  EXPECT_EQ(first->skat, range(30, 32));
  EXPECT_EQ(deal_id(*first), 0u);

  const auto last = deal_from_id(kNumDeals - 1);
  ASSERT_TRUE(last.has_value());
  EXPECT_TRUE(last->valid());
  EXPECT_EQ(last->hands[0], range(22, 32));
  EXPECT_EQ(last->hands[1], range(12, 22));
  EXPECT_EQ(last->hands[2], range(2, 12));
  EXPECT_EQ(last->skat, range(0, 2));
  EXPECT_EQ(deal_id(*last), kNumDeals - 1);
}

TEST(DealId, IdsAtOrAboveTheCountAreRejected) {
  EXPECT_FALSE(deal_from_id(kNumDeals).has_value());
  EXPECT_FALSE(deal_from_id(kNumDeals + 1).has_value());
  EXPECT_FALSE(deal_from_id(std::numeric_limits<std::uint64_t>::max()).has_value());
  EXPECT_FALSE(deal_from_id(std::uint64_t{1} << 63).has_value());
}

TEST(DealId, RandomIdsRoundTrip) {
  std::mt19937_64 rng(20240601);
  std::set<std::uint64_t> seen_rh_ranks;
  for (int i = 0; i < 3000; ++i) {
    const std::uint64_t id = uniform_below(rng, kNumDeals);
    const auto d = deal_from_id(id);
    ASSERT_TRUE(d.has_value()) << id;
    ASSERT_TRUE(d->valid()) << id;
    ASSERT_EQ(deal_id(*d), id);
    ASSERT_EQ(reference_id(*d), id);
    seen_rh_ranks.insert(id % 66);
  }
  EXPECT_EQ(seen_rh_ranks.size(), 66u);
  // Neighbouring and boundary ids round trip too.
  for (std::uint64_t id : {std::uint64_t{1}, std::uint64_t{65}, std::uint64_t{66}, std::uint64_t{646'646 * 66 - 1},
                           std::uint64_t{646'646 * 66}, kNumDeals / 2, kNumDeals - 2, kNumDeals - 66}) {
    const auto d = deal_from_id(id);
    ASSERT_TRUE(d.has_value());
    EXPECT_TRUE(d->valid());
    EXPECT_EQ(deal_id(*d), id);
  }
}

TEST(DealId, RandomDealsRoundTrip) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 3000; ++i) {
    const Deal d = shuffled_deal(rng);
    ASSERT_TRUE(d.valid());
    const std::uint64_t id = deal_id(d);
    ASSERT_LT(id, kNumDeals);
    ASSERT_EQ(id, reference_id(d));
    const auto back = deal_from_id(id);
    ASSERT_TRUE(back.has_value());
    ASSERT_EQ(*back, d);
  }
}

TEST(DealId, ConsecutiveIdsGiveDistinctDeals) {
  for (std::uint64_t id = 1'000'000'000; id < 1'000'000'000 + 200; ++id) {
    const auto d = deal_from_id(id);
    ASSERT_TRUE(d.has_value());
    const auto prev = deal_from_id(id - 1);
    EXPECT_NE(*d, *prev);
  }
}

// ----- Deal::valid -----

TEST(Deal, Valid) {
  const Deal ok = *deal_from_id(123'456'789);
  EXPECT_TRUE(ok.valid());

  Deal overlap = ok;  // one card in two places, another missing
  const Card moved = overlap.hands[1].first();
  overlap.hands[1].remove(moved);
  overlap.hands[1].add(overlap.hands[0].first());
  EXPECT_FALSE(overlap.valid());

  Deal short_hand = ok;  // 9 cards in FH, 3 in the skat
  const Card c = short_hand.hands[0].first();
  short_hand.hands[0].remove(c);
  short_hand.skat.add(c);
  EXPECT_FALSE(short_hand.valid());

  Deal missing = ok;
  missing.skat.remove(missing.skat.first());
  EXPECT_FALSE(missing.valid());

  EXPECT_FALSE(Deal{}.valid());

  const Deal by_names = test::make_deal("CJ SJ HJ DJ CA CT CK CQ C9 C8", "C7 SA ST SK SQ S9 S8 S7 HA HT",
                                        "HK HQ H9 H8 H7 DA DT DK DQ D9", "D8 D7");
  EXPECT_TRUE(by_names.valid());
  EXPECT_EQ(by_names.skat, cards("D8 D7"));
}

// ----- Uniformity -----

TEST(Stats, ChiSquareTailKnownValues) {
  EXPECT_NEAR(test::chi_square_p_value(3.841458820694124, 1), 0.05, 1e-9);
  EXPECT_NEAR(test::chi_square_p_value(7.814727903251178, 3), 0.05, 1e-9);
  EXPECT_NEAR(test::chi_square_p_value(23.209251158954356, 10), 0.01, 1e-9);
  EXPECT_NEAR(test::chi_square_p_value(2.0, 2), std::exp(-1.0), 1e-12);
  // Even degrees of freedom have a closed form: 4 dof → e^(−x/2)·(1 + x/2).
  EXPECT_NEAR(test::chi_square_p_value(0.5, 4), std::exp(-0.25) * 1.25, 1e-12);
  EXPECT_NEAR(test::chi_square_p_value(40.0, 4) / (std::exp(-20.0) * 21), 1.0, 1e-9);
  EXPECT_NEAR(test::chi_square_p_value(9.0, 6) / (std::exp(-4.5) * (1 + 4.5 + 4.5 * 4.5 / 2)), 1.0, 1e-9);
  EXPECT_DOUBLE_EQ(test::chi_square_p_value(0.0, 3), 1.0);
}

double hypergeometric(int total, int good, int draws, int k) {
  auto choose = [](int n, int r) {
    if (r < 0 || r > n) return 0.0;
    double x = 1;
    for (int i = 1; i <= r; ++i) x = x * (n - r + i) / i;
    return x;
  };
  return choose(good, k) * choose(total - good, draws - k) / choose(total, draws);
}

TEST(RandomDeal, CardPositionsAndJackCountsAreUniform) {
  constexpr int kSamples = 200'000;
  std::mt19937_64 rng(0x5eed5eed5eedULL);
  std::array<std::array<double, 4>, 32> where{};  // card → FH, MH, RH, skat
  std::array<double, 5> fh_jacks{};
  std::array<double, 3> skat_jacks{};
  for (int i = 0; i < kSamples; ++i) {
    const Deal d = random_deal(rng);
    ASSERT_TRUE(d.valid());
    for (std::size_t p = 0; p < 4; ++p)
      for (Card c : p < 3 ? d.hands[p] : d.skat) where[static_cast<std::size_t>(c.id())][p] += 1;
    fh_jacks[static_cast<std::size_t>((d.hands[0] & CardSet::jacks()).size())] += 1;
    skat_jacks[static_cast<std::size_t>((d.skat & CardSet::jacks()).size())] += 1;
  }

  const std::array<double, 4> position_p = {10 / 32.0, 10 / 32.0, 10 / 32.0, 2 / 32.0};
  for (int c = 0; c < 32; ++c) {
    const double x = test::chi_square_statistic(where[static_cast<std::size_t>(c)], position_p, kSamples);
    const double p = test::chi_square_p_value(x, 3);
    EXPECT_GE(p, kAlpha / 32) << card_name(Card(c)) << " chi2=" << x;
  }

  std::array<double, 5> fh_p{};
  for (int k = 0; k <= 4; ++k) fh_p[static_cast<std::size_t>(k)] = hypergeometric(32, 4, 10, k);
  const double x_fh = test::chi_square_statistic(fh_jacks, fh_p, kSamples);
  EXPECT_GE(test::chi_square_p_value(x_fh, 4), kAlpha / 2) << "jacks in FH chi2=" << x_fh;

  std::array<double, 3> skat_p{};
  for (int k = 0; k <= 2; ++k) skat_p[static_cast<std::size_t>(k)] = hypergeometric(32, 4, 2, k);
  const double x_skat = test::chi_square_statistic(skat_jacks, skat_p, kSamples);
  EXPECT_GE(test::chi_square_p_value(x_skat, 2), kAlpha / 2) << "jacks in skat chi2=" << x_skat;
}

TEST(RandomDeal, SameSeedSameDeals) {
  std::mt19937_64 a(99);
  std::mt19937_64 b(99);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(random_deal(a), random_deal(b));
}

// A chi-square test on the nonsense statistic would pass anything; check that the test detects
// a visibly biased source (same sample size, `% n` on a 3-bit word).
TEST(UniformBelow, ChiSquareDetectsModuloBias) {
  std::mt19937_64 rng(3);
  std::array<double, 5> counts{};
  constexpr int kSamples = 60'000;
  for (int i = 0; i < kSamples; ++i) counts[(rng() & 7) % 5] += 1;
  const std::array<double, 5> p = {0.2, 0.2, 0.2, 0.2, 0.2};
  EXPECT_LT(test::chi_square_p_value(test::chi_square_statistic(counts, p, kSamples), 4), 1e-10);
}

TEST(UniformBelow, SmallRangesAreUniform) {
  std::mt19937_64 rng(12345);
  const std::vector<std::uint64_t> sizes = {2, 3, 5, 6, 7, 10, 12, 32, 33};
  for (std::uint64_t n : sizes) {
    const int samples = static_cast<int>(4000 * n);
    std::vector<double> counts(n, 0.0);
    for (int i = 0; i < samples; ++i) {
      const std::uint64_t x = uniform_below(rng, n);
      ASSERT_LT(x, n);
      counts[x] += 1;
    }
    const std::vector<double> p(n, 1.0 / static_cast<double>(n));
    const double x2 = test::chi_square_statistic(counts, p, samples);
    EXPECT_GE(test::chi_square_p_value(x2, static_cast<int>(n) - 1), kAlpha / static_cast<double>(sizes.size()))
        << "n=" << n << " chi2=" << x2;
  }
}

TEST(UniformBelow, DegenerateRanges) {
  std::mt19937_64 rng(1);
  for (int i = 0; i < 100; ++i) {
    EXPECT_EQ(uniform_below(rng, 1), 0u);
    EXPECT_EQ(uniform_below(rng, 0), 0u);
  }
}

TEST(UniformBelow, NeverReturnsNOrMore) {
  std::mt19937_64 rng(77);
  for (std::uint64_t n : {std::uint64_t{2}, std::uint64_t{3}, std::uint64_t{1000}, kNumDeals,
                          (std::uint64_t{1} << 63) + 1, std::numeric_limits<std::uint64_t>::max()})
    for (int i = 0; i < 2000; ++i) ASSERT_LT(uniform_below(rng, n), n) << n;
}

// Rejection sampling, not `% n`: with a counting word source 0, 1, 2, … and n = 5 the sampler
// masks to 3 bits and skips 5, 6, 7.
TEST(UniformBelow, RejectsInsteadOfReducing) {
  struct Counter {
    std::uint64_t next = 0;
    std::uint64_t operator()() { return next++; }
  } gen;
  std::vector<std::uint64_t> got;
  for (int i = 0; i < 10; ++i) got.push_back(uniform_below(gen, 5));
  EXPECT_EQ(got, (std::vector<std::uint64_t>{0, 1, 2, 3, 4, 0, 1, 2, 3, 4}));
  EXPECT_EQ(gen.next, 13u);  // words 5, 6, 7 were drawn and rejected

  // High bits above the covering width are ignored, not reduced.
  struct High {
    std::uint64_t operator()() { return 0xFFFF'FFFF'FFFF'FFF0ULL | 2; }
  } high;
  EXPECT_EQ(uniform_below(high, 5), 2u);
}

}  // namespace
}  // namespace skat
