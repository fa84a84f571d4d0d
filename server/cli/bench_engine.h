// `skat bench engine`: a fixed, seeded engine workload on one core — random playouts of the
// play state, legal move generation, and whole games through the validating Game with the
// simple player — timed with steady_clock, plus a digest of everything that was played.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace skat::cli {

struct BenchFigure {
  std::string name;
  double value = 0;
  std::string unit;
};

struct BenchReport {
  std::vector<BenchFigure> figures;
  std::uint64_t digest = 0;  // FNV-1a over cards played and results; timing-independent
};

BenchReport run_engine_bench(bool quick);

}  // namespace skat::cli
