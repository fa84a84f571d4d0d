// The expiry of unused guest players: guests who never played a game are removed (with their
// sessions) once they are old enough or no session of theirs is valid any more, so token-less
// hellos do not leave a player row behind for good.
#pragma once

#include <cstdint>
#include <expected>
#include <set>

#include "db/connection.h"
#include "db/types.h"

namespace skat::db {

// Deletes every guest player with no seat in any series (so no game, no rating), no bot account of
// its own (revoked or not) and no tournament it started, that was created at or before
// `created_before` or holds no session valid at `now`, except the players in `keep` (online or
// seated now); their sessions go with them. Returns how many were deleted.
std::expected<int, DbError> purge_unused_guests(Connection& c, Timestamp now, Timestamp created_before,
                                                const std::set<PlayerId>& keep);

}  // namespace skat::db
