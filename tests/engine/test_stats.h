// Small statistics helpers for the uniformity tests: the chi-square statistic and its upper tail
// probability (the regularized upper incomplete gamma function Q(k/2, x/2)).
#pragma once

#include <cmath>
#include <cstddef>
#include <span>

namespace skat::test {

// Q(a, x) = Γ(a, x) / Γ(a): power series for x < a + 1, continued fraction otherwise.
inline double upper_gamma_q(double a, double x) {
  if (x <= 0) return 1.0;
  const double log_prefactor = -x + a * std::log(x) - std::lgamma(a);
  constexpr double kEps = 1e-15;
  constexpr double kTiny = 1e-300;
  if (x < a + 1) {
    // P(a, x) = e^-x x^a / Γ(a+1) · Σ x^n / ((a+1)…(a+n))
    double term = 1.0 / a;
    double sum = term;
    for (int n = 1; n < 10000; ++n) {
      term *= x / (a + n);
      sum += term;
      if (std::fabs(term) < std::fabs(sum) * kEps) break;
    }
    return 1.0 - sum * std::exp(log_prefactor);
  }
  // Γ(a, x) = e^-x x^a · 1/(x+1-a- 1(1-a)/(x+3-a- 2(2-a)/(x+5-a- …))), evaluated by Lentz's method.
  double b = x + 1 - a;
  double c = 1 / kTiny;
  double d = 1 / b;
  double h = d;
  for (int i = 1; i < 10000; ++i) {
    const double an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = b + an / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1 / d;
    const double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1) < kEps) break;
  }
  return std::exp(log_prefactor) * h;
}

// P(X ≥ x) for a chi-square variable with `dof` degrees of freedom.
inline double chi_square_p_value(double x, int dof) { return upper_gamma_q(dof / 2.0, x / 2.0); }

// Σ (observed − expected)² / expected, with expected = total × probability.
inline double chi_square_statistic(std::span<const double> observed, std::span<const double> probabilities,
                                   double total) {
  double x = 0;
  for (std::size_t i = 0; i < observed.size(); ++i) {
    const double e = total * probabilities[i];
    x += (observed[i] - e) * (observed[i] - e) / e;
  }
  return x;
}

}  // namespace skat::test
