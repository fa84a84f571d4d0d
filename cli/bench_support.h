// What every `skat bench` workload shares: the report (figures and a timing-independent digest),
// the FNV-1a digest, and percentiles of timing samples.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace skat::cli {

struct BenchFigure {
  std::string name;
  double value = 0;
  std::string unit;
  int decimals = 0;  // digits after the point when printed
};

struct BenchReport {
  std::vector<BenchFigure> figures;
  std::uint64_t digest = 0;  // FNV-1a over the results; timing-independent
};

struct Fnv1a {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  void add(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) {
      hash ^= (v >> (8 * i)) & 0xFF;
      hash *= 0x100000001b3ULL;
    }
  }
};

using BenchClock = std::chrono::steady_clock;

inline double seconds_since(BenchClock::time_point start) {
  return std::chrono::duration<double>(BenchClock::now() - start).count();
}

// The q-quantile (0..1, nearest rank) of `samples`; 0 when empty.
inline double quantile(std::vector<double> samples, double q) {
  if (samples.empty()) return 0;
  const auto k = static_cast<std::size_t>(q * static_cast<double>(samples.size() - 1) + 0.5);
  std::nth_element(samples.begin(), samples.begin() + static_cast<std::ptrdiff_t>(k), samples.end());
  return samples[k];
}

inline double mean(const std::vector<double>& samples) {
  double sum = 0;
  for (double x : samples) sum += x;
  return samples.empty() ? 0 : sum / static_cast<double>(samples.size());
}

}  // namespace skat::cli
