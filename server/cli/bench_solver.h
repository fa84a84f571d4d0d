// `skat bench solver`: the open-card solver on a fixed seeded set of declared deals (suit, grand
// and null, from the 10-card root, a cold table per question): time per 61-question, per exact
// value and per null question (mean, p50, p99), nodes per second, and a digest of the answers.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/deal.h"
#include "engine/game_type.h"
#include "server/cli/bench_support.h"

namespace skat::cli {

struct DeclaredDeal {
  Deal deal;
  GameType game = GameType::Grand;
  int declarer = 0;
};

// `count` deals from `seed`: a random declarer who plays a hand game (the skat counts for him):
// null with 15 %, grand with 20 %, otherwise the suit of which he holds the most cards.
std::vector<DeclaredDeal> make_solver_deals(std::uint64_t seed, int count);

BenchReport run_solver_bench(bool quick);

}  // namespace skat::cli
