// Cards and card sets: the 32 cards numbered as in the series PGN (card = 8 × suit + rank),
// a 32-bit set type, card points, and the ISS two-letter names ("CJ", "HT").
// Everything here is constexpr-friendly plain integers: the hot state of search.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace skat {

enum class Suit : std::uint8_t { Clubs = 0, Spades = 1, Hearts = 2, Diamonds = 3 };
// Ranks in PGN order: 7 8 9 10 J Q K A.
enum class Rank : std::uint8_t { Seven = 0, Eight, Nine, Ten, Jack, Queen, King, Ace };

inline constexpr int kNumCards = 32;
inline constexpr int kNumSuits = 4;
inline constexpr int kCardsPerSuit = 8;

// A card, 0..31: 8 × suit + rank. Card 4 is the club jack, card 31 the diamond ace.
class Card {
 public:
  constexpr Card() = default;
  constexpr explicit Card(int id) : id_(static_cast<std::uint8_t>(id)) {}
  constexpr Card(Suit s, Rank r) : id_(static_cast<std::uint8_t>(8 * static_cast<int>(s) + static_cast<int>(r))) {}

  constexpr int id() const { return id_; }
  constexpr Suit suit() const { return static_cast<Suit>(id_ >> 3); }
  constexpr Rank rank() const { return static_cast<Rank>(id_ & 7); }
  constexpr bool is_jack() const { return rank() == Rank::Jack; }
  constexpr auto operator<=>(const Card&) const = default;

 private:
  std::uint8_t id_ = 0;
};

// Card points ("eyes"): A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0.
constexpr int card_points(Card c) {
  constexpr int kByRank[8] = {0, 0, 0, 10, 2, 3, 4, 11};
  return kByRank[static_cast<int>(c.rank())];
}

// A set of cards as a 32-bit mask (bit i = card i).
class CardSet {
 public:
  constexpr CardSet() = default;
  constexpr explicit CardSet(std::uint32_t bits) : bits_(bits) {}
  constexpr CardSet(std::initializer_list<Card> cards) {
    for (Card c : cards) add(c);
  }

  static constexpr CardSet all() { return CardSet(0xFFFFFFFFu); }
  static constexpr CardSet of_suit(Suit s) { return CardSet(0xFFu << (8 * static_cast<int>(s))); }
  static constexpr CardSet jacks() { return CardSet(0x10101010u); }

  constexpr std::uint32_t bits() const { return bits_; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr int size() const { return std::popcount(bits_); }
  constexpr bool contains(Card c) const { return (bits_ >> c.id()) & 1u; }
  constexpr void add(Card c) { bits_ |= 1u << c.id(); }
  constexpr void remove(Card c) { bits_ &= ~(1u << c.id()); }
  // Lowest card in the set; the set must not be empty.
  constexpr Card first() const { return Card(std::countr_zero(bits_)); }
  constexpr Card pop_first() {
    Card c = first();
    bits_ &= bits_ - 1;
    return c;
  }

  constexpr CardSet operator|(CardSet o) const { return CardSet(bits_ | o.bits_); }
  constexpr CardSet operator&(CardSet o) const { return CardSet(bits_ & o.bits_); }
  constexpr CardSet operator-(CardSet o) const { return CardSet(bits_ & ~o.bits_); }
  constexpr CardSet operator~() const { return CardSet(~bits_); }
  constexpr CardSet& operator|=(CardSet o) {
    bits_ |= o.bits_;
    return *this;
  }
  constexpr CardSet& operator&=(CardSet o) {
    bits_ &= o.bits_;
    return *this;
  }
  constexpr CardSet& operator-=(CardSet o) {
    bits_ &= ~o.bits_;
    return *this;
  }
  constexpr bool operator==(const CardSet&) const = default;

  // Iteration in ascending card order.
  class Iterator {
   public:
    constexpr explicit Iterator(std::uint32_t bits) : bits_(bits) {}
    constexpr Card operator*() const { return Card(std::countr_zero(bits_)); }
    constexpr Iterator& operator++() {
      bits_ &= bits_ - 1;
      return *this;
    }
    constexpr bool operator!=(const Iterator& o) const { return bits_ != o.bits_; }

   private:
    std::uint32_t bits_;
  };
  constexpr Iterator begin() const { return Iterator(bits_); }
  constexpr Iterator end() const { return Iterator(0); }

 private:
  std::uint32_t bits_ = 0;
};

// Sum of card points of a set (inline: the solver counts points at every node).
constexpr int card_points(CardSet cards) {
  constexpr std::uint32_t kRankMask = 0x01010101u;  // one rank in every suit
  const std::uint32_t b = cards.bits();
  auto count = [&](Rank r) { return std::popcount(b & (kRankMask << static_cast<int>(r))); };
  return 11 * count(Rank::Ace) + 10 * count(Rank::Ten) + 4 * count(Rank::King) + 3 * count(Rank::Queen) +
         2 * count(Rank::Jack);
}

// ISS notation: suit letter C S H D, rank letter A K Q J T 9 8 7.
std::string card_name(Card c);
std::optional<Card> parse_card(std::string_view name);
// Space-separated names in ascending card order, e.g. "CJ CA S7".
std::string card_names(CardSet cards, char separator = ' ');

}  // namespace skat
