#include "server/play/metrics.h"

#include <time.h>

#include <algorithm>
#include <bit>

namespace skat::app {

Metrics& metrics() {
  static Metrics m;
  return m;
}

std::chrono::nanoseconds thread_cpu_now() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return std::chrono::seconds(t.tv_sec) + std::chrono::nanoseconds(t.tv_nsec);
}

std::size_t LatencyHistogram::bucket_of(std::uint64_t ns) {
  if (ns < kSub) return static_cast<std::size_t>(ns);
  const int exponent = static_cast<int>(std::bit_width(ns)) - 1;  // ≥ kSubBits
  const std::uint64_t sub = (ns >> (exponent - kSubBits)) & (kSub - 1);
  return static_cast<std::size_t>(kSub + static_cast<std::uint64_t>(exponent - kSubBits) * kSub + sub);
}

std::uint64_t LatencyHistogram::bucket_low(std::size_t index) {
  if (index < kSub) return index;
  const std::size_t exponent = (index - kSub) / kSub + kSubBits;
  const std::uint64_t sub = (index - kSub) % kSub;
  return (kSub + sub) << (exponent - kSubBits);
}

std::uint64_t LatencyHistogram::bucket_width(std::size_t index) {
  if (index < kSub) return 1;
  return std::uint64_t{1} << ((index - kSub) / kSub);
}

void LatencyHistogram::record(std::chrono::nanoseconds duration) {
  record_ns(static_cast<std::uint64_t>(std::max<std::int64_t>(0, duration.count())));
}

void LatencyHistogram::record_ns(std::uint64_t ns) {
  buckets_[bucket_of(ns)].fetch_add(1, std::memory_order_relaxed);
  count_.fetch_add(1, std::memory_order_relaxed);
  sum_.fetch_add(ns, std::memory_order_relaxed);
  std::uint64_t seen = max_.load(std::memory_order_relaxed);
  while (ns > seen && !max_.compare_exchange_weak(seen, ns, std::memory_order_relaxed)) {
  }
}

std::uint64_t LatencyHistogram::percentile_ns(double q) const {
  std::array<std::uint64_t, kBuckets> counts{};
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < kBuckets; ++i) total += counts[i] = buckets_[i].load(std::memory_order_relaxed);
  if (total == 0) return 0;
  const double wanted = q * static_cast<double>(total);
  auto rank = static_cast<std::uint64_t>(wanted);
  if (static_cast<double>(rank) < wanted) ++rank;
  rank = std::clamp<std::uint64_t>(rank, 1, total);
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < kBuckets; ++i) {
    seen += counts[i];
    if (seen >= rank) return std::min(bucket_low(i) + bucket_width(i) / 2, max_ns());
  }
  return max_ns();
}

nlohmann::json LatencyHistogram::to_json() const {
  const std::uint64_t n = count();
  auto us = [](std::uint64_t ns) { return static_cast<double>(ns) / 1000.0; };
  return {{"count", n},
          {"p50_us", us(percentile_ns(0.5))},
          {"p90_us", us(percentile_ns(0.9))},
          {"p99_us", us(percentile_ns(0.99))},
          {"max_us", us(max_ns())},
          {"mean_us", n == 0 ? 0.0 : us(sum_.load(std::memory_order_relaxed)) / static_cast<double>(n)}};
}

}  // namespace skat::app
