// The exchange with the other nodes (server/play/node_exchange.h).
#include "server/play/node_exchange.h"

#include <spdlog/spdlog.h>

#include <set>

#include "server/play/client_error.h"
#include "server/play/strand_post.h"

namespace skat::app {

using protocol::ErrorCode;

NodeExchange::NodeExchange(Strand strand, DbWriter& writer, std::shared_ptr<Sessions> sessions, std::string node)
    : strand_(std::move(strand)),
      writer_(writer),
      sessions_(std::move(sessions)),
      node_(std::move(node)),
      timer_(strand_) {
  if (!node_.empty()) live_nodes_ = {node_};
}

template <class F>
void NodeExchange::on_strand(F f) {
  post_guarded(strand_, shared_from_this(), std::move(f), "node exchange");
}

void NodeExchange::start() {
  if (!node_.empty()) on_strand([](NodeExchange& nodes) { nodes.schedule(); });
}

void NodeExchange::stop() {
  stopped_ = true;
  timer_.cancel();
}

void NodeExchange::schedule() {
  if (stopped_) return;
  timer_.expires_after(std::chrono::seconds(1));
  timer_.async_wait([weak = weak_from_this()](boost::system::error_code ec) {
    const auto self = weak.lock();
    if (!self || ec) return;
    self->on_strand([](NodeExchange& nodes) { nodes.exchange(); });
  });
}

void NodeExchange::exchange() {
  std::string text = protocol::to_text(protocol::make_lobby(hooks_.own_tables(), {})["tables"]);
  writer_.post([weak = weak_from_this(), text = std::move(text)](NodeStore& store) {
    auto others = store.exchange_lobby(text);
    // A node that stopped beating: its running series go on here.
    auto adopted = store.take_over_silent_nodes();
    const auto owner = weak.lock();
    if (!owner) return;
    if (!others) spdlog::warn("hub: the other nodes' lobby: {}", others.error().message);
    if (!adopted) spdlog::warn("hub: taking over silent nodes: {}", adopted.error().message);
    std::vector<UnfinishedSeries> resumable = adopted ? std::move(adopted->resumable) : std::vector<UnfinishedSeries>{};
    owner->on_strand([others = std::move(others), resumable = std::move(resumable)](NodeExchange& nodes) mutable {
      if (others) {
        nodes.note_live_nodes(*others);
        nodes.take_remote_tables(*others);
      }
      for (UnfinishedSeries& s : resumable) nodes.hooks_.resume(std::move(s));
      nodes.schedule();
    });
  });
}

void NodeExchange::take_remote_tables(const std::vector<NodeStore::NodeTables>& nodes) {
  protocol::Json remote = protocol::Json::array();
  for (const NodeStore::NodeTables& n : nodes) {
    protocol::Json tables = protocol::Json::parse(n.tables_json, nullptr, false);
    if (!tables.is_array()) {
      spdlog::warn("hub: node '{}' published a lobby that is not a list of tables", n.node);
      continue;
    }
    for (protocol::Json& t : tables)
      if (t.is_object()) {
        t["node"] = n.node;
        remote.push_back(std::move(t));
      }
  }
  if (remote == remote_tables_) return;
  remote_tables_ = std::move(remote);
  remote_node_of_.clear();
  for (const protocol::Json& t : remote_tables_)
    if (const auto id = t.find("table"); id != t.end() && id->is_number_integer())
      remote_node_of_[id->get<table::TableId>()] = t["node"].get<std::string>();
  hooks_.remote_tables_changed();
}

void NodeExchange::note_live_nodes(const std::vector<NodeStore::NodeTables>& nodes) {
  std::set<std::string> names{node_};
  for (const NodeStore::NodeTables& n : nodes) names.insert(n.node);
  std::vector<std::string> live(names.begin(), names.end());
  if (live == live_nodes_) return;
  live_nodes_ = std::move(live);
  std::string list;
  for (const std::string& n : live_nodes_) list += (list.empty() ? "" : " ") + n;
  spdlog::info("hub: live nodes: {}", list);
  sessions_->send_to_bots(protocol::to_text(protocol::make_nodes(live_nodes_)));
}

void NodeExchange::send_table_elsewhere(net::WsSession& session, table::TableId table,
                                        std::optional<std::int64_t> request_id) const {
  const auto remote = remote_node_of_.find(table);
  if (remote == remote_node_of_.end())
    return send_error(session, {ErrorCode::NoSuchTable, "no such table"}, request_id, table);
  send_other_node(session, table, remote->second, request_id);
}

}  // namespace skat::app
