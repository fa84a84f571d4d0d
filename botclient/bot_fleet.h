// The bot connections of one process, by member: a member is one connection of a bot account to
// the endpoint it was given (usually a balancer's /ws) plus one connection per node of the server.
// When a welcome or a `nodes` message on any connection of an account lists the cluster's nodes
// (a server of several nodes, docs/protocol.md §2), every member of that account gets one more
// connection for each listed node it has none for, at that node's route (route_to_node: the same
// host and port, path /n/NAME/ws), so that a table on any node finds the account's bots. Never two
// for one (member, node); a node connection that fails retries with the usual backoff (its node
// may come back). The fleet also counts the connections for a health file.
#pragma once

#include <boost/asio/io_context.hpp>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "botclient/bot_client.h"

namespace skat::botclient {

// The balancer's route to one node (docs/scaling.md): `first`'s host and port, path /n/NODE/ws.
Endpoint route_to_node(const Endpoint& first, std::string_view node);

class BotFleet {
 public:
  // A member's connection settings: for its first connection (node empty), or for its connection
  // to `node` (the fleet then sets the endpoint and mixes the node into the seed; the rest may be
  // made anew, e.g. a program bridge's hooks).
  using MakeSettings = std::function<BotSettings(const std::string& node)>;
  // Where the connection to `node` goes, from the member's first endpoint.
  using NodeEndpoint = std::function<Endpoint(const Endpoint& first, const std::string& node)>;

  // At most this many nodes per member (a server listing more is ignored beyond them).
  static constexpr std::size_t kMaxNodes = 64;

  explicit BotFleet(boost::asio::io_context& io, NodeEndpoint node_endpoint = route_to_node);
  BotFleet(const BotFleet&) = delete;
  BotFleet& operator=(const BotFleet&) = delete;

  // A member; its first connection starts (the fleet must outlive the I/O context's run).
  void add(MakeSettings make);
  // Stops every connection, and no new ones are made (I/O thread).
  void stop();

  struct Counts {
    int connections = 0;  // every connection, first and node ones
    int connected = 0;    // welcomed on the connection open now
  };
  Counts counts() const;  // any thread
  // The nodes a member has a connection to, sorted (any thread).
  std::vector<std::string> nodes_of(std::size_t member) const;

 private:
  struct Member {
    std::string account;
    Endpoint first;
    MakeSettings make;
    std::vector<std::shared_ptr<BotConnection>> connections;  // the first one, then the node ones
    std::map<std::string, std::shared_ptr<BotConnection>> nodes;
  };
  // A node connection's settings: what `make` gives, at the node's endpoint with its own seed.
  BotSettings node_settings(const Member& member, const std::string& node);
  // The connection reports the nodes it hears of to the fleet (after the settings' own hook).
  void hear_nodes(BotSettings& settings, const std::string& account);
  // Nodes listed on a connection of `account` (I/O thread).
  void listed(const std::string& account, const std::vector<std::string>& nodes);

  boost::asio::io_context& io_;
  NodeEndpoint node_endpoint_;
  mutable std::mutex mutex_;
  std::vector<Member> members_;
  bool stopped_ = false;
};

}  // namespace skat::botclient
