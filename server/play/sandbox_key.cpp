// The process's sandbox key (server/play/sandbox_key.h).
#include "server/play/sandbox_key.h"

#include <sodium.h>

#include <array>

namespace skat::app {

namespace {

const std::array<unsigned char, crypto_auth_hmacsha256_KEYBYTES>& process_key() {
  static const auto key = [] {
    std::array<unsigned char, crypto_auth_hmacsha256_KEYBYTES> k{};
    if (sodium_init() < 0) std::abort();
    crypto_auth_hmacsha256_keygen(k.data());
    return k;
  }();
  return key;
}

}  // namespace

std::string sandbox_token(std::string_view bot_name) {
  std::array<unsigned char, crypto_auth_hmacsha256_BYTES> mac{};
  crypto_auth_hmacsha256(mac.data(), reinterpret_cast<const unsigned char*>(bot_name.data()), bot_name.size(),
                         process_key().data());
  std::array<char, crypto_auth_hmacsha256_BYTES * 2 + 1> hex{};
  sodium_bin2hex(hex.data(), hex.size(), mac.data(), mac.size());
  return std::string(kSandboxTokenPrefix) + hex.data();
}

bool is_sandbox_token(std::string_view bot_name, std::string_view token) {
  if (!token.starts_with(kSandboxTokenPrefix)) return false;
  const std::string expected = sandbox_token(bot_name);
  return token.size() == expected.size() && sodium_memcmp(token.data(), expected.data(), expected.size()) == 0;
}

}  // namespace skat::app
