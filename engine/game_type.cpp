#include "engine/game_type.h"

#include <string_view>

namespace skat {

namespace {
constexpr std::string_view kGameLetters = "CSHDGN";

// Strength of plain (non-jack) ranks in suit/grand games: 7 8 9 Q K 10 A (jacks are trumps).
constexpr std::array<std::uint8_t, 8> kSuitStrength = {0, 1, 2, 5, 0, 3, 4, 6};
// Null ranks A K Q J 10 9 8 7.
constexpr std::array<std::uint8_t, 8> kNullStrength = {0, 1, 2, 3, 4, 5, 6, 7};
// Jacks rank ♣ > ♠ > ♥ > ♦ above every other trump.
constexpr std::uint8_t jack_strength(Suit s) { return static_cast<std::uint8_t>(20 - static_cast<int>(s)); }

GameRules make_rules(GameType g) {
  GameRules r;
  for (int id = 0; id < kNumCards; ++id) {
    const Card c(id);
    const auto i = static_cast<std::size_t>(id);
    const int rank = static_cast<int>(c.rank());
    int cls = static_cast<int>(c.suit());
    std::uint8_t strength = 0;
    if (g == GameType::Null) {
      strength = kNullStrength[static_cast<std::size_t>(rank)];
    } else if (c.is_jack()) {
      cls = kTrump;
      strength = jack_strength(c.suit());
    } else {
      strength = kSuitStrength[static_cast<std::size_t>(rank)];
      if (is_suit_game(g) && c.suit() == trump_suit(g)) cls = kTrump;
    }
    r.class_of[i] = static_cast<std::uint8_t>(cls);
    r.strength[i] = strength;
    r.class_cards[static_cast<std::size_t>(cls)].add(c);
  }
  return r;
}

const std::array<GameRules, kNumGameTypes> kRules = {make_rules(GameType::Clubs),  make_rules(GameType::Spades),
                                                     make_rules(GameType::Hearts), make_rules(GameType::Diamonds),
                                                     make_rules(GameType::Grand),  make_rules(GameType::Null)};
}  // namespace

char game_letter(GameType g) { return kGameLetters[static_cast<std::size_t>(g)]; }

std::optional<GameType> parse_game_letter(char c) {
  const auto i = kGameLetters.find(c);
  if (i == std::string_view::npos) return std::nullopt;
  return static_cast<GameType>(i);
}

Declaration Declaration::normalized() const {
  Declaration d = *this;
  // Null has no schneider/schwarz: such flags stay set so that validation rejects them.
  if (d.type == GameType::Null) return d;
  if (d.ouvert) d.hand = d.schwarz_announced = true;
  if (d.schwarz_announced) d.schneider_announced = true;
  return d;
}

int base_value(const Declaration& d) {
  switch (d.type) {
    case GameType::Clubs: return 12;
    case GameType::Spades: return 11;
    case GameType::Hearts: return 10;
    case GameType::Diamonds: return 9;
    case GameType::Grand: return 24;
    case GameType::Null: return null_value(d.hand, d.ouvert);
  }
  return 0;
}

std::expected<Declaration, RuleError> validate_declaration(const Declaration& declared, bool picked_up, int bid) {
  const Declaration d = declared.normalized();
  if (d.hand == picked_up) return std::unexpected(RuleError::AnnouncementNotAllowed);
  if (d.type == GameType::Null) {
    if (d.schneider_announced || d.schwarz_announced) return std::unexpected(RuleError::AnnouncementNotAllowed);
    if (base_value(d) < bid) return std::unexpected(RuleError::NullBelowBid);
    return d;
  }
  if (picked_up && (d.schneider_announced || d.schwarz_announced || d.ouvert))
    return std::unexpected(RuleError::AnnouncementNotAllowed);
  return d;
}

int GameRules::trick_winner(const Card* cards, int n) const {
  const int led_class = class_of[static_cast<std::size_t>(cards[0].id())];
  int best = 0;
  for (int i = 1; i < n; ++i)
    if (beats(cards[i], cards[best], led_class)) best = i;
  return best;
}

const GameRules& rules_for(GameType g) { return kRules[static_cast<std::size_t>(g)]; }

int matador_order(GameType g, std::array<Card, 11>& out) {
  int n = 0;
  for (Suit s : {Suit::Clubs, Suit::Spades, Suit::Hearts, Suit::Diamonds})
    out[static_cast<std::size_t>(n++)] = Card(s, Rank::Jack);
  if (!is_suit_game(g)) return n;
  const Suit t = trump_suit(g);
  for (Rank r : {Rank::Ace, Rank::Ten, Rank::King, Rank::Queen, Rank::Nine, Rank::Eight, Rank::Seven})
    out[static_cast<std::size_t>(n++)] = Card(t, r);
  return n;
}

}  // namespace skat
