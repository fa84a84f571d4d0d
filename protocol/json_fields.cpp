#include "protocol/json_fields.h"

#include <algorithm>
#include <limits>

namespace skat::protocol::detail {

ProtocolError error(ErrorCode code, std::string message) { return ProtocolError{code, std::move(message)}; }

std::expected<void, ProtocolError> check_fields(const Json& j, std::initializer_list<std::string_view> allowed) {
  if (!j.is_object()) return std::unexpected(error(ErrorCode::BadField, "expected a JSON object"));
  for (const auto& item : j.items()) {
    const std::string& key = item.key();
    if (std::ranges::find(allowed, std::string_view(key)) == allowed.end()) {
      const std::string shown = key.size() > 40 ? key.substr(0, 40) + "…" : key;
      return std::unexpected(error(ErrorCode::UnknownField, "unknown field \"" + shown + "\""));
    }
  }
  return {};
}

std::expected<const Json*, ProtocolError> get_field(const Json& j, std::string_view key) {
  const auto it = j.find(key);
  if (it == j.end())
    return std::unexpected(error(ErrorCode::MissingField, "missing field \"" + std::string(key) + "\""));
  return &*it;
}

namespace {

std::expected<std::int64_t, ProtocolError> as_int(const Json& v, std::string_view key, std::int64_t lo,
                                                  std::int64_t hi) {
  const auto bad = [&](std::string_view why) {
    return std::unexpected(error(ErrorCode::BadField, "field \"" + std::string(key) + "\" " + std::string(why)));
  };
  if (!v.is_number_integer()) return bad("must be an integer");
  std::int64_t x = 0;
  if (v.is_number_unsigned()) {
    const auto u = v.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return bad("is out of range");
    x = static_cast<std::int64_t>(u);
  } else {
    x = v.get<std::int64_t>();
  }
  if (x < lo || x > hi) return bad("must be between " + std::to_string(lo) + " and " + std::to_string(hi));
  return x;
}

std::expected<std::string, ProtocolError> as_string(const Json& v, std::string_view key, std::size_t max_bytes) {
  if (!v.is_string())
    return std::unexpected(error(ErrorCode::BadField, "field \"" + std::string(key) + "\" must be a string"));
  const auto& s = v.get_ref<const std::string&>();
  if (s.size() > max_bytes)
    return std::unexpected(error(ErrorCode::TooLarge, "field \"" + std::string(key) + "\" is longer than " +
                                                          std::to_string(max_bytes) + " bytes"));
  return s;
}

}  // namespace

std::expected<std::int64_t, ProtocolError> get_int(const Json& j, std::string_view key, std::int64_t lo,
                                                   std::int64_t hi) {
  auto field = get_field(j, key);
  if (!field) return std::unexpected(field.error());
  return as_int(**field, key, lo, hi);
}

std::expected<std::optional<std::int64_t>, ProtocolError> get_opt_int(const Json& j, std::string_view key,
                                                                      std::int64_t lo, std::int64_t hi) {
  const auto it = j.find(key);
  if (it == j.end()) return std::optional<std::int64_t>{};
  auto v = as_int(*it, key, lo, hi);
  if (!v) return std::unexpected(v.error());
  return std::optional<std::int64_t>{*v};
}

std::expected<std::string, ProtocolError> get_string(const Json& j, std::string_view key, std::size_t max_bytes) {
  auto field = get_field(j, key);
  if (!field) return std::unexpected(field.error());
  return as_string(**field, key, max_bytes);
}

std::expected<std::optional<std::string>, ProtocolError> get_opt_string(const Json& j, std::string_view key,
                                                                        std::size_t max_bytes) {
  const auto it = j.find(key);
  if (it == j.end()) return std::optional<std::string>{};
  auto v = as_string(*it, key, max_bytes);
  if (!v) return std::unexpected(v.error());
  return std::optional<std::string>{std::move(*v)};
}

std::expected<bool, ProtocolError> get_bool(const Json& j, std::string_view key, bool fallback) {
  const auto it = j.find(key);
  if (it == j.end()) return fallback;
  if (!it->is_boolean())
    return std::unexpected(error(ErrorCode::BadField, "field \"" + std::string(key) + "\" must be true or false"));
  return it->get<bool>();
}

}  // namespace skat::protocol::detail
