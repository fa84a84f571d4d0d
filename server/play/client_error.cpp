// Error replies to one connection (server/play/client_error.h).
#include "server/play/client_error.h"

#include "protocol/server_messages.h"
#include "server/play/metrics.h"

namespace skat::app {

namespace {

void send_counted(net::WsSession& session, const protocol::Json& error) {
  metrics().errors_sent.fetch_add(1, std::memory_order_relaxed);
  session.send(protocol::to_text(error));
}

}  // namespace

void send_error(net::WsSession& session, const protocol::ProtocolError& error, std::optional<std::int64_t> request_id,
                std::optional<table::TableId> table) {
  send_counted(session, protocol::make_error(error, request_id, table));
}

void send_other_node(net::WsSession& session, table::TableId table, const std::string& node,
                     std::optional<std::int64_t> request_id) {
  protocol::Json error = protocol::make_error(
      {protocol::ErrorCode::OtherNode, "table " + std::to_string(table) + " is on node " + node}, request_id, table);
  error["node"] = node;
  send_counted(session, error);
}

}  // namespace skat::app
