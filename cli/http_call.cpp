#include "cli/http_call.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <fstream>

#include "botclient/server_url.h"

namespace skat::cli {

namespace beast = boost::beast;
namespace http = beast::http;

std::expected<HttpAnswer, std::string> http_call(const std::string& base, const std::string& method,
                                                 const std::string& target, const std::string& body,
                                                 const std::string& bearer, std::chrono::seconds timeout) {
  const auto url = botclient::parse_server_url(base, "http");
  if (!url) return std::unexpected("the server URL must look like http://host:port");
  try {
    boost::asio::io_context io;
    beast::tcp_stream stream(io);
    stream.expires_after(timeout);
    boost::asio::ip::tcp::resolver resolver(io);
    stream.connect(resolver.resolve(url->host, url->port));
    http::request<http::string_body> request(http::string_to_verb(method), target, 11);
    request.set(http::field::host, url->authority);
    request.set(http::field::user_agent, "skat-cli");
    if (!bearer.empty()) request.set(http::field::authorization, "Bearer " + bearer);
    if (!body.empty()) {
      request.set(http::field::content_type, "application/json");
      request.body() = body;
    }
    request.prepare_payload();
    http::write(stream, request);
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.body_limit(64U << 20);
    http::read(stream, buffer, parser);
    beast::error_code ignored;
    stream.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ignored);
    return HttpAnswer{static_cast<int>(parser.get().result_int()), parser.get().body()};
  } catch (const boost::system::system_error& e) {
    return std::unexpected(base + target + ": " + e.code().message());
  } catch (const std::exception& e) {
    return std::unexpected(base + target + ": " + e.what());
  }
}

std::string read_admin_token(const std::string& path) {
  std::ifstream in(path);
  std::string token;
  std::getline(in, token);
  while (!token.empty() && (token.back() == '\r' || token.back() == ' ')) token.pop_back();
  return token;
}

}  // namespace skat::cli
