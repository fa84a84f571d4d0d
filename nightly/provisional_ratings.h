// The Elo right after a series (docs/ratings.md §6): the just-finished series rated on top of the
// newest leaderboard snapshot and the provisional ratings written since, with the snapshot's
// options, and stored as provisional rows until the nightly job recomputes the official ranking.
// Applied series by series from an empty database it gives the ratings compute_ratings gives.
#pragma once

#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "db/connection.h"
#include "nightly/ratings.h"

namespace skat::nightly {

// The options a snapshot was computed with (options_json), over `fallback` for what it lacks. The
// high-value correction's mean is the one the snapshot used.
RatingOptions options_from_json(std::string_view json, const RatingOptions& fallback);

// Rates finished series `series` provisionally and stores its players' rows; returns them (empty
// when the series was rated before, or is not finished). `defaults`: the options when there is no
// snapshot yet.
std::expected<std::vector<db::RatingRow>, std::string> rate_series_provisionally(
    db::Connection& c, db::SeriesId series, const RatingOptions& defaults, const WinProbabilityFn& win_probability);

}  // namespace skat::nightly
