// The per-address byte budget of replies from memory (server/net/byte_budget.h).
#include "server/net/byte_budget.h"

#include "server/net/connection_slots.h"

namespace skat::net {

void ByteBudget::forget_refilled(Clock::time_point now) {
  for (auto it = buckets_.begin(); it != buckets_.end();)
    it = it->second.full(now) ? buckets_.erase(it) : std::next(it);
  // Every address still owes: forget all rather than grow (a flood from that many addresses is
  // bounded by the connection caps, not here).
  if (buckets_.size() >= kMaxAddresses) buckets_.clear();
}

bool ByteBudget::spend(const boost::asio::ip::address& address, std::size_t bytes, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  const std::string key = ConnectionSlots::peer_key(address);
  auto it = buckets_.find(key);
  if (it == buckets_.end()) {
    if (buckets_.size() >= kMaxAddresses) forget_refilled(now);
    it = buckets_.emplace(key, TokenBucket(rate_, burst_, now)).first;
  }
  return it->second.spend(static_cast<double>(bytes), now);
}

}  // namespace skat::net
