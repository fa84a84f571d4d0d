// Secrets handed to clients and operators: session tokens, bot secrets, the admin token.
#pragma once

#include <string>

namespace skat::app {

// A fresh random token of 32 bytes from libsodium, as 64 hex digits.
std::string random_token();

}  // namespace skat::app
