// Internal to skat_protocol: checked field access on JSON objects (required / optional, JSON
// type, range, string length, unknown keys). Every accessor returns a value or a ProtocolError.
#pragma once

#include <cstdint>
#include <expected>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/errors.h"

namespace skat::protocol::detail {

using Json = nlohmann::json;

ProtocolError error(ErrorCode code, std::string message);

// Fails with UnknownField on a key outside `allowed`; with BadField when `j` is not an object.
std::expected<void, ProtocolError> check_fields(const Json& j, std::initializer_list<std::string_view> allowed);

// Integer in [lo, hi] (JSON integers only: 18.0, "18" and true are rejected).
std::expected<std::int64_t, ProtocolError> get_int(const Json& j, std::string_view key, std::int64_t lo,
                                                   std::int64_t hi);
std::expected<std::optional<std::int64_t>, ProtocolError> get_opt_int(const Json& j, std::string_view key,
                                                                      std::int64_t lo, std::int64_t hi);
std::expected<std::string, ProtocolError> get_string(const Json& j, std::string_view key, std::size_t max_bytes);
std::expected<std::optional<std::string>, ProtocolError> get_opt_string(const Json& j, std::string_view key,
                                                                        std::size_t max_bytes);
// Optional boolean, `fallback` when absent.
std::expected<bool, ProtocolError> get_bool(const Json& j, std::string_view key, bool fallback);
// A required field of any JSON type.
std::expected<const Json*, ProtocolError> get_field(const Json& j, std::string_view key);

}  // namespace skat::protocol::detail
