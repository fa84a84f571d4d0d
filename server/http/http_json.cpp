// Shared pieces of the JSON endpoints (server/http/http_json.h).
#include "server/http/http_json.h"

#include <sodium.h>

#include <algorithm>

#include "bots/bot_factory.h"
#include "common/confusables.h"
#include "common/text_rules.h"
#include "protocol/client_messages.h"
#include "protocol/strict_json.h"

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

std::expected<Json, std::string> request_body_json(const net::HttpRequest& request) {
  auto body = protocol::parse_json_once_per_key(request.body());
  if (!body) return std::unexpected("the body: " + body.error());
  return body;
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

bool bearer_matches(const net::HttpRequest& request, const std::string& token) {
  const auto given = bearer_token(request);
  if (!given || token.empty()) return false;
  return given->size() == token.size() && sodium_memcmp(given->data(), token.data(), token.size()) == 0;
}

std::expected<std::string, std::string> bot_account_name(const Json& value) {
  if (!value.is_string()) return std::unexpected("\"name\" must be a string");
  auto normal = text::normalize(value.get_ref<const std::string&>(), text::Use::Name);
  if (!normal) return std::unexpected("\"name\": " + normal.error());
  if (normal->size() > protocol::kMaxNameBytes)
    return std::unexpected("\"name\" is longer than " + std::to_string(protocol::kMaxNameBytes) + " bytes");
  // A program's name, or one that looks like it, is never a player's bot's: add_bot and tournaments
  // name house programs by it.
  const std::string key = text::name_key(*normal);
  const bool program =
      std::ranges::any_of(bots::kBotKinds, [&](std::string_view kind) { return key == text::name_key(kind); }) ||
      std::ranges::any_of(std::initializer_list<std::string_view>{"account:", "program:", "sandbox:"},
                          [&](std::string_view prefix) { return key.starts_with(text::name_key(prefix)); });
  if (program) return std::unexpected("\"name\": '" + *normal + "' names a program; choose another name");
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
