// `skat bench engine`: a fixed, seeded engine workload on one core — random playouts of the
// play state, legal move generation, and whole games through the validating Game with the
// simple player — timed with steady_clock, plus a digest of everything that was played.
#pragma once

#include "cli/bench_support.h"

namespace skat::cli {

BenchReport run_engine_bench(bool quick);

}  // namespace skat::cli
