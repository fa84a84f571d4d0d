// Several nodes on one database (docs/scaling.md): the exchange of the nodes' lobby tables and the
// take-over of a node gone silent. The hub's node exchange uses it; a store of one node alone has
// nothing to exchange and nobody to take over from.
#pragma once

#include <string>
#include <vector>

#include "server/store/recovery.h"
#include "server/store/store_error.h"

namespace skat::app {

class NodeStore {
 public:
  virtual ~NodeStore() = default;
  struct NodeTables {
    std::string node;
    std::string tables_json;
  };
  // Publishes this node's lobby tables (the JSON array of the lobby message's "tables") and returns
  // what the other live nodes published, by node.
  virtual StoreResult<std::vector<NodeTables>> exchange_lobby(const std::string& tables_json) = 0;
  // Takes over the running series of every other node silent for long enough, and returns them to
  // be resumed here (their tournaments are aborted).
  virtual StoreResult<Recovery> take_over_silent_nodes() = 0;
};

}  // namespace skat::app
