// Several nodes on one database through the database store (server/store/database_store.h): the
// node's heartbeat, the exchange of the lobby tables and the take-over of silent nodes.
#include <spdlog/spdlog.h>

#include <condition_variable>
#include <mutex>
#include <optional>
#include <set>

#include "db/node_lock.h"
#include "db/nodes.h"
#include "server/store/database_store.h"
#include "server/store/db_errors.h"

namespace skat::app {

StoreResult<void> DatabaseStore::join_as_node(const std::string& node, std::chrono::milliseconds every,
                                              std::chrono::milliseconds silent_after) {
  if (auto started = db::node_started(db_, node); !started) return std::unexpected(db_failure(started.error()));
  node_ = node;
  silent_after_ = silent_after;
  heartbeat_ = std::jthread([path = path_, node, every](std::stop_token stop) {
    std::mutex m;
    std::condition_variable_any wake;
    std::optional<db::Connection> c;
    while (!stop.stop_requested()) {
      if (!c) {
        db::OpenOptions options;
        options.create = false;
        if (auto opened = db::Connection::open(path, options)) c = std::move(*opened);
      }
      if (c)
        if (auto beat = db::node_heartbeat(*c, node); !beat) {
          spdlog::warn("node {}: heartbeat: {}", node, beat.error().message);
          c.reset();
        }
      std::unique_lock lock(m);
      wake.wait_for(lock, stop, every, [] { return false; });
    }
  });
  spdlog::info("serve: node '{}' on this database (heartbeat every {} ms)", node, every.count());
  return {};
}

StoreResult<std::vector<NodeStore::NodeTables>> DatabaseStore::exchange_lobby(const std::string& tables_json) {
  if (node_.empty()) return std::vector<NodeTables>{};
  if (auto published = db::publish_node_lobby(db_, node_, tables_json); !published)
    return std::unexpected(db_failure(published.error()));
  auto others = db::node_lobbies(db_, node_, db::now() - silent_after_);
  if (!others) return std::unexpected(db_failure(others.error()));
  std::vector<NodeTables> out;
  for (db::NodeLobby& l : *others) out.push_back({std::move(l.node), std::move(l.tables_json)});
  return out;
}

StoreResult<int> DatabaseStore::take_over(const std::string& silent, std::chrono::milliseconds silent_for) {
  if (auto alive = db::NodeLock::held(path_, silent); !alive)
    return std::unexpected(db_failure(alive.error()));
  else if (*alive)
    return 0;  // its process still runs (maybe slow to beat): it is not gone
  const auto since = db::now() - std::chrono::duration_cast<std::chrono::milliseconds>(silent_for);
  auto moved = db::take_over_node(db_, silent, node_, since);
  if (!moved) return std::unexpected(db_failure(moved.error()));
  if (!moved->empty()) spdlog::info("serve: took over {} table(s) of node '{}'", moved->size(), silent);
  return static_cast<int>(moved->size());
}

StoreResult<Recovery> DatabaseStore::take_over_silent_nodes() {
  Recovery all;
  if (node_.empty()) return all;
  auto nodes = db::list_nodes(db_);
  if (!nodes) return std::unexpected(db_failure(nodes.error()));
  const db::Timestamp since = db::now() - silent_after_;
  for (const db::NodeRecord& n : *nodes) {
    if (n.name == node_ || n.heartbeat_at >= since) continue;
    // Silent, but its process holds its lock: slow, not gone; its tables stay where they are.
    if (auto alive = db::NodeLock::held(path_, n.name); !alive)
      return std::unexpected(db_failure(alive.error()));
    else if (*alive)
      continue;
    auto moved = db::take_over_node(db_, n.name, node_, since);
    if (!moved) return std::unexpected(db_failure(moved.error()));
    if (moved->empty()) continue;
    spdlog::warn("node '{}' silent since {} ms: its {} running table(s) taken over", n.name,
                 std::chrono::duration_cast<std::chrono::milliseconds>(db::now() - n.heartbeat_at).count(),
                 moved->size());
    auto recovered = recover(std::set<table::TableId>(moved->begin(), moved->end()));
    if (!recovered) return std::unexpected(recovered.error());
    all.aborted += recovered->aborted;
    all.completed += recovered->completed;
    for (UnfinishedSeries& s : recovered->resumable) all.resumable.push_back(std::move(s));
  }
  return all;
}
}  // namespace skat::app
