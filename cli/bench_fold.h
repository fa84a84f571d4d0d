// `skat bench fold`: outer learning's fold on a fixed seeded stream of synthetic recorded games
// (random deals, declarer, game, bid and discard, a won flag biased by the hand, random legal
// tricks up to the defenders' first lead, or to the end of a null game): games folded per second,
// the time to write and to load the binary table file, the mean time of one winning-probability
// look-up (features, key, bucket, fallbacks), and a digest of the resulting counts.
#pragma once

#include <cstdint>

#include "bots/rng.h"
#include "cli/bench_support.h"
#include "engine/records/pgn.h"

namespace skat::cli {

// One synthetic game line with id `id`: about 3 % passed deals and 0.5 % inconsistent records
// (a declarer bid that is no legal bid), the rest consistent suit, grand and null games.
PgnGame synthetic_fold_game(bots::FastRng& rng, int id);

BenchReport run_fold_bench(bool quick);

}  // namespace skat::cli
