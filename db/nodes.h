// The server nodes sharing one database (docs/scaling.md): each node's start and last heartbeat,
// and the take-over of a silent node's running tables by another node, which then resumes their
// series as its own (server/store/database_store.h).
#pragma once

#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "db/connection.h"

namespace skat::db {

struct NodeRecord {
  std::string name;
  Timestamp started_at;
  Timestamp heartbeat_at;
  bool operator==(const NodeRecord&) const = default;
};

// A node name: up to 32 of a-z 0-9 - _ ('' is the single node of a one-machine set-up).
std::expected<void, DbError> validate_node_name(std::string_view node);

// The node (re)started at `at`: its row with started_at and heartbeat_at set.
std::expected<void, DbError> node_started(Connection& c, std::string_view node, Timestamp at = now());
// The node is alive at `at`.
std::expected<void, DbError> node_heartbeat(Connection& c, std::string_view node, Timestamp at = now());
std::expected<std::vector<NodeRecord>, DbError> list_nodes(Connection& c);

// Publishes `node`'s lobby tables (a JSON array) and beats its heartbeat.
std::expected<void, DbError> publish_node_lobby(Connection& c, std::string_view node, std::string_view tables_json,
                                                Timestamp at = now());
struct NodeLobby {
  std::string node;
  std::string tables_json;  // as published
  bool operator==(const NodeLobby&) const = default;
};
// The lobbies the nodes other than `except` published, of those heard of since `alive_since`.
std::expected<std::vector<NodeLobby>, DbError> node_lobbies(Connection& c, std::string_view except,
                                                            Timestamp alive_since);

// Gives `heir` the tables of `silent` that have a running series, when `silent`'s last heartbeat is
// older than `silent_since` (else nothing moves: the node is alive). Returns the tables moved. The
// node's row is locked by the same transaction, so two heirs never share a table.
std::expected<std::vector<TableId>, DbError> take_over_node(Connection& c, std::string_view silent,
                                                            std::string_view heir, Timestamp silent_since);

}  // namespace skat::db
