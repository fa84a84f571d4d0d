// A small, fast, seedable generator for bot decisions (xoshiro256** seeded by SplitMix64).
// Not cryptographic: deals come from the CSPRNG; bots only need reproducible coin flips,
// identical on every machine for the same seed. Satisfies skat::RandomWords.
#pragma once

#include <array>
#include <cstdint>
#include <limits>

namespace skat::bots {

class FastRng {
 public:
  using result_type = std::uint64_t;

  explicit FastRng(std::uint64_t seed) {
    for (auto& word : state_) word = split_mix(seed);
  }

  std::uint64_t operator()() {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }
  static constexpr std::uint64_t min() { return 0; }
  static constexpr std::uint64_t max() { return std::numeric_limits<std::uint64_t>::max(); }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static std::uint64_t split_mix(std::uint64_t& x) {
    std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

  std::array<std::uint64_t, 4> state_{};
};

// A uniform number in [0, 1) with 53 random bits.
inline double uniform01(FastRng& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

}  // namespace skat::bots
