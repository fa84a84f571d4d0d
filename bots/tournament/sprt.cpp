#include "bots/tournament/sprt.h"

#include <cmath>

namespace skat::bots {

double SprtTest::lower() const { return std::log(beta / (1 - alpha)); }
double SprtTest::upper() const { return std::log((1 - beta) / alpha); }

namespace {

// The ratio from running sums: n deals, their sum and sum of squares.
double llr_of(double n, double sum, double squares, const SprtTest& test) {
  if (n < 2) return 0;
  const double mean = sum / n;
  const double variance = squares / n - mean * mean;
  // Every deal alike: the mean is exact. Beyond a hypothesis it is certain (a ratio of ±10⁶,
  // past any bound); between them nothing is learnt.
  if (!(variance > 1e-12)) return mean <= test.d0 ? -1e6 : mean >= test.d1 ? 1e6 : 0;
  return n * (test.d1 - test.d0) * (2 * mean - test.d0 - test.d1) / (2 * variance);
}

}  // namespace

double sprt_llr(std::span<const double> differences, const SprtTest& test) {
  double sum = 0, squares = 0;
  for (const double d : differences) {
    sum += d;
    squares += d * d;
  }
  return llr_of(static_cast<double>(differences.size()), sum, squares, test);
}

SprtWalk::SprtWalk(const SprtTest& test) { result_.test = test; }

bool SprtWalk::add(double difference) {
  if (stopped()) return true;
  sum_ += difference;
  squares_ += difference * difference;
  const int n = ++result_.deals;
  result_.llr = llr_of(n, sum_, squares_, result_.test);
  if (n < kSprtMinDeals) return false;
  if (result_.llr >= result_.test.upper())
    result_.verdict = "H1";
  else if (result_.llr <= result_.test.lower())
    result_.verdict = "H0";
  return stopped();
}

SprtResult run_sprt(std::span<const double> differences, const SprtTest& test) {
  SprtWalk walk(test);
  for (const double d : differences)
    if (walk.add(d)) break;
  return walk.result();
}

std::string sprt_problem(const SprtTest& test) {
  if (!std::isfinite(test.d0) || !std::isfinite(test.d1) || std::abs(test.d0) > 1000 || std::abs(test.d1) > 1000)
    return "the SPRT bounds must be numbers between -1000 and 1000";
  if (!(test.d0 < test.d1)) return "the SPRT bounds D0,D1 need D0 < D1";
  for (const double p : {test.alpha, test.beta})
    if (!(p > 0 && p <= 0.5)) return "the SPRT's alpha and beta must lie in (0, 0.5]";
  return {};
}

}  // namespace skat::bots
