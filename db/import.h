// Importing game records into the database: series PGN files and ISS SGF lines (docs/records.md).
// Every game is replayed through the engine first; what does not replay, or contradicts its own
// recorded result, is reported and not stored. Players are found by name or created. Imported
// series have no table and are stored finished; importing the same records again stores nothing.
#pragma once

#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "db/connection.h"
#include "db/types.h"

namespace skat::db {

struct ImportOptions {
  PlayerKind new_players = PlayerKind::Human;  // the kind of players created for unknown names
};

struct ImportReport {
  int series_stored = 0;
  int games_stored = 0;
  int series_skipped = 0;  // imported before (same records)
  int series_refused = 0;
  int games_refused = 0;  // games that could not be read or replayed
  std::vector<SeriesId> stored;
  std::vector<std::string> problems;  // one line each, naming the series / game and what is wrong
  bool ok() const { return problems.empty(); }
};

// Database errors abort the import (what was stored before stays: each series is committed on
// its own); record problems do not.
//
// PGN: each series of the file is one series, stored whole or not at all (a series with a game
// that does not replay is refused: its list and result would be wrong without it). The PGN text
// kept is the canonical one (write_pgn of what was read): byte-identical for files this project
// wrote; its seat ids are those of the source, the series' seats are this database's players.
std::expected<ImportReport, DbError> import_pgn(Connection& c, std::string_view text,
                                                const ImportOptions& options = {});
// SGF: games are grouped into series by SE[…], in file order; within one SE the games form a
// series while their players follow the PGN seat rotation (game n: forehand is Seat(n mod 3)+1,
// with Seat1..3 = P0..P2 of the group's first game); a game that breaks the rotation starts a new
// series. A game without SE[…] is a series of its own. Each game keeps its ISS line (exported
// verbatim) and gets the PGN line of its replay; the series PGN is built from those lines.
std::expected<ImportReport, DbError> import_sgf(Connection& c, std::string_view text,
                                                const ImportOptions& options = {});

}  // namespace skat::db
