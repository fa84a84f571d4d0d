// The CSPRNG wrapper: seeded output frozen (checked against an independent BLAKE2b + ChaCha20
// implementation), distinct streams for distinct seeds and for OS-entropy instances, and use
// as the generator of engine::random_deal.
#include <gtest/gtest.h>

#include <set>

#include "common/csprng.h"
#include "engine/deal.h"

namespace skat {
namespace {

static_assert(RandomWords<Csprng>);
static_assert(std::uniform_random_bit_generator<Csprng>);

TEST(Csprng, SeededWordsAreFrozen) {
  Csprng zero = Csprng::from_seed(0);
  EXPECT_EQ(zero(), 0x6529fb1410a971f6ULL);
  EXPECT_EQ(zero(), 0x83e167e808437217ULL);
  EXPECT_EQ(zero(), 0x61e7785fa04fdc3fULL);
  EXPECT_EQ(zero(), 0xc6d9245fbc559b00ULL);
  Csprng forty_two = Csprng::from_seed(42);
  EXPECT_EQ(forty_two(), 0x743470efcd586e87ULL);
  EXPECT_EQ(forty_two(), 0xb00048fde2742865ULL);
  EXPECT_EQ(forty_two(), 0xc69beca417651638ULL);
  EXPECT_EQ(forty_two(), 0xc1b9dd65af93f759ULL);
}

TEST(Csprng, StreamContinuesAcrossRefills) {
  Csprng g = Csprng::from_seed(42);
  std::set<std::uint64_t> seen;
  for (int i = 0; i < 300; ++i) seen.insert(g());
  EXPECT_EQ(seen.size(), 300u);
  EXPECT_EQ(g(), 0xdba9f48fe799ee0aULL);  // word 300, past the first refill of 128 words
}

TEST(Csprng, SameSeedSameStreamOtherSeedOtherStream) {
  Csprng a = Csprng::from_seed(7);
  Csprng b = Csprng::from_seed(7);
  Csprng c = Csprng::from_seed(8);
  for (int i = 0; i < 1000; ++i) {
    const auto x = a();
    EXPECT_EQ(x, b());
    EXPECT_NE(x, c());
  }
}

TEST(Csprng, EntropyInstancesDiffer) {
  Csprng a;
  Csprng b;
  EXPECT_NE(a(), b());
}

TEST(Csprng, DrivesRandomDeals) {
  Csprng g = Csprng::from_seed(1);
  EXPECT_EQ(uniform_below(g, kNumDeals), 1410343114804076ULL);
  for (int i = 0; i < 100; ++i) EXPECT_TRUE(random_deal(g).valid());
}

TEST(Csprng, BitsLookBalanced) {
  Csprng g = Csprng::from_seed(3);
  int ones = 0;
  for (int i = 0; i < 1000; ++i) ones += std::popcount(g());
  EXPECT_NEAR(ones / 64000.0, 0.5, 0.01);
}

}  // namespace
}  // namespace skat
