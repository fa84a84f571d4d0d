// The sequential test of tournaments (bots/tournament/sprt.h): the ratio's formula, the stop at the
// first crossing and not before the minimum of deals, the error rates by simulation (many matches of
// equal bots and of bots D1 apart, with per-deal differences shaped like a tournament's: most deals
// equal, the rest spread wide), and an in-process tournament that stops alike on any number of threads.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "bots/bot_factory.h"
#include "bots/tournament/sprt.h"
#include "bots/tournament/tournament.h"
#include "bots/tournament/tournament_report.h"

namespace skat::bots {
namespace {

TEST(Sprt, BoundsAreWalds) {
  const SprtTest t{0, 5, 0.05, 0.05};
  EXPECT_NEAR(t.lower(), std::log(0.05 / 0.95), 1e-12);
  EXPECT_NEAR(t.upper(), std::log(0.95 / 0.05), 1e-12);
  const SprtTest skew{0, 5, 0.01, 0.1};
  EXPECT_NEAR(skew.lower(), std::log(0.1 / 0.99), 1e-12);
  EXPECT_NEAR(skew.upper(), std::log(0.9 / 0.01), 1e-12);
}

TEST(Sprt, RatioOfTheNormalModel) {
  // Mean 3, variance 4 (divided by n) over 4 deals: 4 · 5 · (6 − 5) / 8 = 2.5.
  const std::vector<double> d{1, 5, 1, 5};
  EXPECT_NEAR(sprt_llr(d, {0, 5}), 2.5, 1e-12);
  // Halfway between the hypotheses the ratio is 0; below H0 it favours H0.
  EXPECT_NEAR(sprt_llr(std::vector<double>{0.5, 4.5}, {0, 5}), 0, 1e-12);
  EXPECT_LT(sprt_llr(std::vector<double>{-3, 1}, {0, 5}), 0);
  // No spread: between the hypotheses no information, beyond one certainty.
  EXPECT_EQ(sprt_llr(std::vector<double>{2, 2, 2}, {0, 5}), 0);
  EXPECT_EQ(sprt_llr(std::vector<double>{7, 7, 7}, {0, 5}), 1e6);
  EXPECT_EQ(sprt_llr(std::vector<double>{0, 0, 0}, {0, 5}), -1e6);
  EXPECT_EQ(sprt_llr(std::vector<double>{7}, {0, 5}), 0);
}

TEST(Sprt, StopsAtTheFirstCrossingFromTheMinimumOn) {
  // Each pair (9, 11) has mean 10, variance 1: the ratio grows by 2 · 5 · 15 / 2 = 75 a pair.
  std::vector<double> d;
  for (int i = 0; i < 40; ++i) d.push_back(i % 2 ? 11 : 9);
  const SprtResult r = run_sprt(d, {0, 5});
  EXPECT_EQ(r.verdict, "H1");
  EXPECT_EQ(r.deals, kSprtMinDeals);  // crossed long before, but not counted before the minimum
  std::vector<double> low;
  for (int i = 0; i < 40; ++i) low.push_back(i % 2 ? -9 : -11);
  EXPECT_EQ(run_sprt(low, {0, 5}).verdict, "H0");
  // Too few deals to stop: inconclusive over all of them.
  const SprtResult few = run_sprt(std::span(d).first(kSprtMinDeals - 1), {0, 5});
  EXPECT_EQ(few.verdict, "inconclusive");
  EXPECT_EQ(few.deals, kSprtMinDeals - 1);
  // The walk deal by deal stops where run_sprt does and takes nothing after.
  SprtWalk walk({0, 5});
  int added = 0;
  for (const double x : d) {
    ++added;
    if (walk.add(x)) break;
  }
  EXPECT_EQ(added, kSprtMinDeals);
  EXPECT_TRUE(walk.add(-1000));
  EXPECT_EQ(walk.result().deals, kSprtMinDeals);
}

TEST(Sprt, ProblemsAreNamed) {
  EXPECT_EQ(sprt_problem({0, 5}), "");
  EXPECT_NE(sprt_problem({5, 0}), "");
  EXPECT_NE(sprt_problem({0, 0}), "");
  EXPECT_NE(sprt_problem({0, NAN}), "");
  EXPECT_NE(sprt_problem({0, 5, 0, 0.05}), "");
  EXPECT_NE(sprt_problem({0, 5, 0.05, 0.6}), "");
}

// A tournament's per-deal differences: 60 % of the deals equal (0), the rest spread with a
// standard deviation of 40 SF points and a heavy tail (one in ten of them five times as wide);
// shifted so that the mean is `mean`.
struct DealDifferences {
  double mean;
  std::mt19937_64 rng;
  double operator()() {
    std::bernoulli_distribution differs(0.4), wide(0.1);
    std::normal_distribution<double> spread(0, 40);
    if (!differs(rng)) return mean;
    return mean + spread(rng) * (wide(rng) ? 5 : 1);
  }
};

struct Rates {
  double h0 = 0, h1 = 0, inconclusive = 0, mean_deals = 0;
};

Rates simulate(double mean, const SprtTest& test, int matches, int max_deals, std::uint64_t seed) {
  Rates r;
  DealDifferences draw{mean, std::mt19937_64(seed)};
  for (int m = 0; m < matches; ++m) {
    SprtWalk walk(test);
    for (int d = 0; d < max_deals && !walk.add(draw()); ++d) {
    }
    const std::string& v = walk.result().verdict;
    (v == "H0" ? r.h0 : v == "H1" ? r.h1 : r.inconclusive) += 1.0 / matches;
    r.mean_deals += static_cast<double>(walk.result().deals) / matches;
  }
  return r;
}

// Wald's bounds promise error rates of about α and β (a little less, as the ratio overshoots);
// with the variance estimated they hold to within the simulation's noise (about ±1 % at 2,000
// matches) and a margin.
TEST(Sprt, ErrorRatesHoldBySimulation) {
  const SprtTest test{0, 5, 0.05, 0.05};
  constexpr int kMatches = 2000, kMaxDeals = 100'000;
  const Rates equal = simulate(0, test, kMatches, kMaxDeals, 11);
  EXPECT_LE(equal.h1, 0.07) << "bots equal: H1 accepted too often";
  EXPECT_GE(equal.h0, 0.92);
  const Rates apart = simulate(5, test, kMatches, kMaxDeals, 12);
  EXPECT_LE(apart.h0, 0.07) << "bots D1 apart: H0 accepted too often";
  EXPECT_GE(apart.h1, 0.92);
  // Far apart, the test stops much sooner than at the hypotheses.
  const Rates far = simulate(20, test, 500, kMaxDeals, 13);
  EXPECT_GE(far.h1, 0.99);
  EXPECT_LT(far.mean_deals, apart.mean_deals / 4);
  // Lopsided error rates are kept too.
  const SprtTest strict{0, 5, 0.01, 0.10};
  EXPECT_LE(simulate(0, strict, kMatches, kMaxDeals, 14).h1, 0.02);
  EXPECT_LE(simulate(5, strict, kMatches, kMaxDeals, 15).h0, 0.13);
}

// An in-process tournament with a test: the rule bot against the random one is decided early, the
// games end with the deal where it stopped, and the stop is the same on one thread and on three.
TEST(Sprt, TournamentStopsAtTheVerdictOnAnyNumberOfThreads) {
  TournamentConfig c;
  c.a = *parse_bot_spec("random");
  c.b = *parse_bot_spec("rule");
  c.deals = 400;
  c.seed = 5;
  c.judge = false;
  c.sprt = SprtTest{0, 5};
  c.threads = 1;
  const auto one = run_tournament(c);
  c.threads = 3;
  const auto three = run_tournament(c);
  const TournamentReport report = make_report(c, one, 0);
  ASSERT_TRUE(report.sprt);
  EXPECT_EQ(report.sprt->verdict, "H1");
  EXPECT_LT(report.sprt->deals, 100);
  EXPECT_EQ(report.deals, report.sprt->deals);
  EXPECT_EQ(one.size(), static_cast<std::size_t>(report.sprt->deals) * 6);
  ASSERT_EQ(three.size(), one.size());
  for (std::size_t i = 0; i < one.size(); ++i) EXPECT_EQ(one[i].points, three[i].points) << i;
  EXPECT_NE(report_text(report).find("SPRT H0: B - A <= +0.00, H1: B - A >= +5.00"), std::string::npos);
  EXPECT_NE(report_text(report).find("H1 accepted after"), std::string::npos);
  // The other way round, B far weaker: H0, as early.
  std::swap(c.a, c.b);
  const TournamentReport weaker = make_report(c, run_tournament(c), 0);
  ASSERT_TRUE(weaker.sprt);
  EXPECT_EQ(weaker.sprt->verdict, "H0");
  EXPECT_LT(weaker.sprt->deals, 100);
  // The rule bot on both sides plays every deal alike (it draws on no seed): every difference is 0,
  // and H0 is certain at the minimum of deals.
  c.b = c.a;
  const TournamentReport same = make_report(c, run_tournament(c), 0);
  ASSERT_TRUE(same.sprt);
  EXPECT_EQ(same.sprt->verdict, "H0");
  EXPECT_EQ(same.sprt->deals, kSprtMinDeals);
}

}  // namespace
}  // namespace skat::bots
