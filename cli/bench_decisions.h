// `skat bench decisions`: the complete bot's table decisions on fixed seeded hands with the shipped
// base tables (tables/t0.wtab; a build directory's copy when run from elsewhere): the highest bid
// per dealt hand, the hand-or-pickup decision, and the discard with the declaration for twelve
// cards (mean, p99 and their sum per game, against the 50 ms target), with a digest of the choices.
#pragma once

#include <string>

#include "cli/bench_support.h"

namespace skat::cli {

BenchReport run_decisions_bench(bool quick, const std::string& tables_path);

}  // namespace skat::cli
