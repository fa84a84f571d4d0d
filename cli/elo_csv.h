// CSV in and out of `skat elo` (docs/cli.md): series results with the header
// `series,player1,player2,player3,score1,score2,score3`, the ranking `player,rating,series`
// and the trace `series,player,score,expected,rating` (ratings with two decimals).
#pragma once

#include <expected>
#include <iosfwd>
#include <span>
#include <string>
#include <vector>

#include "engine/elo.h"

namespace skat::cli {

inline constexpr const char* kSeriesCsvHeader = "series,player1,player2,player3,score1,score2,score3";

// Reads every series; the header line is optional. The error names the line.
std::expected<std::vector<SeriesResult>, std::string> read_series_csv(std::istream& in);

void write_ranking_csv(std::ostream& out, std::span<const PlayerRating> ranking);
void write_trace_csv(std::ostream& out, std::span<const SeriesResult> series, std::span<const SeriesTrace> traces);

}  // namespace skat::cli
