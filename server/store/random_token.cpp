// Random tokens from libsodium (server/store/random_token.h).
#include "server/store/random_token.h"

#include <sodium.h>

#include <stdexcept>

namespace skat::app {

std::string random_token() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
  unsigned char bytes[32];
  randombytes_buf(bytes, sizeof bytes);
  char hex[2 * sizeof bytes + 1];
  sodium_bin2hex(hex, sizeof hex, bytes, sizeof bytes);
  return hex;
}

}  // namespace skat::app
