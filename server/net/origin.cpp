#include "server/net/origin.h"

#include <algorithm>
#include <boost/url/parse.hpp>
#include <boost/url/url_view.hpp>
#include <cctype>

namespace skat::net {

namespace http = boost::beast::http;

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::ranges::transform(out, out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::string_view default_port(std::string_view scheme) { return scheme == "https" ? "443" : "80"; }

// "host[:port]" as normal_origin writes it, of a Host header read for `scheme`; none when malformed.
std::optional<std::string> normal_host(std::string_view host, std::string_view scheme) {
  const auto authority = boost::urls::parse_authority(host);
  if (!authority || authority->has_userinfo() || authority->encoded_host().empty()) return std::nullopt;
  std::string out = lower(authority->encoded_host());
  if (authority->has_port() && authority->port() != default_port(scheme) && !authority->port().empty())
    out += ":" + std::string(authority->port());
  return out;
}

}  // namespace

std::optional<std::string> normal_origin(std::string_view text) {
  if (text.ends_with('/')) text.remove_suffix(1);
  const auto url = boost::urls::parse_absolute_uri(text);
  if (!url) return std::nullopt;
  const std::string scheme = lower(url->scheme());
  if ((scheme != "http" && scheme != "https") || !url->has_authority() || !url->encoded_path().empty() ||
      url->has_query() || url->has_fragment())
    return std::nullopt;
  const auto host = normal_host(url->encoded_authority(), scheme);
  if (!host) return std::nullopt;
  return scheme + "://" + *host;
}

bool origin_allowed(const HttpRequest& request, const std::vector<std::string>& allowed) {
  const auto origin_field = request.find(http::field::origin);
  if (origin_field == request.end()) return true;
  const auto origin = normal_origin(origin_field->value());
  if (!origin) return false;
  if (std::ranges::find(allowed, *origin) != allowed.end()) return true;
  const auto host_field = request.find(http::field::host);
  if (host_field == request.end()) return false;
  // The server speaks plain HTTP: its own origin is http:// and the Host. An https:// page on the
  // same host and port is another origin (a TLS proxy in front lists its own with --allow-origin).
  const auto host = normal_host(host_field->value(), "http");
  return host && *origin == "http://" + *host;
}

}  // namespace skat::net
