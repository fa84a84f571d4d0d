// The pure parts of the connection bounds: the count of connection slots (in all, per address,
// released by the slot's destructor, IPv6 peers by their /64) and the log throttle (one line per
// interval and kind, with the count of the lines held back) and the byte budget of replies from
// memory (per address, refilled with time, a reply larger than the burst once the budget is whole).
#include <gtest/gtest.h>

#include <optional>
#include <vector>

#include "server/net/byte_budget.h"
#include "server/net/connection_slots.h"
#include "server/net/log_throttle.h"

namespace {

using skat::net::ByteBudget;
using skat::net::ConnectionSlot;
using skat::net::ConnectionSlots;
using skat::net::LogThrottle;
using skat::net::Refusal;
namespace ip = boost::asio::ip;
using namespace std::chrono_literals;

// Why `peer` gets no slot now, or nothing when it gets one (released at once).
std::optional<Refusal> refusal(ConnectionSlots& slots, const ip::address& peer) {
  auto slot = slots.acquire(peer);
  if (slot) return std::nullopt;
  return slot.error();
}

TEST(ConnectionSlotsTest, CapsInAllAndPerAddressAndSlotsFreeThemselves) {
  const auto slots = std::make_shared<ConnectionSlots>(4, 2);
  const auto a = ip::make_address("10.0.0.1"), b = ip::make_address("10.0.0.2"), c = ip::make_address("10.0.0.3");
  std::vector<ConnectionSlot> held;
  for (const auto& peer : {a, a, b, b}) {
    auto slot = slots->acquire(peer);
    ASSERT_TRUE(slot);
    held.push_back(std::move(*slot));
  }
  EXPECT_EQ(slots->open(), 4u);
  EXPECT_EQ(refusal(*slots, c), Refusal::total);
  held.pop_back();  // one of b's
  EXPECT_EQ(slots->open_from(b), 1u);
  EXPECT_EQ(refusal(*slots, a), Refusal::per_address);
  {
    auto slot = slots->acquire(c);
    ASSERT_TRUE(slot);
    ConnectionSlot moved = std::move(*slot);  // the moved-from slot frees nothing
    EXPECT_EQ(slots->open(), 4u);
  }
  EXPECT_EQ(slots->open(), 3u);
  EXPECT_EQ(slots->open_from(c), 0u);
  held.clear();
  EXPECT_EQ(slots->open(), 0u);
  EXPECT_EQ(slots->open_from(a), 0u);
}

TEST(ConnectionSlotsTest, NoCapWhenZero) {
  const auto slots = std::make_shared<ConnectionSlots>(0, 0);
  std::vector<ConnectionSlot> held;
  for (int i = 0; i < 1000; ++i) held.push_back(std::move(*slots->acquire(ip::make_address("10.0.0.1"))));
  EXPECT_EQ(slots->open(), 1000u);
}

TEST(ConnectionSlotsTest, IPv6PeersCountByTheirSlash64) {
  EXPECT_EQ(ConnectionSlots::peer_key(ip::make_address("2001:db8:1:2:aaaa::1")),
            ConnectionSlots::peer_key(ip::make_address("2001:db8:1:2:bbbb::9")));
  EXPECT_NE(ConnectionSlots::peer_key(ip::make_address("2001:db8:1:2::1")),
            ConnectionSlots::peer_key(ip::make_address("2001:db8:1:3::1")));
  EXPECT_EQ(ConnectionSlots::peer_key(ip::make_address("::ffff:192.0.2.7")), "192.0.2.7");
  const auto slots = std::make_shared<ConnectionSlots>(0, 1);
  const auto kept = slots->acquire(ip::make_address("2001:db8:1:2::1"));
  ASSERT_TRUE(kept);
  EXPECT_EQ(refusal(*slots, ip::make_address("2001:db8:1:2::2")), Refusal::per_address);
  EXPECT_TRUE(slots->acquire(ip::make_address("2001:db8:1:3::1")));
}

TEST(ByteBudgetTest, EachAddressIsSentItsBurstThenWhatRefills) {
  ByteBudget budget(100.0, 1000.0);  // 100 bytes a second, 1000 at once
  const auto t0 = ByteBudget::Clock::time_point{} + 1h;
  const auto a = ip::make_address("192.0.2.1"), b = ip::make_address("192.0.2.2");
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(budget.spend(a, 250, t0)) << i;
  EXPECT_FALSE(budget.spend(a, 250, t0));
  EXPECT_TRUE(budget.spend(b, 1000, t0));       // another address has its own
  EXPECT_FALSE(budget.spend(a, 250, t0 + 2s));  // 200 refilled
  EXPECT_TRUE(budget.spend(a, 250, t0 + 3s));   // 300
  EXPECT_TRUE(budget.spend(a, 50, t0 + 3s));
  EXPECT_FALSE(budget.spend(a, 1, t0 + 3s));
  // A reply larger than the burst goes out once the budget is whole, and leaves a debt.
  EXPECT_FALSE(budget.spend(a, 5000, t0 + 5s));
  EXPECT_TRUE(budget.spend(a, 5000, t0 + 13s));
  EXPECT_FALSE(budget.spend(a, 1, t0 + 13s + 40s));  // 4000 refilled of the 5000 owed
  EXPECT_TRUE(budget.spend(a, 1, t0 + 13s + 51s));
  // IPv6 peers share their /64.
  const auto c = ip::make_address("2001:db8::1"), d = ip::make_address("2001:db8::2");
  EXPECT_TRUE(budget.spend(c, 1000, t0));
  EXPECT_FALSE(budget.spend(d, 1, t0));
}

TEST(LogThrottleTest, OneLinePerSecondAndKindCountingTheHeldBack) {
  LogThrottle throttle(1s);
  const auto t0 = LogThrottle::Clock::time_point{} + 100s;
  EXPECT_EQ(throttle.admit("emfile", t0), 0u);
  for (int i = 1; i <= 999; ++i) EXPECT_FALSE(throttle.admit("emfile", t0 + i * 1ms));
  EXPECT_EQ(throttle.admit("enobufs", t0 + 500ms), 0u);  // another kind has its own second
  EXPECT_EQ(throttle.admit("emfile", t0 + 1s), 999u);
  EXPECT_FALSE(throttle.admit("emfile", t0 + 1500ms));
  EXPECT_EQ(throttle.admit("emfile", t0 + 5s), 1u);
}

}  // namespace
