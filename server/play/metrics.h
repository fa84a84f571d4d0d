// Server metrics, cheap enough for the hot path: a fixed log-scale latency histogram of atomic
// counters (8 sub-buckets per power of two: ≤ 12.5 % relative error, no locks, no allocation) and
// process-wide counters. GET /api/metrics reports them as JSON (docs/api.md).
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <nlohmann/json.hpp>

namespace skat::app {

class LatencyHistogram {
 public:
  static constexpr int kSubBits = 3;
  static constexpr std::uint64_t kSub = 1u << kSubBits;
  static constexpr std::size_t kBuckets = kSub + (64 - kSubBits) * kSub;

  void record(std::chrono::nanoseconds duration);
  void record_ns(std::uint64_t ns);
  std::uint64_t count() const { return count_.load(std::memory_order_relaxed); }
  std::uint64_t max_ns() const { return max_.load(std::memory_order_relaxed); }
  // The q-quantile (0 < q ≤ 1) in nanoseconds: the middle of the bucket holding it, never above
  // the largest value recorded; 0 when nothing was recorded.
  std::uint64_t percentile_ns(double q) const;
  // {"count", "p50_us", "p90_us", "p99_us", "max_us", "mean_us"}
  nlohmann::json to_json() const;

  static std::size_t bucket_of(std::uint64_t ns);
  static std::uint64_t bucket_low(std::size_t index);
  static std::uint64_t bucket_width(std::size_t index);

 private:
  std::array<std::atomic<std::uint64_t>, kBuckets> buckets_{};
  std::atomic<std::uint64_t> count_ = 0;
  std::atomic<std::uint64_t> sum_ = 0;
  std::atomic<std::uint64_t> max_ = 0;
};

struct Metrics {
  // Game commands on the table strand: dispatch to outbound messages queued.
  LatencyHistogram move_handling;
  // The CPU time of the same work on its thread: move_handling without the time the thread was
  // preempted (on a machine whose cores are all busy the wall-clock tail is mostly waiting).
  LatencyHistogram move_cpu;
  // The same commands from the hub handing them to the table until done (includes strand wait).
  LatencyHistogram move_latency;
  std::atomic<std::uint64_t> moves_handled = 0;
  // Table messages handed straight from their connection to the table, and through the hub.
  std::atomic<std::uint64_t> table_messages_direct = 0;
  std::atomic<std::uint64_t> table_messages_via_hub = 0;
  std::atomic<std::uint64_t> errors_sent = 0;
  std::atomic<std::uint64_t> games_finished = 0;
  std::atomic<std::uint64_t> series_finished = 0;
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
};

// CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID).
std::chrono::nanoseconds thread_cpu_now();

// The process-wide metrics (one server per process; tests only read differences).
Metrics& metrics();

}  // namespace skat::app
