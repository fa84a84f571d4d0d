// The hub's per-address bounds: the key an address counts under (IPv4 as is, IPv6 by its /64,
// IPv4-mapped IPv6 as IPv4), and the guest budget per address, refilled over the hour, on a
// passed-in clock.
#include <gtest/gtest.h>

#include "server/play/address_limits.h"

namespace {

using skat::app::address_key;
using skat::app::GuestQuota;
using namespace std::chrono_literals;

TEST(AddressKey, IPv4AsIsIPv6ByItsSlash64) {
  EXPECT_EQ(address_key("192.0.2.7"), "192.0.2.7");
  EXPECT_EQ(address_key("::ffff:192.0.2.7"), "192.0.2.7");
  EXPECT_EQ(address_key("2001:db8:1:2:3:4:5:6"), address_key("2001:db8:1:2:ffff::1"));
  EXPECT_EQ(address_key("2001:db8:1:2:3:4:5:6"), "2001:db8:1:2::/64");
  EXPECT_NE(address_key("2001:db8:1:2::1"), address_key("2001:db8:1:3::1"));
  EXPECT_EQ(address_key(""), "");
}

TEST(GuestQuota, AnAddressGetsItsBudgetPerHourAndOthersTheirOwn) {
  GuestQuota quota(3);
  const auto t = GuestQuota::Clock::time_point{} + 24h;
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(quota.take("192.0.2.7", t)) << i;
  EXPECT_FALSE(quota.take("192.0.2.7", t));
  EXPECT_TRUE(quota.take("192.0.2.8", t));
  // One guest's worth comes back every 20 minutes, the whole budget after an hour.
  EXPECT_FALSE(quota.take("192.0.2.7", t + 19min));
  EXPECT_TRUE(quota.take("192.0.2.7", t + 21min));
  EXPECT_FALSE(quota.take("192.0.2.7", t + 21min));
  const auto later = t + 21min + 1h;
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(quota.take("192.0.2.7", later)) << i;
  EXPECT_FALSE(quota.take("192.0.2.7", later));
  // Addresses not seen for an hour are forgotten (their budget is full again).
  EXPECT_TRUE(quota.take("192.0.2.9", later + 2h));
  EXPECT_EQ(quota.tracked(), 1u);
}

}  // namespace
