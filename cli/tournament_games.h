// The games files of `skat tournament --games` (docs/tournaments.md, "Games files"): a header line
// (bots, seed, seating, deals, seconds and the build that played them) and one JSON line per game;
// writing and reading them, the provenance checks of --merge and --replay, and a game's outcome.
#pragma once

#include <expected>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bots/tournament/tournament.h"
#include "cli/games_provenance.h"

namespace skat::cli {

// One game of a games file, with the outside programs' faults per side when there are any; and back.
nlohmann::json game_json(const bots::TournamentGame& g);
std::optional<bots::TournamentGame> game_from_json(const nlohmann::json& j);

// Writes the header line and the games; false (logged) when the file cannot be written.
bool write_games(const std::string& path, const bots::TournamentConfig& config, const std::string& seating,
                 const std::vector<bots::TournamentGame>& games, double seconds, const GamesProvenance& build);

struct GamesFile {
  nlohmann::json header;
  std::vector<bots::TournamentGame> games;
};
std::expected<GamesFile, std::string> read_games_file(const std::string& path);

// Warns that the file at `path` (read by `mode`, "--merge" or "--replay") names no build.
void warn_provenance_unknown(const char* mode, const std::string& path);

// Logs `difference`'s conflicts (as errors, or warnings when `allow`) and notes (warnings); false
// when a conflict refuses what `mode` was to do.
bool accept_difference(const char* mode, const ProvenanceDifference& difference, bool allow);

// A game's outcome in a line (declarer, game, won or lost, list entry), and whether two agree.
std::string outcome_text(const bots::TournamentGame& g);
bool same_outcome(const bots::TournamentGame& x, const bots::TournamentGame& y);

}  // namespace skat::cli
