// Game types and declarations: which cards are trumps, how the cards of each game rank, the
// base values, and what a declaration announces (docs/rules.md §1, §4, §6). The per-game masks and
// strengths are precomputed so that following suit and trick winners are a few bit operations.
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>

#include "engine/card.h"
#include "engine/errors.h"

namespace skat {

// PGN game codes 0..5 (null variants are Null plus the hand/ouvert flags of the declaration).
enum class GameType : std::uint8_t { Clubs = 0, Spades = 1, Hearts = 2, Diamonds = 3, Grand = 4, Null = 5 };
inline constexpr int kNumGameTypes = 6;

constexpr bool is_suit_game(GameType g) { return g <= GameType::Diamonds; }
constexpr Suit trump_suit(GameType g) { return static_cast<Suit>(static_cast<int>(g)); }

// ISS letter of a game type: C S H D G N.
char game_letter(GameType g);
std::optional<GameType> parse_game_letter(char c);

// What the declarer announces. `hand` means the skat was not picked up.
struct Declaration {
  GameType type = GameType::Grand;
  bool hand = false;
  bool schneider_announced = false;
  bool schwarz_announced = false;
  bool ouvert = false;

  bool operator==(const Declaration&) const = default;

  // Adds the announcements implied by others: schwarz implies schneider; suit/grand ouvert
  // implies hand, schneider and schwarz announced (docs/rules.md §4). Null is left as it is.
  Declaration normalized() const;
};

// Base value: ♦ 9, ♥ 10, ♠ 11, ♣ 12, grand 24; for null the fixed game value
// (23, hand 35, ouvert 46, ouvert hand 59).
int base_value(const Declaration& d);

// Checks a declaration against docs/rules.md §4 and returns it normalised: after a pickup no hand
// flag, no schneider/schwarz announcement and no suit/grand ouvert; a hand game must say hand; null
// has no schneider/schwarz and its fixed value must reach the bid.
std::expected<Declaration, RuleError> validate_declaration(const Declaration& d, bool picked_up, int bid);
inline int null_value(bool hand, bool ouvert) { return ouvert ? (hand ? 59 : 46) : (hand ? 35 : 23); }

// The trump suit index used by `GameRules::suit_of`: 0..3 are plain suits, 4 is trump.
inline constexpr int kTrump = 4;

// Precomputed per-game card classes and strengths.
struct GameRules {
  // Cards that belong to each "following class": plain suits 0..3 and trump (index 4).
  std::array<CardSet, 5> class_cards{};
  // Class of each card (0..3 plain suit, 4 trump).
  std::array<std::uint8_t, kNumCards> class_of{};
  // Strength of each card within its class; trumps beat every plain card.
  std::array<std::uint8_t, kNumCards> strength{};

  CardSet trumps() const { return class_cards[kTrump]; }
  // The cards of `hand` that follow the led card; the whole hand when none do.
  CardSet playable(CardSet hand, Card led) const {
    const CardSet follow = hand & class_cards[class_of[static_cast<std::size_t>(led.id())]];
    return follow.empty() ? hand : follow;
  }
  // Index (0..n-1) of the winning card of a trick given in play order.
  int trick_winner(const Card* cards, int n) const;
  // True when `challenger` beats `best` given the led class.
  bool beats(Card challenger, Card best, int led_class) const {
    const auto ci = static_cast<std::size_t>(challenger.id());
    const auto bi = static_cast<std::size_t>(best.id());
    const int cc = class_of[ci];
    const int bc = class_of[bi];
    if (cc == bc) return strength[ci] > strength[bi];
    return cc == kTrump || (cc == led_class && bc != kTrump);
  }
};

const GameRules& rules_for(GameType g);

// The order in which trumps count for matadors: ♣J ♠J ♥J ♦J, then A 10 K Q 9 8 7 of the
// trump suit in suit games (11 entries), only the jacks in grand (4 entries).
int matador_order(GameType g, std::array<Card, 11>& out);

}  // namespace skat
