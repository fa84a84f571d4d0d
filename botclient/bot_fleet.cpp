// The bot connections of one process and their node connections (botclient/bot_fleet.h).
#include "botclient/bot_fleet.h"

#include <spdlog/spdlog.h>

#include <set>
#include <utility>

#include "common/text_rules.h"

namespace skat::botclient {

namespace {

// FNV-1a: a node connection's players and backoff get a seed of their own.
std::uint64_t mix_node(std::uint64_t seed, std::string_view node) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : node) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  return seed * 0x9E3779B97F4A7C15ULL + h;
}

}  // namespace

Endpoint route_to_node(const Endpoint& first, std::string_view node) {
  return Endpoint{first.host, first.port, "/n/" + std::string(node) + "/ws"};
}

BotFleet::BotFleet(boost::asio::io_context& io, NodeEndpoint node_endpoint)
    : io_(io), node_endpoint_(std::move(node_endpoint)) {}

void BotFleet::add(MakeSettings make) {
  const std::lock_guard lock(mutex_);
  if (stopped_) return;
  Member member;
  member.make = std::move(make);
  BotSettings first = member.make("");
  member.account = first.name;
  member.first = first.endpoint;
  hear_nodes(first, member.account);
  member.connections.push_back(std::make_shared<BotConnection>(io_, std::move(first)));
  member.connections.back()->start();
  members_.push_back(std::move(member));
}

BotSettings BotFleet::node_settings(const Member& member, const std::string& node) {
  BotSettings s = member.make(node);
  s.endpoint = node_endpoint_(member.first, node);
  s.seed = mix_node(s.seed, node);
  hear_nodes(s, member.account);
  return s;
}

void BotFleet::hear_nodes(BotSettings& settings, const std::string& account) {
  settings.hooks.on_nodes = [this, account,
                             own = std::move(settings.hooks.on_nodes)](const std::vector<std::string>& nodes) {
    if (own) own(nodes);
    listed(account, nodes);
  };
}

void BotFleet::listed(const std::string& account, const std::vector<std::string>& nodes) {
  std::set<std::string> wanted;
  for (const std::string& n : nodes) {
    if (text::is_node_name(n))
      wanted.insert(n);
    else
      spdlog::warn("bot {}: the server lists a node named '{}', not a node name: ignored", account, n);
  }
  const std::lock_guard lock(mutex_);
  if (stopped_) return;
  for (Member& member : members_) {
    if (member.account != account) continue;
    for (const std::string& node : wanted) {
      if (member.nodes.contains(node)) continue;
      if (member.nodes.size() >= kMaxNodes) {
        spdlog::warn("bot {}: connected to {} nodes already, not to '{}'", account, kMaxNodes, node);
        break;
      }
      auto connection = std::make_shared<BotConnection>(io_, node_settings(member, node));
      spdlog::info("bot {}: node '{}' listed: connecting to it too", account, node);
      member.nodes.emplace(node, connection);
      member.connections.push_back(connection);
      connection->start();
    }
  }
}

void BotFleet::stop() {
  const std::lock_guard lock(mutex_);
  stopped_ = true;
  for (Member& member : members_)
    for (const auto& c : member.connections) c->stop();
}

BotFleet::Counts BotFleet::counts() const {
  const std::lock_guard lock(mutex_);
  Counts counts;
  for (const Member& member : members_)
    for (const auto& c : member.connections) {
      ++counts.connections;
      if (c->welcomed()) ++counts.connected;
    }
  return counts;
}

std::vector<std::string> BotFleet::nodes_of(std::size_t member) const {
  const std::lock_guard lock(mutex_);
  std::vector<std::string> out;
  if (member >= members_.size()) return out;
  for (const auto& [node, c] : members_[member].nodes) out.push_back(node);
  return out;
}

}  // namespace skat::botclient
