// The sequential probability ratio test of a tournament (docs/evaluation.md, "Stopping early"):
// H0: B − A ≤ d0 against H1: B − A ≥ d1, in Seeger-Fabian points per seat-game, on the duplicate
// difference of each deal taken in deal order. The log-likelihood ratio is the generalised SPRT's
// under a normal model of the per-deal differences with their variance estimated from the deals so
// far; Wald's bounds log(β / (1 − α)) and log((1 − β) / α). Pure: the same differences, the same
// verdict at the same deal, whatever the number of threads or tables that played them.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace skat::bots {

struct SprtTest {
  double d0 = 0, d1 = 5;  // H0: B − A ≤ d0, H1: B − A ≥ d1 (d0 < d1)
  double alpha = 0.05;    // the chance of accepting H1 when B − A = d0
  double beta = 0.05;     // the chance of accepting H0 when B − A = d1
  double lower() const;   // log(β / (1 − α)): at or below it, H0
  double upper() const;   // log((1 − β) / α): at or above it, H1
};

// The deals before which the test does not stop: the variance of fewer is too rough an estimate.
inline constexpr int kSprtMinDeals = 20;

struct SprtResult {
  SprtTest test;
  std::string verdict = "inconclusive";  // "H0", "H1" or "inconclusive" (no bound crossed)
  int deals = 0;                         // the deals the verdict rests on (where it stopped)
  double llr = 0;
};

// The test deal by deal: add() each deal's difference in deal order; true once it has stopped
// (from then on, further deals are not counted).
class SprtWalk {
 public:
  explicit SprtWalk(const SprtTest& test);
  bool add(double difference);
  bool stopped() const { return result_.verdict != "inconclusive"; }
  const SprtResult& result() const { return result_; }

 private:
  SprtResult result_;
  double sum_ = 0, squares_ = 0;
};

// The log-likelihood ratio of H1 against H0 over `differences` (per deal, B − A): n (d1 − d0)
// (2 mean − d0 − d1) / (2 variance), the variance the sample's (divided by n); 0 for fewer than 2
// deals; when every deal is alike, −10⁶ for a mean at or below d0, +10⁶ at or above d1, else 0.
double sprt_llr(std::span<const double> differences, const SprtTest& test);

// Walks the per-deal differences in deal order and stops at the first deal (from kSprtMinDeals on)
// where the ratio crosses a bound; without a crossing the verdict is "inconclusive" over all of them.
SprtResult run_sprt(std::span<const double> differences, const SprtTest& test);

// What is wrong with a test's figures (empty: nothing): the bounds finite, within ±1000 and d0 < d1,
// α and β in (0, 0.5].
std::string sprt_problem(const SprtTest& test);

}  // namespace skat::bots
