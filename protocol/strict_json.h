// JSON text read as the protocol reads it: RFC 8259 leaves an object with a repeated key to the
// reader, and a reader that keeps the last (or the first) lets two programs see different messages
// in one text; every message and request body of the server is refused when an object in it
// names a key twice.
#pragma once

#include <expected>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace skat::protocol {

// The JSON value of `text`; an error that says what is wrong (not JSON, or which key an object
// repeats) otherwise.
std::expected<nlohmann::json, std::string> parse_json_once_per_key(std::string_view text);

}  // namespace skat::protocol
