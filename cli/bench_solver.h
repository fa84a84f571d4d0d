// `skat bench solver`: the open-card solver on a fixed seeded set of declared deals (suit, grand
// and null, from the 10-card root, a cold table per question): time per 61-question, per exact
// value and per null question (mean, p50, p99, max), nodes per second, and a digest of the answers;
// optionally the first N deals only and a per-deal TSV file (to find the slow deals).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cli/bench_support.h"
#include "engine/deal.h"
#include "engine/game_type.h"

namespace skat::cli {

struct DeclaredDeal {
  Deal deal;
  GameType game = GameType::Grand;
  int declarer = 0;
};

// `count` deals from `seed`: a random declarer who plays a hand game (the skat counts for him):
// null with 15 %, grand with 20 %, otherwise the suit of which he holds the most cards.
std::vector<DeclaredDeal> make_solver_deals(std::uint64_t seed, int count);

struct SolverBenchOptions {
  bool quick = false;         // 6 deals instead of 1,000
  int deals = 0;              // the first `deals` deals instead (0: as `quick` says)
  std::string per_deal_file;  // when set: one TSV line per deal and question (time, nodes, answer)
};

BenchReport run_solver_bench(const SolverBenchOptions& options);

}  // namespace skat::cli
