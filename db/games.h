// The games repository: one row per finished deal, inserted (and committed) the moment the deal
// ends, so that a crash loses nothing finished. The PGN game line is the source of truth; the
// columns derived from it (declarer seat, game, won, list entry, Seeger-Fabian points) serve
// queries. The event log and the ISS line are passed through as text.
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/connection.h"
#include "db/types.h"
#include "engine/records/pgn.h"

namespace skat::db {

struct GameRecord {
  GameId id = 0;  // assigned by insert_game
  SeriesId series_id = 0;
  int index = 0;  // line of the series, PGN field 1 (forehand is Seat(index mod 3)+1)
  std::uint64_t deal_id = 0;
  int forehand_seat = 0;               // 0..2
  int game = kPgnFolded;               // PGN field 2: −1 folded, 0..3 suit, 4 grand, 5..8 null
  std::optional<int> declarer_seat;    // 0..2; nullopt when folded
  bool won = false;                    // the declarer won
  int list_entry = 0;                  // the declarer's signed list entry (0 when folded)
  std::array<int, 3> seeger_fabian{};  // points of this game per seat
  std::array<int, 3> timeouts{};       // moves per seat made by the server after a timeout
  std::array<bool, 3> replaced{};      // seats played by a substitute (player left)
  // The substitute bot that played a replaced seat (game_substitutes), credited with the game;
  // none for a seat nobody played and for games stored before substitutes were named.
  std::array<std::optional<PlayerId>, 3> substitutes{};
  std::string notes;             // free text for anything else worth keeping
  std::string pgn;               // the PGN game line (no newline)
  std::string sgf;               // the ISS SGF line when known, else empty
  std::string event_log = "[]";  // JSON: every event with millisecond timestamps
  Timestamp finished_at{};
  std::string node;  // the server node that wrote it ('' for one node, imports and tools)
  bool operator==(const GameRecord&) const = default;
};

// Everything that follows from the game line: index, deal id, forehand seat, game, declarer
// seat, won, list entry, Seeger-Fabian points, and the line's text.
GameRecord game_record_from(SeriesId series, const PgnGame& line, Timestamp finished_at = now());

// Inserts a finished game of a running series in its own transaction (a savepoint when the
// caller has one open): committed when this returns. Invalid when the series is not running;
// AlreadyExists when the series already has a game with that index.
std::expected<GameId, DbError> insert_game(Connection& c, const GameRecord& game);
// Sets the ISS line of a stored game (the server writes it right after the insert, once the
// game's id, which the line carries in ID[], is known); NotFound when there is no such game.
std::expected<void, DbError> set_game_sgf(Connection& c, GameId id, std::string_view sgf);
// The games of a series in index order.
std::expected<std::vector<GameRecord>, DbError> list_games(Connection& c, SeriesId series);
// NotFound when there is no such game.
std::expected<GameRecord, DbError> get_game(Connection& c, GameId id);

}  // namespace skat::db
