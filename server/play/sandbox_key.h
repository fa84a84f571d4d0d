// The key by which this server process knows its own sandbox connections
// (server/play/sandbox_runner.h): a bot connection whose hello carries sandbox_token(name) plays that bot's
// uploaded program in the server's sandbox, and only such a connection is seated for a rated
// tournament's "sandbox:NAME" side. The key is 32 random bytes drawn at the process's first use
// and never leaves its memory; the token is "sandbox." and the hex HMAC-SHA256 of the name.
#pragma once

#include <string>
#include <string_view>

#include "server/lobby/lobby.h"

namespace skat::app {

using lobby::kSandboxPrefix;  // "sandbox:NAME", the program name of a sandbox side

inline constexpr std::string_view kSandboxTokenPrefix = "sandbox.";

std::string sandbox_token(std::string_view bot_name);
// Whether `token` is sandbox_token(bot_name) (in constant time).
bool is_sandbox_token(std::string_view bot_name, std::string_view token);

}  // namespace skat::app
