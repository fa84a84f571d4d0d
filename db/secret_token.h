// Secret tokens for bot accounts and sessions: 256 random bits from libsodium, shown once as 64
// hex characters; the database keeps only their BLAKE2b-256 hash. A fast hash is enough (and
// better than Argon2 here): a 256-bit random token cannot be guessed, so slowing guesses down buys
// nothing, while every bot login would pay Argon2's time and memory.
#pragma once

#include <array>
#include <string>
#include <string_view>

namespace skat::db {

using TokenHash = std::array<unsigned char, 32>;

// A fresh token from the OS CSPRNG (randombytes_buf).
std::string new_secret_token();
// BLAKE2b-256 of the token with a domain-separation prefix.
TokenHash hash_token(std::string_view token);
// Constant-time comparison.
bool same_hash(const TokenHash& a, const TokenHash& b);

}  // namespace skat::db
