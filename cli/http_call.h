// One HTTP/1.1 request to a skat server from a command (`skat tournament --server`): a plain
// blocking Beast client with a time limit, an optional bearer token and a bounded reply.
#pragma once

#include <chrono>
#include <expected>
#include <string>

namespace skat::cli {

struct HttpAnswer {
  int status = 0;
  std::string body;
};

// `base` is http://host:port; `target` the path with its query. Errors: the connection failed,
// timed out, or the reply was larger than 64 MiB.
std::expected<HttpAnswer, std::string> http_call(const std::string& base, const std::string& method,
                                                 const std::string& target, const std::string& body = {},
                                                 const std::string& bearer = {},
                                                 std::chrono::seconds timeout = std::chrono::seconds(30));

// The server's admin bearer token from its token file (the first line); empty when the file is
// missing or empty.
std::string read_admin_token(const std::string& path);

}  // namespace skat::cli
