// The rules for text that players show one another (names, chat lines, table events) and the key
// under which names are unique (docs/protocol.md §2): valid UTF-8, normalised to NFC, without the
// characters that hide or reorder text (controls, zero-width and bidi format characters, invisible
// fillers); names compared in NFKC_Casefold. Built on utf8proc; knows nothing of the server.
#pragma once

#include <cstddef>
#include <cstdint>
#include <expected>
#include <string>
#include <string_view>

namespace skat::text {

enum class Use : std::uint8_t {
  // A player's name: not empty, no white space at either end, no control, format, private-use,
  // unassigned or default-ignorable code point, no line or paragraph separator.
  Name,
  // A one-line label (a table's event, a bot's announced program): as a name, but it may be empty
  // and may have spaces at its ends.
  Label,
  // A chat line: tab, CR, LF and the line and paragraph separators become spaces; every other
  // control or format character is refused, except the zero-width joiner of emoji sequences.
  Chat,
};

// The text in NFC with the rules of `use` applied, or why it is refused.
std::expected<std::string, std::string> normalize(std::string_view text, Use use);

// The key under which two names are the same name: NFKC_Casefold (case, width and compatibility
// forms folded, default-ignorable code points dropped), so "sec-1", "SEC-1", "ｓｅｃ－１" and
// "sec-1" followed by a zero-width space share one. Text that is not valid UTF-8 is its own key.
std::string fold(std::string_view name);
// The same without the case fold: NFKC with default-ignorable code points dropped ("ｓｅｃ－１" is
// "sec-1", "SEC-1" stays). Text that is not valid UTF-8 is its own.
std::string compatible(std::string_view name);

// The longest prefix of `text` of at most `max_bytes` bytes that does not cut a UTF-8 sequence.
std::string_view truncate(std::string_view text, std::size_t max_bytes);

// True when `text` is valid UTF-8 (no overlong forms, no surrogates).
bool valid_utf8(std::string_view text);

// A server node's name (`skat serve --node`, docs/scaling.md): 1 to 32 of a-z 0-9 - _, so that it
// is also a path segment of the balancer's route /n/NAME/.
bool is_node_name(std::string_view name);

}  // namespace skat::text
