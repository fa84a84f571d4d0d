// `skat bench pimc`: the Monte-Carlo card player on fixed seeded deals (the simple player bids
// and declares, PIMC plays every card of all three positions; by default 20 worlds (--quick: 4)
// and the 5 s move budget, or the PIMC settings of a bot spec): decision time per trick number
// (mean, p99), worlds per decision, and a digest of the cards chosen.
#pragma once

#include <optional>

#include "bots/pimc/pimc_player.h"
#include "cli/bench_support.h"

namespace skat::cli {

// `settings`: the card play to measure (none: the fixed default above).
BenchReport run_pimc_bench(bool quick, std::optional<bots::PimcSettings> settings = std::nullopt);

}  // namespace skat::cli
