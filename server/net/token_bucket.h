// A token bucket for per-connection message rate limits: `rate` tokens per second refill up to
// `burst`; each message takes one. Pure arithmetic on a passed-in clock, so tests need no sleep.
#pragma once

#include <algorithm>
#include <chrono>

namespace skat::net {

class TokenBucket {
 public:
  using Clock = std::chrono::steady_clock;

  TokenBucket(double rate_per_second, double burst, Clock::time_point now = Clock::now())
      : rate_(rate_per_second), burst_(burst), tokens_(burst), last_(now) {}

  // Takes one token; false when the bucket is empty (the message is over the limit).
  bool take(Clock::time_point now) {
    const std::chrono::duration<double> elapsed = now - last_;
    last_ = now;
    tokens_ = std::min(burst_, tokens_ + std::max(0.0, elapsed.count()) * rate_);
    if (tokens_ < 1.0) return false;
    tokens_ -= 1.0;
    return true;
  }

 private:
  double rate_;
  double burst_;
  double tokens_;
  Clock::time_point last_;
};

}  // namespace skat::net
