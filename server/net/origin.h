// The Origin rule of the WebSocket upgrade (docs/protocol.md §1): a browser names the page that
// opens a WebSocket in its Origin header, so another site's page cannot use a visitor's browser (and
// its address's quotas) against this server. Allowed: no Origin (bots, command-line clients), the
// server's own origin (the Origin's host and port are the request's Host), and the origins the
// operator lists (`skat serve --allow-origin`).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/net/handlers.h"

namespace skat::net {

// An origin in one spelling, "scheme://host[:port]": http or https, lower case, without the
// scheme's default port or a trailing "/"; none when `text` is not such an origin (a path, a
// query, user info, another scheme, "null").
std::optional<std::string> normal_origin(std::string_view text);

// Whether the request (a WebSocket upgrade) may go on; `allowed` holds normal_origin forms.
bool origin_allowed(const HttpRequest& request, const std::vector<std::string>& allowed);

}  // namespace skat::net
