// The analyses of stored games (migrations/0008_game_analyses.sql): the JSON body of a game's
// analysis by the open-card solver (the server keeps a compact form of the API's), one row per game,
// with the version of the analysis that made it.
#pragma once

#include <expected>
#include <optional>
#include <string>
#include <string_view>

#include "db/connection.h"
#include "db/types.h"

namespace skat::db {

// Keeps `body` as the analysis of game `game` made by analysis `version`, replacing what the game
// had; NotFound when there is no such game.
std::expected<void, DbError> save_game_analysis(Connection& c, GameId game, int version, std::string_view body,
                                                Timestamp at = now());
// The bytes the bodies of all analyses take.
std::expected<std::int64_t, DbError> analyses_bytes(Connection& c);
// Deletes the oldest analyses until the bodies of those left take at most `keep_bytes` (0: all of
// them go); how many went. Analyses are made again on demand, so they give way to games.
std::expected<int, DbError> drop_oldest_analyses(Connection& c, std::int64_t keep_bytes);
// The game's analysis made by `version`; nothing when it has none, or one of another version.
std::expected<std::optional<std::string>, DbError> find_game_analysis(Connection& c, GameId game, int version);

}  // namespace skat::db
