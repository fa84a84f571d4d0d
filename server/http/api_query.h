// The query strings of the HTTP API (docs/api.md), read with Boost.URL: the parameters a request
// takes, the series filters and paging, the leaderboard's group, ids in paths. Whatever cannot be
// read is refused with the reason (a 400), never dropped in silence.
#pragma once

#include <cstdint>
#include <expected>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "db/leaderboard.h"
#include "db/series.h"

namespace skat::app {

// The query parameters of a request target by name, percent-decoded ('+' is a space).
using QueryParams = std::map<std::string, std::string, std::less<>>;
// The parameters of `target`, or why it is refused: a malformed target (a bad percent-escape such
// as "%zz", "%4" or a trailing "%"), a parameter not in `allowed`, one given twice or without a
// value, or a name or value that is not valid UTF-8 or holds a control character (U+0000..U+001F,
// U+007F..U+009F: "%00", "%0A") once decoded.
std::expected<QueryParams, std::string> query_params(std::string_view target,
                                                     std::initializer_list<std::string_view> allowed);
// Any request's query (when it has one), whatever parameters its route takes: well-formed, and
// every name and value valid UTF-8 without a control character once decoded.
std::expected<void, std::string> check_query(std::string_view target);

struct SeriesQuery {
  db::SeriesFilter filter;
  db::Page page;
};
// /api/series and the exports: player (a positive id, or a name), bot, from, to (milliseconds or
// YYYY-MM-DD), table (a positive id), limit (1..1000), after (a series id, 0 or more).
std::expected<SeriesQuery, std::string> series_query(std::string_view target);
// Paging alone (a player's series): limit and after.
std::expected<db::Page, std::string> page_query(std::string_view target);
// The leaderboard's kind=humans|bots|all (all when absent), as its name and group.
std::expected<std::pair<std::string, db::PlayerGroup>, std::string> group_query(std::string_view target);

// A positive decimal id, as in /api/series/12.pgn.
std::optional<std::int64_t> parse_id(std::string_view text);
// A path segment percent-decoded (a bot's name in /api/admin/bots/NAME/disable); none when malformed.
std::optional<std::string> decoded_segment(std::string_view text);

}  // namespace skat::app
