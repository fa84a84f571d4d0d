// The address of a server as its clients are given it: "http://host:port" (the HTTP API) or
// "ws://host:port/path" (the WebSocket), parsed by Boost.URL. The port defaults to the scheme's
// (80); an IPv6 host is written in brackets ("ws://[::1]:8080/ws").
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace skat::botclient {

struct ServerUrl {
  std::string host;       // as the resolver takes it: an IPv6 address without brackets
  std::string port;       // "80" when the URL names none
  std::string authority;  // host[:port] as written, for the Host header
  std::string path;       // the path with its query; "/" when there is none
};

// The URL if it is `scheme`://host[:port][/path][?query] with a non-empty host and a numeric
// port (no user info, no fragment); nothing otherwise.
std::optional<ServerUrl> parse_server_url(std::string_view url, std::string_view scheme);

}  // namespace skat::botclient
