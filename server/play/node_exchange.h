// The hub's exchange with the other nodes (several nodes: config.node set), on the hub strand.
// Every second this node's lobby lines go to the store and the other live nodes' come back (shown
// in this node's lobby, each with its node), and the running series of a node silent for
// node_silent_after are taken over and resumed here (the store work on the writer's thread). The
// live nodes are this one and those the exchange returned: when they change, the bots hear of it
// (a `nodes` message; a bot keeps a connection to each node, docs/protocol.md §2). A message for a
// table this node does not hold is answered `other_node` with the node that holds it (the client
// goes there, docs/protocol.md §3), else `no_such_table`.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "protocol/server_messages.h"
#include "server/net/ws_session.h"
#include "server/play/sessions.h"
#include "server/store/db_writer.h"
#include "server/store/node_store.h"

namespace skat::app {

class NodeExchange : public std::enable_shared_from_this<NodeExchange> {
 public:
  using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;
  // What the exchange asks of the hub, on the strand.
  struct Hooks {
    std::function<std::vector<protocol::LobbyTable>()> own_tables;  // this node's lobby lines
    std::function<void()> remote_tables_changed;                    // the lobby is to show them
    std::function<void(UnfinishedSeries)> resume;                   // a silent node's series goes on here
  };

  // `node`: this node's name (empty: one node alone, no exchange).
  NodeExchange(Strand strand, DbWriter& writer, std::shared_ptr<Sessions> sessions, std::string node);

  // The owner's side, set once before start.
  void wire(Hooks hooks) { hooks_ = std::move(hooks); }
  // Starts the exchange every second (nothing for a node alone); stop() ends it (on the strand).
  void start();
  void stop();

  // On the strand.
  // The other nodes' lobby tables, each with its "node".
  const protocol::Json& remote_tables() const { return remote_tables_; }
  // Sorted, this one included (empty for a node alone).
  const std::vector<std::string>& live_nodes() const { return live_nodes_; }
  // Answers a message for a table this node does not hold.
  void send_table_elsewhere(net::WsSession& session, table::TableId table,
                            std::optional<std::int64_t> request_id) const;

 private:
  void schedule();
  void exchange();
  void take_remote_tables(const std::vector<NodeStore::NodeTables>& nodes);
  void note_live_nodes(const std::vector<NodeStore::NodeTables>& nodes);
  template <class F>
  void on_strand(F f);

  Strand strand_;
  DbWriter& writer_;
  std::shared_ptr<Sessions> sessions_;
  std::string node_;
  Hooks hooks_;
  bool stopped_ = false;
  boost::asio::steady_timer timer_;
  protocol::Json remote_tables_ = protocol::Json::array();
  std::map<table::TableId, std::string> remote_node_of_;  // the other nodes' tables: their nodes
  std::vector<std::string> live_nodes_;
};

}  // namespace skat::app
