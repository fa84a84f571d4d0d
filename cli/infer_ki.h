// The data of the KI tables (docs/inference.md, "KI") besides recorded games: seeded auctions that
// a bot plays up to the card play (its bids, hand or pickup, skat and declaration; no card play),
// each deal a function of the seed and its index, the tables summed over the threads (so
// independent of their number).
#pragma once

#include <cstdint>

#include "bots/bot_factory.h"
#include "bots/inference/kermit_tables.h"
#include "bots/parallel.h"

namespace skat::cli {

struct KermitAuctions {
  bots::BotSpec bot;
  int deals = 0;
  std::uint64_t seed = 1;
  int threads = 1;
};

// Counts the auctions of deals 0 … deals − 1 into tables (passed deals count nothing).
bots::inference::KermitTables kermit_from_auctions(const KermitAuctions& run, const bots::ProgressFn& progress = {});

}  // namespace skat::cli
