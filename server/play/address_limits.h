// Per-address bounds of the hub: the key a peer address is counted under (an IPv4 address, or the
// /64 network of an IPv6 one, since one host commonly holds a whole /64), and the budget of new
// guests per address: a token bucket of `per_hour` tokens refilled over an hour (net::TokenBucket),
// forgotten once it is full again. Pure bookkeeping on a passed-in clock; the hub's strand guards it.
#pragma once

#include <chrono>
#include <map>
#include <string>
#include <string_view>

#include "server/net/token_bucket.h"

namespace skat::app {

// "192.0.2.7" stays as it is; "2001:db8:1:2:3:4:5:6" becomes "2001:db8:1:2::/64"; an IPv4 address
// mapped into IPv6 counts as the IPv4 address (the key the connection caps count under,
// net::ConnectionSlots::peer_key). Text that is no address is its own key.
std::string address_key(std::string_view address);

class GuestQuota {
 public:
  using Clock = net::TokenBucket::Clock;

  explicit GuestQuota(int per_hour) : per_hour_(per_hour) {}

  // Takes one new guest from this address's budget; false when it is used up.
  bool take(const std::string& key, Clock::time_point now);
  // Addresses with a bucket that is not full (tests, metrics).
  std::size_t tracked() const { return buckets_.size(); }

 private:
  struct Entry {
    net::TokenBucket bucket;
    Clock::time_point last;
  };
  void forget_full(Clock::time_point now);

  int per_hour_;
  std::map<std::string, Entry, std::less<>> buckets_;
  Clock::time_point last_sweep_{};
};

}  // namespace skat::app
