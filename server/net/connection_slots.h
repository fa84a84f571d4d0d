// The count of open TCP connections, in all and per peer address, against the caps of Limits: the
// Listener asks for a slot at accept and refuses the connection when there is none; the session
// that serves the connection holds its slot, which frees itself when the session dies.
#pragma once

#include <boost/asio/ip/address.hpp>
#include <cstddef>
#include <expected>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace skat::net {

class ConnectionSlots;

// One open connection's place in the count; move-only, released on destruction. An empty slot
// (default-constructed or moved from) holds nothing.
class ConnectionSlot {
 public:
  ConnectionSlot() = default;
  ConnectionSlot(ConnectionSlot&& other) noexcept = default;
  ConnectionSlot& operator=(ConnectionSlot&& other) noexcept;
  ConnectionSlot(const ConnectionSlot&) = delete;
  ConnectionSlot& operator=(const ConnectionSlot&) = delete;
  ~ConnectionSlot();

 private:
  friend class ConnectionSlots;
  ConnectionSlot(std::shared_ptr<ConnectionSlots> owner, std::string peer);
  void release();

  std::shared_ptr<ConnectionSlots> owner_;
  std::string peer_;
};

// Why a connection was refused.
enum class Refusal { total, per_address };

class ConnectionSlots : public std::enable_shared_from_this<ConnectionSlots> {
 public:
  // 0: no cap.
  ConnectionSlots(std::size_t max_total, std::size_t max_per_address)
      : max_total_(max_total), max_per_address_(max_per_address) {}

  // Thread-safe: a slot for one more connection from `address`, or which cap it would pass.
  std::expected<ConnectionSlot, Refusal> acquire(const boost::asio::ip::address& address);

  std::size_t open() const;
  std::size_t open_from(const boost::asio::ip::address& address) const;

  // The key a peer is counted under: an IPv4 address (also when mapped into IPv6) as is, an
  // IPv6 address by its /64 prefix (one host usually holds a whole /64).
  static std::string peer_key(const boost::asio::ip::address& address);

 private:
  friend class ConnectionSlot;
  void release(const std::string& peer);

  const std::size_t max_total_;
  const std::size_t max_per_address_;
  mutable std::mutex mutex_;
  std::size_t total_ = 0;
  std::unordered_map<std::string, std::size_t> per_peer_;
};

}  // namespace skat::net
