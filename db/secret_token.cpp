#include "db/secret_token.h"

#include <sodium.h>

#include <cstdlib>

namespace skat::db {

namespace {

// Separates these hashes from every other BLAKE2b use of the project.
constexpr std::string_view kTokenContext = "skat.db.token.v1";

void ensure_sodium() {
  // sodium_init is idempotent and thread-safe; it fails only without a usable entropy source,
  // where no token may be issued at all.
  if (sodium_init() < 0) std::abort();
}

}  // namespace

std::string new_secret_token() {
  ensure_sodium();
  std::array<unsigned char, 32> bytes{};
  randombytes_buf(bytes.data(), bytes.size());
  std::string hex(bytes.size() * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), bytes.data(), bytes.size());
  hex.pop_back();  // the terminating NUL
  sodium_memzero(bytes.data(), bytes.size());
  return hex;
}

TokenHash hash_token(std::string_view token) {
  ensure_sodium();
  crypto_generichash_state state;
  crypto_generichash_init(&state, nullptr, 0, 32);
  crypto_generichash_update(&state, reinterpret_cast<const unsigned char*>(kTokenContext.data()), kTokenContext.size());
  const unsigned char separator = 0;
  crypto_generichash_update(&state, &separator, 1);
  crypto_generichash_update(&state, reinterpret_cast<const unsigned char*>(token.data()), token.size());
  TokenHash out{};
  crypto_generichash_final(&state, out.data(), out.size());
  return out;
}

bool same_hash(const TokenHash& a, const TokenHash& b) { return sodium_memcmp(a.data(), b.data(), a.size()) == 0; }

}  // namespace skat::db
