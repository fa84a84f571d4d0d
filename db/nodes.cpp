// Server nodes: heartbeats and take-over (db/nodes.h).
#include "db/nodes.h"

#include <algorithm>

#include "common/text_rules.h"
#include "db/collect_rows.h"
#include "db/transaction.h"

namespace skat::db {

using detail::error;

std::expected<void, DbError> validate_node_name(std::string_view node) {
  if (!node.empty() && !text::is_node_name(node))
    return std::unexpected(error(DbErrc::Invalid, "a node name is up to 32 of a-z 0-9 - _"));
  return {};
}

std::expected<void, DbError> node_started(Connection& c, std::string_view node, Timestamp at) {
  if (auto r = validate_node_name(node); !r) return r;
  auto st = c.statement(
      "INSERT INTO nodes (name, started_at, heartbeat_at) VALUES (?1, ?2, ?2) ON CONFLICT (name) DO UPDATE SET "
      "started_at = excluded.started_at, heartbeat_at = excluded.heartbeat_at");
  if (!st) return std::unexpected(st.error());
  st->bind(1, node).bind(2, at);
  return st->run();
}

std::expected<void, DbError> node_heartbeat(Connection& c, std::string_view node, Timestamp at) {
  auto st = c.statement("UPDATE nodes SET heartbeat_at = ?2 WHERE name = ?1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, node).bind(2, at);
  if (auto r = st->run(); !r) return r;
  if (c.changes() == 0) return node_started(c, node, at);
  return {};
}

std::expected<void, DbError> publish_node_lobby(Connection& c, std::string_view node, std::string_view tables_json,
                                                Timestamp at) {
  auto st = c.statement("UPDATE nodes SET lobby = ?2, heartbeat_at = ?3 WHERE name = ?1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, node).bind(2, tables_json).bind(3, at);
  if (auto r = st->run(); !r) return r;
  if (c.changes() == 0) {
    if (auto started = node_started(c, node, at); !started) return started;
    return publish_node_lobby(c, node, tables_json, at);
  }
  return {};
}

std::expected<std::vector<NodeLobby>, DbError> node_lobbies(Connection& c, std::string_view except,
                                                            Timestamp alive_since) {
  auto st = c.statement("SELECT name, lobby FROM nodes WHERE name <> ?1 AND heartbeat_at >= ?2 ORDER BY name");
  if (!st) return std::unexpected(st.error());
  st->bind(1, except).bind(2, alive_since);
  return detail::collect<NodeLobby>(*st, [](const Statement& s) { return NodeLobby{s.text(0), s.text(1)}; });
}

std::expected<std::vector<NodeRecord>, DbError> list_nodes(Connection& c) {
  auto st = c.statement("SELECT name, started_at, heartbeat_at FROM nodes ORDER BY name");
  if (!st) return std::unexpected(st.error());
  return detail::collect<NodeRecord>(*st, [](const Statement& s) {
    return NodeRecord{s.text(0), s.timestamp(1), s.timestamp(2)};
  });
}

std::expected<std::vector<TableId>, DbError> take_over_node(Connection& c, std::string_view silent,
                                                            std::string_view heir, Timestamp silent_since) {
  if (auto r = validate_node_name(heir); !r) return std::unexpected(r.error());
  if (silent == heir) return std::unexpected(error(DbErrc::Invalid, "a node cannot take over itself"));
  auto tx = Transaction::begin(c);
  if (!tx) return std::unexpected(tx.error());
  // Touching the row locks it (PostgreSQL) until the tables have moved; a heartbeat after
  // `silent_since` leaves it untouched and the node keeps its tables.
  auto claim = c.statement("UPDATE nodes SET heartbeat_at = heartbeat_at WHERE name = ?1 AND heartbeat_at < ?2");
  if (!claim) return std::unexpected(claim.error());
  claim->bind(1, silent).bind(2, silent_since);
  if (auto r = claim->run(); !r) return std::unexpected(r.error());
  if (c.changes() == 0) return std::vector<TableId>{};
  auto move = c.statement(
      "UPDATE tables SET node = ?2 WHERE node = ?1 AND id IN (SELECT table_id FROM series WHERE status = 'running' "
      "AND table_id IS NOT NULL) RETURNING id");
  if (!move) return std::unexpected(move.error());
  move->bind(1, silent).bind(2, heir);
  auto moved = detail::collect<TableId>(*move, [](const Statement& s) { return s.int64(0); });
  if (!moved) return std::unexpected(moved.error());
  std::sort(moved->begin(), moved->end());
  if (auto r = tx->commit(); !r) return std::unexpected(r.error());
  return moved;
}

}  // namespace skat::db
