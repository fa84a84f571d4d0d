// The per-address byte budget of replies from memory (server/net/byte_budget.h).
#include "server/net/byte_budget.h"

#include <algorithm>

#include "server/net/connection_slots.h"

namespace skat::net {

void ByteBudget::refill(Bucket& b, Clock::time_point now) const {
  const std::chrono::duration<double> elapsed = now - b.last;
  b.last = now;
  b.tokens = std::min(burst_, b.tokens + std::max(0.0, elapsed.count()) * rate_);
}

void ByteBudget::forget_refilled(Clock::time_point now) {
  for (auto it = buckets_.begin(); it != buckets_.end();) {
    refill(it->second, now);
    it = it->second.tokens >= burst_ ? buckets_.erase(it) : std::next(it);
  }
  // Every address still owes: forget all rather than grow (a flood from that many addresses is
  // bounded by the connection caps, not here).
  if (buckets_.size() >= kMaxAddresses) buckets_.clear();
}

ByteBudget::Bucket& ByteBudget::bucket_of(const std::string& key, Clock::time_point now) {
  if (const auto it = buckets_.find(key); it != buckets_.end()) {
    refill(it->second, now);
    return it->second;
  }
  if (buckets_.size() >= kMaxAddresses) forget_refilled(now);
  return buckets_.emplace(key, Bucket{burst_, now}).first->second;
}

bool ByteBudget::spend(const boost::asio::ip::address& address, std::size_t bytes, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  Bucket& b = bucket_of(ConnectionSlots::peer_key(address), now);
  const auto cost = static_cast<double>(bytes);
  if (b.tokens < cost && b.tokens < burst_) return false;
  b.tokens -= cost;  // below zero for a reply larger than the burst: a debt the address waits off
  return true;
}

}  // namespace skat::net
