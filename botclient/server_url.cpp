// Server addresses through Boost.URL (botclient/server_url.h).
#include "botclient/server_url.h"

#include <boost/url/parse.hpp>
#include <boost/url/url_view.hpp>
#include <charconv>

namespace skat::botclient {

std::optional<ServerUrl> parse_server_url(std::string_view text, std::string_view scheme) {
  const auto url = boost::urls::parse_absolute_uri(text);
  if (!url || url->scheme() != scheme || !url->has_authority() || url->has_userinfo() || url->has_fragment())
    return std::nullopt;
  ServerUrl out;
  out.host = url->host_address();
  if (out.host.empty()) return std::nullopt;
  if (url->has_port()) {
    const std::string_view port = url->port();
    unsigned number = 0;
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), number);
    if (port.empty() || ec != std::errc() || end != port.data() + port.size() || number == 0 || number > 65535)
      return std::nullopt;
    out.port = port;
  } else {
    out.port = "80";
  }
  out.authority = url->encoded_authority();
  out.path = url->encoded_path().empty() ? "/" : std::string(url->encoded_path());
  if (url->has_query()) out.path += "?" + std::string(url->encoded_query());
  return out;
}

}  // namespace skat::botclient
