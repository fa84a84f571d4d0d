#include "engine/card.h"

#include <array>

namespace skat {

namespace {
constexpr std::string_view kSuitLetters = "CSHD";
constexpr std::string_view kRankLetters = "789TJQKA";
}  // namespace

std::string card_name(Card c) {
  return {kSuitLetters[static_cast<std::size_t>(c.suit())], kRankLetters[static_cast<std::size_t>(c.rank())]};
}

std::optional<Card> parse_card(std::string_view name) {
  if (name.size() != 2) return std::nullopt;
  const auto s = kSuitLetters.find(name[0]);
  const auto r = kRankLetters.find(name[1]);
  if (s == std::string_view::npos || r == std::string_view::npos) return std::nullopt;
  return Card(static_cast<int>(8 * s + r));
}

std::string card_names(CardSet cards, char separator) {
  std::string out;
  for (Card c : cards) {
    if (!out.empty()) out += separator;
    out += card_name(c);
  }
  return out;
}

}  // namespace skat
