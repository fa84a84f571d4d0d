// The small pieces every JSON endpoint of the HTTP API shares: a JSON reply, an error reply
// `{"error":…}`, a request body read as JSON, the bearer token of a request, and a bot account's name checked like
// hello's.
#pragma once

#include <expected>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "server/net/handlers.h"

namespace skat::app {

net::HttpReply json_reply(const net::HttpRequest& request, boost::beast::http::status status,
                          const nlohmann::json& body);
net::HttpReply json_error(const net::HttpRequest& request, boost::beast::http::status status, std::string_view message);
// The token of `Authorization: Bearer <token>`, if the request has one (at most 256 bytes).
std::optional<std::string_view> bearer_token(const net::HttpRequest& request);
// Whether the request's bearer token is `token` (compared in constant time; never an empty one).
bool bearer_matches(const net::HttpRequest& request, const std::string& token);
// A bot account's name: the name rules of hello (docs/protocol.md §2) and its byte limit, in NFC.
std::expected<std::string, std::string> bot_account_name(const nlohmann::json& value);
// The request's body as JSON (protocol/strict_json.h): an error when it is not JSON or an object
// in it names a key twice.
std::expected<nlohmann::json, std::string> request_body_json(const net::HttpRequest& request);
// Fails with the reason when `body` is not an object or has a field outside `allowed`.
std::expected<void, std::string> only_fields(const nlohmann::json& body,
                                             std::initializer_list<std::string_view> allowed, std::string_view shape);

}  // namespace skat::app
