// `skat bench analysis`: the analysis of whole games by the open-card solver as the server makes it
// for a replay (bots/analysis/game_analysis.h; a fresh solver with the default table per game):
// seeded deals played by three rule-based bots, every declared game analysed, the time per game
// (median, mean, p90, max), the games whose node budget left cards without points or values, and a
// digest of the values found.
#pragma once

#include "cli/bench_support.h"

namespace skat::cli {

BenchReport run_analysis_bench(bool quick);

}  // namespace skat::cli
