// Small text helpers shared by the record codecs: splitting lines and words, and parsing
// integers in their canonical spelling only (so that a value read and written back is unchanged).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace skat::text {

// Lines without their '\n' and a trailing '\r'. A final line without '\n' counts; the empty
// text after a final '\n' does not.
std::vector<std::string_view> split_lines(std::string_view text);
// Words separated by spaces or tabs.
std::vector<std::string_view> split_words(std::string_view text);
// Parts between `separator`s ("a.b" → "a", "b"; "" → one empty part).
std::vector<std::string_view> split(std::string_view text, char separator);

// "0", "17", "-3": no sign '+', no leading zeros, no "-0", at most 9 digits.
std::optional<int> parse_int(std::string_view s);
std::optional<std::int64_t> parse_int64(std::string_view s);

bool is_blank(std::string_view s);

}  // namespace skat::text
