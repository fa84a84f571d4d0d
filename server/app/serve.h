// `skat serve` end to end: opens (creating and migrating) the database, closes series a killed
// process left running, loads or creates the admin token, runs the Server until SIGINT/SIGTERM.
#pragma once

#include <cstddef>
#include <expected>
#include <string>

#include "server/serve_config.h"

namespace skat::app {

// An admin token shorter than this is refused (a new one has 64 hex digits, 256 bits).
inline constexpr std::size_t kMinAdminTokenChars = 32;

// The admin token from `file` (its first line), or a new one written there with mode 0600 when it
// does not exist. An existing file is refused when it is not a regular file, when its group or
// others may read or write it (any bit of 077: the token is every admin right), or when its token
// is shorter than kMinAdminTokenChars.
std::expected<std::string, std::string> load_or_create_admin_token(const std::string& file);

int run_serve(const ServeConfig& config);

}  // namespace skat::app
