#include <gtest/gtest.h>

#include <chrono>
#include <random>

#include "server/play/metrics.h"

namespace skat::app {
namespace {

TEST(LatencyHistogram, EmptyReportsZero) {
  LatencyHistogram h;
  EXPECT_EQ(h.count(), 0u);
  EXPECT_EQ(h.percentile_ns(0.5), 0u);
  EXPECT_EQ(h.to_json()["p99_us"].get<double>(), 0.0);
}

TEST(LatencyHistogram, BucketsCoverEveryValueContiguously) {
  for (std::size_t i = 0; i + 1 < LatencyHistogram::kBuckets; ++i)
    ASSERT_EQ(LatencyHistogram::bucket_low(i) + LatencyHistogram::bucket_width(i), LatencyHistogram::bucket_low(i + 1))
        << i;
  for (std::uint64_t v : {0ull, 1ull, 7ull, 8ull, 9ull, 15ull, 16ull, 1000ull, 123456789ull, ~0ull}) {
    const std::size_t b = LatencyHistogram::bucket_of(v);
    ASSERT_LT(b, LatencyHistogram::kBuckets);
    EXPECT_LE(LatencyHistogram::bucket_low(b), v);
    EXPECT_GE(LatencyHistogram::bucket_low(b) - 1 + LatencyHistogram::bucket_width(b), v);
  }
}

TEST(LatencyHistogram, PercentilesOfAUniformSpreadWithinTheBucketError) {
  LatencyHistogram h;
  for (int us = 1; us <= 1000; ++us) h.record(std::chrono::microseconds(us));
  EXPECT_EQ(h.count(), 1000u);
  EXPECT_EQ(h.max_ns(), 1'000'000u);
  auto near = [](std::uint64_t got, double want) { return std::abs(static_cast<double>(got) - want) <= 0.125 * want; };
  EXPECT_TRUE(near(h.percentile_ns(0.5), 500'000)) << h.percentile_ns(0.5);
  EXPECT_TRUE(near(h.percentile_ns(0.9), 900'000)) << h.percentile_ns(0.9);
  EXPECT_TRUE(near(h.percentile_ns(0.99), 990'000)) << h.percentile_ns(0.99);
  EXPECT_EQ(h.percentile_ns(1.0), 1'000'000u);  // never above the largest value seen
  EXPECT_NEAR(h.to_json()["mean_us"].get<double>(), 500.5, 1e-9);
}

TEST(LatencyHistogram, ATailOfOnePercentShowsInP99NotInP50) {
  LatencyHistogram h;
  std::mt19937_64 rng(7);
  for (int i = 0; i < 9'900; ++i) h.record_ns(20'000 + rng() % 1'000);  // ~20 µs
  for (int i = 0; i < 100; ++i) h.record_ns(5'000'000);                 // 5 ms
  EXPECT_LT(h.percentile_ns(0.5), 25'000u);
  EXPECT_LT(h.percentile_ns(0.99), 25'000u);  // rank 9900 is still the fast part
  EXPECT_GT(h.percentile_ns(0.995), 4'000'000u);
  EXPECT_EQ(h.max_ns(), 5'000'000u);
}

}  // namespace
}  // namespace skat::app
