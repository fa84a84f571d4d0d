#include "server/net/connection_slots.h"

#include <utility>

namespace skat::net {

ConnectionSlot::ConnectionSlot(std::shared_ptr<ConnectionSlots> owner, std::string peer)
    : owner_(std::move(owner)), peer_(std::move(peer)) {}

ConnectionSlot& ConnectionSlot::operator=(ConnectionSlot&& other) noexcept {
  if (this != &other) {
    release();
    owner_ = std::move(other.owner_);
    peer_ = std::move(other.peer_);
  }
  return *this;
}

ConnectionSlot::~ConnectionSlot() { release(); }

void ConnectionSlot::release() {
  if (owner_) std::exchange(owner_, nullptr)->release(peer_);
}

std::string ConnectionSlots::peer_key(const boost::asio::ip::address& address) {
  if (address.is_v4()) return address.to_string();
  const auto v6 = address.to_v6();
  if (v6.is_v4_mapped()) return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6).to_string();
  auto bytes = v6.to_bytes();
  for (std::size_t i = 8; i < bytes.size(); ++i) bytes[i] = 0;
  return boost::asio::ip::address_v6(bytes).to_string() + "/64";
}

std::expected<ConnectionSlot, Refusal> ConnectionSlots::acquire(const boost::asio::ip::address& address) {
  std::string peer = peer_key(address);
  const std::lock_guard lock(mutex_);
  if (max_total_ != 0 && total_ >= max_total_) return std::unexpected(Refusal::total);
  const auto it = per_peer_.find(peer);
  if (max_per_address_ != 0 && it != per_peer_.end() && it->second >= max_per_address_)
    return std::unexpected(Refusal::per_address);
  ++(it != per_peer_.end() ? it->second : per_peer_[peer]);
  ++total_;
  return ConnectionSlot(shared_from_this(), std::move(peer));
}

void ConnectionSlots::release(const std::string& peer) {
  const std::lock_guard lock(mutex_);
  --total_;
  if (const auto it = per_peer_.find(peer); it != per_peer_.end() && --it->second == 0) per_peer_.erase(it);
}

std::size_t ConnectionSlots::open() const {
  const std::lock_guard lock(mutex_);
  return total_;
}

std::size_t ConnectionSlots::open_from(const boost::asio::ip::address& address) const {
  const std::string peer = peer_key(address);
  const std::lock_guard lock(mutex_);
  const auto it = per_peer_.find(peer);
  return it == per_peer_.end() ? 0 : it->second;
}

}  // namespace skat::net
