// `skat bench decisions`: the complete bot's table decisions on fixed seeded hands with the shipped
// base tables (tables/t0.wtab; a build directory's copy when run from elsewhere): the highest bid
// per dealt hand, the hand-or-pickup decision, and the discard with the declaration for twelve
// cards (mean, p99 and their sum per game, against the 50 ms target), with a digest of the choices.
#pragma once

#include <string>

#include "cli/bench_support.h"

namespace skat::cli {

// `null_model`: null games' W from the open-card null model (the bot setting null=model).
BenchReport run_decisions_bench(bool quick, const std::string& tables_path, bool null_model = false);

}  // namespace skat::cli
