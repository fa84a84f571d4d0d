// What one peer address may be sent from memory: a token bucket of bytes per address (an IPv6
// address by its /64, as ConnectionSlots counts them) that refills at `bytes_per_second` up to
// `burst_bytes`. A reply is sent when the address's bucket holds its size, or when the bucket is
// full (so that a reply larger than the burst still goes out, then the address waits for the
// debt to refill). Replies served from memory cost no database read, so the per-address bound on
// reads in flight does not hold them back; this does. Thread-safe; the clock is passed in.
#pragma once

#include <boost/asio/ip/address.hpp>
#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/net/token_bucket.h"

namespace skat::net {

class ByteBudget {
 public:
  using Clock = TokenBucket::Clock;
  // Addresses remembered at most; past it, those whose bucket has refilled are forgotten first.
  static constexpr std::size_t kMaxAddresses = 65'536;

  ByteBudget(double bytes_per_second, double burst_bytes) : rate_(bytes_per_second), burst_(burst_bytes) {}

  // Whether `address` may be sent `bytes` now; when it may, they are spent.
  bool spend(const boost::asio::ip::address& address, std::size_t bytes, Clock::time_point now = Clock::now());

 private:
  void forget_refilled(Clock::time_point now);

  double rate_;
  double burst_;
  std::mutex mutex_;
  std::unordered_map<std::string, TokenBucket> buckets_;
};

}  // namespace skat::net
