// The base tables T0 (docs/learning.md §2): seeded deals played out by three explorer players (PIMC
// card play, randomised loose contracts), in parallel, each game recorded as a PGN game line and
// folded in deal order, so the tables depend on the seed and settings only, not on the thread
// count.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "bots/parallel.h"
#include "bots/pimc/pimc_player.h"
#include "bots/tables/fold.h"
#include "bots/tables/winning_table.h"
#include "engine/records/pgn.h"

namespace skat::bots {

struct BaseTablesConfig {
  int games = 10000;
  std::uint64_t seed = 1;
  int threads = 1;
  PimcSettings pimc;  // the explorers' card play (worlds decide when the budget is generous)
};

struct BaseTables {
  TableSet tables;
  FoldStats stats;
  std::vector<PgnGame> games;  // every game played, in deal order (game ids 0, 1, …)
};

BaseTables build_base_tables(const BaseTablesConfig& config, const ProgressFn& progress = {});

}  // namespace skat::bots
