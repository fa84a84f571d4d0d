// The games of a stored series as JSON for replaying them in the browser
// (GET /api/series/{id}/games, docs/api.md): per game the deal (hands by seat and skat), the
// auction from the event log, the declaration, the skat put, every trick in play order (and the
// cards of a trick a concession left unfinished, from the event log) and the result in the protocol's `result` form,
// recomputed by replaying the PGN game line through the engine. Seats, not positions, throughout.
#pragma once

#include <expected>
#include <nlohmann/json.hpp>
#include <span>
#include <string>

#include "db/games.h"
#include "db/series.h"
#include "engine/game.h"

namespace skat::app {

// The engine game of one stored game, replayed from its line (and, for a trick a concession left
// unfinished, its event log); why not, when it cannot be replayed.
std::expected<Game, std::string> replay_game(const db::GameRecord& game);
// One stored game; a line that cannot be replayed gets "error" and a null "result".
nlohmann::json game_replay_json(const db::GameRecord& game);
// {"series":id,"seats":[{"player_id","name","kind"}×3],"games":[…]}; each game also names who played
// each seat ("players": the seat's player, the substitute that sat in, or null).
nlohmann::json series_games_json(const db::SeriesRecord& series, std::span<const db::GameRecord> games);

}  // namespace skat::app
