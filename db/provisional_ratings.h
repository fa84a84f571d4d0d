// The provisional ratings (docs/ratings.md §6, migrations/0005): each player's figures right after
// each finished series the newest leaderboard snapshot does not include yet. Written by the server
// when a series ends (nightly/provisional_ratings.h), read by the leaderboard and the player
// page, deleted by the nightly job's next snapshot for every series it rated (db/nightly.cpp).
#pragma once

#include <expected>
#include <span>
#include <vector>

#include "db/connection.h"
#include "db/nightly.h"
#include "db/types.h"

namespace skat::db {

// Stores the rows of one series (one per player); fails (AlreadyExists) when it has rows already.
std::expected<void, DbError> insert_provisional_ratings(Connection& c, SeriesId series, Timestamp finished_at,
                                                        std::span<const RatingRow> rows);
// Whether `series` has provisional rows.
std::expected<bool, DbError> has_provisional_ratings(Connection& c, SeriesId series);
// Each player's newest provisional row (the figures after his last series not yet in a snapshot),
// with names and kinds, best rating first.
std::expected<std::vector<RatingRow>, DbError> provisional_ratings(Connection& c);
// One player's newest provisional row, if any.
std::expected<std::optional<RatingRow>, DbError> provisional_rating(Connection& c, PlayerId player);
// One player's provisional ratings in the order of the series (after the snapshot's history).
std::expected<std::vector<HistoryPoint>, DbError> provisional_history(Connection& c, PlayerId player);

}  // namespace skat::db
