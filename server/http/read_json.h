// The JSON forms of what the API reads (docs/api.md): a series and a page of series with the
// `next_after` of the next page, the leaderboard with the nightly job's ratings, a player's page.
// (Replays: game_replay_json.h; tournaments: tournament_json.h.)
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server/http/read_model.h"

namespace skat::app {

// Ratings of players with fewer rated series are marked provisional (docs/ratings.md §4).
inline constexpr int kProvisionalSeries = 10;

nlohmann::json series_json(const db::SeriesRecord& series);
// {"series":[…],"next_after":id or null}: next_after is the id to pass as `after=` for the next
// page, null when this page is the last.
nlohmann::json series_page_json(const std::vector<db::SeriesRecord>& list, const db::Page& page);
// {"kind","provisional_below","snapshot","players":[…]}, best first.
nlohmann::json leaderboard_json(const Leaderboard& board, const std::string& kind);
// A page of the player's series with "player" and "ratings".
nlohmann::json player_json(const PlayerPage& page, const db::Page& paging);

}  // namespace skat::app
