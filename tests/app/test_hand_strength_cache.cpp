// The hand strengths of the records, worked out in the background: a prefetched deal's strengths
// are ready when the game ends and are worked out once; a deal not prefetched (or not ready) is
// worked out at once; either way the value is the function's.
#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <thread>

#include "server/play/hand_strength_cache.h"
#include "tests/support/eventually.h"

namespace {

using namespace std::chrono_literals;

std::array<int, 3> fake_strengths(const skat::Deal& deal) {
  const auto id = skat::deal_id(deal);
  return {static_cast<int>(id % 100), static_cast<int>(id / 100 % 100), static_cast<int>(id / 10000 % 100)};
}

TEST(HandStrengthCache, PrefetchedDealsAreWorkedOutOnceInTheBackground) {
  std::atomic<int> calls = 0;
  skat::app::HandStrengthCache cache([&](const skat::Deal& d) {
    ++calls;
    return fake_strengths(d);
  });
  std::mt19937_64 rng(3);
  std::vector<skat::Deal> deals;
  for (int i = 0; i < 20; ++i) deals.push_back(skat::random_deal(rng));
  for (const skat::Deal& d : deals) cache.prefetch(d);
  // However long the background thread waits for a core (the limit only ends a failing run).
  ASSERT_TRUE(skat::test::eventually([&] { return cache.computed_ahead() == deals.size(); }, 120s));
  for (const skat::Deal& d : deals) EXPECT_EQ(cache.get(d), fake_strengths(d));
  EXPECT_EQ(calls.load(), 20);
  EXPECT_EQ(cache.computed_late(), 0u);
  // Taken once: a second get works it out again.
  EXPECT_EQ(cache.get(deals.front()), fake_strengths(deals.front()));
  EXPECT_EQ(cache.computed_late(), 1u);
}

TEST(HandStrengthCache, ADealNotReadyIsWorkedOutAtOnce) {
  std::atomic<bool> release = false;
  skat::app::HandStrengthCache cache([&](const skat::Deal& d) {
    while (!release) std::this_thread::sleep_for(1ms);
    return fake_strengths(d);
  });
  std::mt19937_64 rng(4);
  const skat::Deal slow = skat::random_deal(rng);
  cache.prefetch(slow);  // the background thread is stuck on it
  const skat::Deal other = skat::random_deal(rng);
  release = true;
  EXPECT_EQ(cache.get(other), fake_strengths(other));  // never prefetched
  EXPECT_EQ(cache.get(slow), fake_strengths(slow));
  EXPECT_GE(cache.computed_late(), 1u);
}

}  // namespace
