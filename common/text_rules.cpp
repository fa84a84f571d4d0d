#include "common/text_rules.h"

#include <utf8proc.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>

namespace skat::text {

namespace {

struct FreeBytes {
  void operator()(utf8proc_uint8_t* p) const { std::free(p); }
};

const auto* bytes(std::string_view text) { return reinterpret_cast<const utf8proc_uint8_t*>(text.data()); }

// utf8proc_map with `options`, after `custom` (may be null) mapped each code point; nullopt when
// the text is not valid UTF-8.
std::optional<std::string> map(std::string_view text, int options, utf8proc_custom_func custom = nullptr) {
  utf8proc_uint8_t* out = nullptr;
  const utf8proc_ssize_t n =
      utf8proc_map_custom(bytes(text), static_cast<utf8proc_ssize_t>(text.size()), &out,
                          static_cast<utf8proc_option_t>(options | UTF8PROC_STABLE), custom, nullptr);
  const std::unique_ptr<utf8proc_uint8_t, FreeBytes> owned(out);
  if (n < 0) return std::nullopt;
  return std::string(reinterpret_cast<const char*>(out), static_cast<std::size_t>(n));
}

// Chat: the characters that break a line (tab, CR, LF, U+2028, U+2029) become a space.
utf8proc_int32_t line_breaks_to_space(utf8proc_int32_t c, void*) {
  return c == '\t' || c == '\n' || c == '\r' || c == 0x2028 || c == 0x2029 ? 0x20 : c;
}

std::string code_point(utf8proc_int32_t c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
  return buf;
}

// Why the code point `c` may not appear in a text of `use`, or empty when it may.
std::string refusal(utf8proc_int32_t c, Use use) {
  constexpr utf8proc_int32_t kZeroWidthJoiner = 0x200D;
  const utf8proc_property_t* p = utf8proc_get_property(c);
  switch (p->category) {
    case UTF8PROC_CATEGORY_CC: return "control character";
    case UTF8PROC_CATEGORY_CF:
      if (use == Use::Chat && c == kZeroWidthJoiner) return {};
      return "format character (zero-width or bidirectional control)";
    case UTF8PROC_CATEGORY_CS: return "surrogate";
    default: break;
  }
  if (use == Use::Chat) return {};
  switch (p->category) {
    case UTF8PROC_CATEGORY_CO: return "private-use character";
    case UTF8PROC_CATEGORY_CN: return "unassigned code point";
    case UTF8PROC_CATEGORY_ZL:
    case UTF8PROC_CATEGORY_ZP: return "line or paragraph separator";
    default: break;
  }
  if (p->ignorable) return "invisible (default-ignorable) character";
  return {};
}

bool is_space(utf8proc_int32_t c) { return utf8proc_category(c) == UTF8PROC_CATEGORY_ZS; }

}  // namespace

std::expected<std::string, std::string> normalize(std::string_view text, Use use) {
  auto nfc = map(text, UTF8PROC_COMPOSE, use == Use::Chat ? line_breaks_to_space : nullptr);
  if (!nfc) return std::unexpected("not valid UTF-8");
  utf8proc_int32_t first = -1;
  utf8proc_int32_t last = -1;
  for (std::size_t i = 0; i < nfc->size();) {
    utf8proc_int32_t c = -1;
    const utf8proc_ssize_t n = utf8proc_iterate(bytes(*nfc) + i, static_cast<utf8proc_ssize_t>(nfc->size() - i), &c);
    if (n <= 0) return std::unexpected("not valid UTF-8");
    if (const std::string why = refusal(c, use); !why.empty()) return std::unexpected(why + " " + code_point(c));
    if (first < 0) first = c;
    last = c;
    i += static_cast<std::size_t>(n);
  }
  if (use == Use::Name) {
    if (nfc->empty()) return std::unexpected("empty");
    if (is_space(first) || is_space(last)) return std::unexpected("white space at the start or end");
  }
  return std::move(*nfc);
}

std::string fold(std::string_view name) {
  auto key = map(name, UTF8PROC_COMPOSE | UTF8PROC_COMPAT | UTF8PROC_CASEFOLD | UTF8PROC_IGNORE);
  return key ? std::move(*key) : std::string(name);
}

std::string compatible(std::string_view name) {
  auto form = map(name, UTF8PROC_COMPOSE | UTF8PROC_COMPAT | UTF8PROC_IGNORE);
  return form ? std::move(*form) : std::string(name);
}

std::string_view truncate(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  std::size_t end = max_bytes;
  // Back to the lead byte of the sequence the cut would split (continuation bytes are 10xxxxxx).
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end);
}

bool valid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    utf8proc_int32_t c = -1;
    const utf8proc_ssize_t n = utf8proc_iterate(bytes(text) + i, static_cast<utf8proc_ssize_t>(text.size() - i), &c);
    if (n <= 0) return false;
    i += static_cast<std::size_t>(n);
  }
  return true;
}

bool is_node_name(std::string_view name) {
  return !name.empty() && name.size() <= 32 && std::ranges::all_of(name, [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
  });
}

}  // namespace skat::text
