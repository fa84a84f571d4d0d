// Per-address bounds of the hub (server/play/address_limits.h).
#include "server/play/address_limits.h"

#include <boost/asio/ip/address.hpp>

#include "server/net/connection_slots.h"

namespace skat::app {

std::string address_key(std::string_view address) {
  boost::system::error_code ec;
  const auto parsed = boost::asio::ip::make_address(std::string(address), ec);
  return ec ? std::string(address) : net::ConnectionSlots::peer_key(parsed);
}

bool GuestQuota::take(const std::string& key, Clock::time_point now) {
  forget_full(now);
  auto it = buckets_.find(key);
  if (it == buckets_.end())
    it = buckets_.emplace(key, Entry{net::TokenBucket(per_hour_ / 3600.0, per_hour_, now), now}).first;
  it->second.last = now;
  return it->second.bucket.take(now);
}

// A bucket untouched for an hour has refilled completely: the same as none. Swept at most once a
// minute, so the map holds about the addresses of the last hour.
void GuestQuota::forget_full(Clock::time_point now) {
  if (now - last_sweep_ < std::chrono::minutes(1)) return;
  last_sweep_ = now;
  std::erase_if(buckets_, [&](const auto& entry) { return now - entry.second.last >= std::chrono::hours(1); });
}

}  // namespace skat::app
