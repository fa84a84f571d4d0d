// `skat serve` end to end: opens (creating and migrating) the database, closes series a killed
// process left running, loads or creates the admin token, runs the Server until SIGINT/SIGTERM.
#pragma once

#include <expected>
#include <string>

#include "server/app/serve_config.h"

namespace skat::app {

// The admin token from `file`, or a new one written there with mode 0600 when it does not exist.
std::expected<std::string, std::string> load_or_create_admin_token(const std::string& file);

int run_serve(const ServeConfig& config);

}  // namespace skat::app
