// The one way the app layer refuses a client's message: an error reply on that connection,
// counted in the metrics (errors_sent).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "protocol/errors.h"
#include "server/net/ws_session.h"
#include "server/table/table_types.h"

namespace skat::app {

void send_error(net::WsSession& session, const protocol::ProtocolError& error, std::optional<std::int64_t> request_id,
                std::optional<table::TableId> table = std::nullopt);
// `other_node`: the table is held by node `node` (the error carries it as "node").
void send_other_node(net::WsSession& session, table::TableId table, const std::string& node,
                     std::optional<std::int64_t> request_id);

}  // namespace skat::app
