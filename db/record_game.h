// Rebuilding the finished engine Game of a record, for import (an SGF game is stored with the PGN
// line of its replay) and SGF export (a stored PGN line becomes an ISS line through its Game).
// engine/records/replay.h checks records but keeps the replayed Game to itself; these functions
// redo the replay of a record that passed that check. (They would sit well in engine/records.)
#pragma once

#include <expected>
#include <span>
#include <string>

#include "engine/game.h"
#include "engine/records/pgn.h"
#include "engine/records/sgf.h"

namespace skat::db {

// PGN keeps only each position's highest bid, so the auction is rebuilt as the shortest legal one
// that gives those highest bids and that declarer; then pickup, discard, declaration, the tricks,
// and for a line that ends early the concession that explains the recorded result.
std::expected<Game, std::string> game_from_pgn(const PgnGame& line);
// The same with the auction as played: `auction` holds every bid, hold and pass in order (a server
// game's, from its event log) and replaces the rebuilt one; an error when those calls are not
// legal or do not end with the line's highest bids and declarer. Empty: rebuilt as above.
std::expected<Game, std::string> game_from_pgn(const PgnGame& line, std::span<const Action> auction);
// Every move of the record through the engine (the SGF replay's rules: shown cards and claims
// are checked by replay_sgf, skipped here).
std::expected<Game, std::string> game_from_sgf(const SgfGame& record);

}  // namespace skat::db
