// `skat bench pimc`: the Monte-Carlo card player on fixed seeded deals (the simple player bids
// and declares, PIMC plays every card of all three positions with 20 worlds (--quick: 4) and the
// 5 s move budget): decision time per trick number (mean, p99), worlds per decision, and a digest
// of the cards chosen.
#pragma once

#include "server/cli/bench_support.h"

namespace skat::cli {

BenchReport run_pimc_bench(bool quick);

}  // namespace skat::cli
