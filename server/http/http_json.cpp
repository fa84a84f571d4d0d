// Shared pieces of the JSON endpoints (server/http/http_json.h).
#include "server/http/http_json.h"

#include <algorithm>

#include "common/text_rules.h"
#include "protocol/client_messages.h"

namespace skat::app {

namespace http = boost::beast::http;
using Json = nlohmann::json;

net::HttpReply json_reply(const net::HttpRequest& request, http::status status, const Json& body) {
  return net::make_reply(request, status, "application/json",
                         body.dump(-1, ' ', false, Json::error_handler_t::replace));
}

net::HttpReply json_error(const net::HttpRequest& request, http::status status, std::string_view message) {
  return json_reply(request, status, Json{{"error", message}});
}

std::optional<std::string_view> bearer_token(const net::HttpRequest& request) {
  const auto it = request.find(http::field::authorization);
  if (it == request.end()) return std::nullopt;
  const std::string_view value = it->value();
  constexpr std::string_view kPrefix = "Bearer ";
  if (!value.starts_with(kPrefix) || value.size() - kPrefix.size() > protocol::kMaxTokenBytes) return std::nullopt;
  const std::string_view token = value.substr(kPrefix.size());
  if (token.empty()) return std::nullopt;
  return token;
}

std::expected<std::string, std::string> bot_account_name(const Json& value) {
  if (!value.is_string()) return std::unexpected("\"name\" must be a string");
  auto normal = text::normalize(value.get_ref<const std::string&>(), text::Use::Name);
  if (!normal) return std::unexpected("\"name\": " + normal.error());
  if (normal->size() > protocol::kMaxNameBytes)
    return std::unexpected("\"name\" is longer than " + std::to_string(protocol::kMaxNameBytes) + " bytes");
  return std::move(*normal);
}

std::expected<void, std::string> only_fields(const Json& body, std::initializer_list<std::string_view> allowed,
                                             std::string_view shape) {
  if (!body.is_object()) return std::unexpected("expected " + std::string(shape));
  for (const auto& item : body.items())
    if (std::ranges::find(allowed, item.key()) == allowed.end())
      return std::unexpected("unknown field \"" + std::string(text::truncate(item.key(), 40)) + "\"; expected " +
                             std::string(shape));
  return {};
}

}  // namespace skat::app
