// The expiry of unused guest players (db/guests.h).
#include "db/guests.h"

#include <vector>

#include "db/transaction.h"

namespace skat::db {

std::expected<int, DbError> purge_unused_guests(Connection& c, Timestamp now, Timestamp created_before,
                                                const std::set<PlayerId>& keep) {
  auto tx = Transaction::begin(c);
  if (!tx) return std::unexpected(tx.error());
  // A player with a series seat has played (a series row is made with its first game). An owner of
  // a bot account (revoked ones too: their records name the owner) or a player who started a
  // tournament is no unused guest either.
  auto unused = c.statement(
      "SELECT id FROM players AS p WHERE kind = 'guest'"
      " AND NOT EXISTS (SELECT 1 FROM series_seats AS s WHERE s.player_id = p.id)"
      " AND NOT EXISTS (SELECT 1 FROM bot_accounts AS b WHERE b.owner_id = p.id)"
      " AND NOT EXISTS (SELECT 1 FROM tournaments AS t WHERE t.started_by = p.id)"
      " AND (created_at <= ?1"
      "      OR NOT EXISTS (SELECT 1 FROM sessions AS x WHERE x.player_id = p.id AND x.expires_at > ?2))");
  if (!unused) return std::unexpected(unused.error());
  unused->bind(1, created_before).bind(2, now);
  std::vector<PlayerId> doomed;
  for (;;) {
    auto row = unused->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) break;
    if (const PlayerId id = unused->int64(0); !keep.contains(id)) doomed.push_back(id);
  }
  auto remove = c.statement("DELETE FROM players WHERE id = ?1");  // sessions: ON DELETE CASCADE
  if (!remove) return std::unexpected(remove.error());
  for (const PlayerId id : doomed) {
    remove->reset();
    remove->bind(1, id);
    if (auto r = remove->run(); !r) return std::unexpected(r.error());
  }
  if (auto r = tx->commit(); !r) return std::unexpected(r.error());
  return static_cast<int>(doomed.size());
}

}  // namespace skat::db
