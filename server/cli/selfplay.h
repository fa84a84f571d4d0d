// In-process self-play for `skat selfplay`: series of the simple player against itself, deals
// from the seeded CSPRNG, the dealer rotating (game n: forehand is Seat(n mod 3)+1), each series
// recorded as series PGN with its Seeger-Fabian result.
#pragma once

#include <cstdint>
#include <expected>
#include <string>

#include "engine/records/pgn.h"
#include "server/common/csprng.h"

namespace skat::cli {

struct SeriesStats {
  int games = 0;  // deals played, folded ones included
  int folded = 0;
  int won = 0;  // games won by the declarer
  int lost = 0;
};

// Plays one series of `deals` deals; the players' seeds and the deal ids come from `gen`.
// `header` supplies event, date, time and seats; number_of_games and result are filled in.
std::expected<PgnSeries, std::string> play_series(Csprng& gen, int deals, PgnHeader header, SeriesStats& stats);

}  // namespace skat::cli
