// The project's cryptographically secure random generator (docs/rules.md §2): ChaCha20 keystream
// from libsodium, keyed from OS entropy, or from a 64-bit seed for reproducible runs (the key is
// the BLAKE2b hash of the seed, so a seed gives the same words on every machine).
// Satisfies skat::RandomWords and std::uniform_random_bit_generator.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace skat {

class Csprng {
 public:
  using result_type = std::uint64_t;

  // Keyed from OS entropy (randombytes_buf).
  Csprng();
  // Deterministic: the same seed gives the same words everywhere.
  static Csprng from_seed(std::uint64_t seed);

  std::uint64_t operator()();
  static constexpr std::uint64_t min() { return 0; }
  static constexpr std::uint64_t max() { return std::numeric_limits<std::uint64_t>::max(); }

 private:
  static constexpr std::size_t kKeyBytes = 32;
  static constexpr std::size_t kNonceBytes = 12;
  static constexpr std::size_t kBlockBytes = 64;
  static constexpr std::size_t kBlocksPerRefill = 16;

  struct FromKey {};
  Csprng(FromKey, const std::array<unsigned char, kKeyBytes>& key);
  void refill();

  std::array<unsigned char, kKeyBytes> key_{};
  std::array<unsigned char, kNonceBytes> nonce_{};
  std::uint32_t block_counter_ = 0;
  std::array<unsigned char, kBlockBytes * kBlocksPerRefill> buffer_{};
  std::size_t position_ = sizeof(buffer_);
};

}  // namespace skat
