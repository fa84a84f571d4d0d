// `skat bench elo`: the nightly job's rating recomputation (nightly/ratings.h) over the
// volume of the Elo paper (docs/papers.md [elo]), 2,329 series of 36 synthetic recorded games
// (83,844 games) among 150 players: the time to recompute every rating from scratch with the
// hand-luck correction (the leaderboard's default: every declarer game looked up in the winning
// tables) and without corrections, and a digest of the ratings (those with hand luck).
#pragma once

#include <string>

#include "cli/bench_support.h"

namespace skat::cli {

BenchReport run_elo_bench(bool quick, const std::string& tables_path);

}  // namespace skat::cli
