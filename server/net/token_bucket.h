// A token bucket for per-connection message rate limits: `rate` tokens per second refill up to
// `burst`; each message takes one (take), or a reply its size (spend). Pure arithmetic on a passed-in clock, so tests
// need no sleep.
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
    refill(now);
    if (tokens_ < 1.0) return false;
    tokens_ -= 1.0;
    return true;
  }
  // Takes `cost` tokens when the bucket holds them, or when it is full (a cost larger than the
  // burst then leaves a debt that refills before the next); false otherwise.
  bool spend(double cost, Clock::time_point now) {
    refill(now);
    if (tokens_ < cost && tokens_ < burst_) return false;
    tokens_ -= cost;
    return true;
  }
  // Whether the bucket has refilled completely (the same as a new one).
  bool full(Clock::time_point now) {
    refill(now);
    return tokens_ >= burst_;
  }

 private:
  void refill(Clock::time_point now) {
    const std::chrono::duration<double> elapsed = now - last_;
    last_ = now;
    tokens_ = std::min(burst_, tokens_ + std::max(0.0, elapsed.count()) * rate_);
  }

  double rate_;
  double burst_;
  double tokens_;
  Clock::time_point last_;
};

}  // namespace skat::net
