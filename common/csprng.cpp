#include "common/csprng.h"

#include <sodium.h>

#include <stdexcept>
#include <string_view>

namespace skat {

namespace {

void ensure_sodium() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
}

// Domain separation so that seed-derived keys never collide with keys of other uses.
constexpr std::string_view kSeedContext = "skat.csprng.seed.v1";

}  // namespace

Csprng::Csprng() {
  ensure_sodium();
  randombytes_buf(key_.data(), key_.size());
}

Csprng::Csprng(FromKey, const std::array<unsigned char, kKeyBytes>& key) : key_(key) {}

Csprng Csprng::from_seed(std::uint64_t seed) {
  ensure_sodium();
  std::array<unsigned char, kSeedContext.size() + 8> input{};
  for (std::size_t i = 0; i < kSeedContext.size(); ++i) input[i] = static_cast<unsigned char>(kSeedContext[i]);
  for (std::size_t i = 0; i < 8; ++i)  // little-endian, whatever the host order
    input[kSeedContext.size() + i] = static_cast<unsigned char>(seed >> (8 * i));
  std::array<unsigned char, kKeyBytes> key{};
  crypto_generichash(key.data(), key.size(), input.data(), input.size(), nullptr, 0);
  return Csprng(FromKey{}, key);
}

void Csprng::refill() {
  // 2^32 blocks per nonce; past that, move to the next nonce so the stream never repeats.
  if (block_counter_ > std::numeric_limits<std::uint32_t>::max() - kBlocksPerRefill) {
    block_counter_ = 0;
    for (auto& byte : nonce_)
      if (++byte != 0) break;
  }
  buffer_.fill(0);
  crypto_stream_chacha20_ietf_xor_ic(buffer_.data(), buffer_.data(), buffer_.size(), nonce_.data(), block_counter_,
                                     key_.data());
  block_counter_ += kBlocksPerRefill;
  position_ = 0;
}

std::uint64_t Csprng::operator()() {
  if (position_ + 8 > buffer_.size()) refill();
  std::uint64_t word = 0;
  for (std::size_t i = 0; i < 8; ++i) word |= static_cast<std::uint64_t>(buffer_[position_ + i]) << (8 * i);
  position_ += 8;
  return word;
}

}  // namespace skat
