#include "bots/tables/features.h"

#include <algorithm>
#include <bit>

namespace skat::bots {

namespace {

constexpr std::uint32_t kAces = 0x80808080u;
constexpr std::uint32_t kTens = 0x08080808u;
constexpr unsigned kJackBit = 1u << static_cast<int>(Rank::Jack);

// Losers of one plain suit given as its 8-bit rank pattern (see lost_cards()).
constexpr int suit_losers(unsigned pattern) {
  const unsigned cards = pattern & ~kJackBit;
  const int rounds = std::min(std::popcount(cards), 3);
  constexpr unsigned kTops[3] = {1u << static_cast<int>(Rank::Ace), 1u << static_cast<int>(Rank::Ten),
                                 1u << static_cast<int>(Rank::King)};
  int tops = 0;
  while (tops < rounds && (cards & kTops[tops]) != 0) ++tops;
  return rounds - tops;
}

constexpr auto kSuitLosers = [] {
  std::array<std::uint8_t, 256> t{};
  for (unsigned p = 0; p < 256; ++p) t[p] = static_cast<std::uint8_t>(suit_losers(p));
  return t;
}();

constexpr unsigned suit_pattern(CardSet hand, int suit) { return (hand.bits() >> (8 * suit)) & 0xFFu; }

std::uint8_t u8(int v) { return static_cast<std::uint8_t>(v); }

TableSchema make_schema(std::string_view name, std::vector<FeatureSpec> features, std::vector<int> background) {
  return TableSchema{name, std::move(features), std::move(background)};
}

}  // namespace

const TableSchema& suit_schema() {
  static const TableSchema s = make_schema("suit",
                                           {{"trumps", 8},
                                            {"jacks", 8},
                                            {"trump_tens_aces", 3},
                                            {"side_aces", 4},
                                            {"side_tens", 4},
                                            {"lost_cards", 8},
                                            {"bid", 4},
                                            {"skat", 4},
                                            {"free_suits", 4}},
                                           {kSuitTrumps, kSuitJacks, kSuitLostCards});
  return s;
}

const TableSchema& grand_schema() {
  static const TableSchema s = make_schema(
      "grand", {{"jacks", 16}, {"aces", 5}, {"tens", 5}, {"lost_cards", 8}, {"bid", 4}, {"position", 3}, {"skat", 4}},
      {kGrandJacks, kGrandAces, kGrandLostCards});
  return s;
}

const TableSchema& null_schema() {
  static const TableSchema s =
      make_schema("null", {{"type", 4}, {"leads", 2}, {"discards", 3}, {"pattern", 256}}, {kNullPattern});
  return s;
}

const TableSchema& null_type_schema() {
  static const TableSchema s = make_schema("null", null_schema().features, {kNullType, kNullPattern});
  return s;
}

const TableSchema& lead_suit_schema() {
  static const TableSchema s = make_schema("lead_suit",
                                           {{"trump_strength", 3},
                                            {"length", 8},
                                            {"ace", 2},
                                            {"ten", 2},
                                            {"seat", 2},
                                            {"partner_bid", 2},
                                            {"ace_played", 3}},
                                           {kLeadSuitLength, kLeadSuitAce, kLeadSuitTen, kLeadSuitAcePlayed});
  return s;
}

const TableSchema& lead_grand_schema() {
  static const TableSchema s = make_schema(
      "lead_grand",
      {{"seat", 2}, {"length", 8}, {"partner_bid", 2}, {"jacks", 16}, {"ace", 2}, {"ten", 2}, {"ace_played", 3}},
      {kLeadGrandLength, kLeadGrandAce, kLeadGrandTen, kLeadGrandAcePlayed});
  return s;
}

int jacks_group(CardSet hand) {
  const int n = (hand & CardSet::jacks()).size();
  if (n == 0) return 0;
  if (n == 4) return 7;
  return 2 * n - 1 + (hand.contains(Card(Suit::Clubs, Rank::Jack)) ? 1 : 0);
}

int jacks_pattern(CardSet hand) {
  int p = 0;
  for (int s = 0; s < kNumSuits; ++s) p = (p << 1) | ((hand.bits() >> (8 * s + 4)) & 1);
  return p;
}

int lost_cards(CardSet hand, unsigned plain_suits) {
  int n = 0;
  for (int s = 0; s < kNumSuits; ++s)
    if ((plain_suits >> s) & 1u) n += kSuitLosers[suit_pattern(hand, s)];
  return std::min(n, 7);
}

int bid_group(int bid) { return bid <= 18 ? 0 : bid <= 24 ? 1 : bid <= 36 ? 2 : 3; }

int skat_group(int points) { return points <= 4 ? 0 : points <= 9 ? 1 : points <= 15 ? 2 : 3; }

int lead_seat(int leader, int declarer) { return (leader - declarer + 3) % 3 == 2 ? 1 : 0; }

int ace_played(const LeadContext& c) {
  const Card ace(c.lead.suit(), Rank::Ace);
  if (c.lead == ace) return 1;
  return c.played.contains(ace) ? 2 : 0;
}

SuitFeatures suit_features(const DeclarerContext& c) {
  const Suit trump = trump_suit(c.declaration.type);
  const int t = static_cast<int>(trump);
  const CardSet plain = c.hand - CardSet::jacks() - CardSet::of_suit(trump);
  const int trumps = c.hand.size() - plain.size();
  int free_suits = 0;
  for (int s = 0; s < kNumSuits; ++s) free_suits += s != t && suit_pattern(plain, s) == 0 ? 1 : 0;
  SuitFeatures f{};
  f[kSuitTrumps] = u8(std::clamp(trumps - 3, 0, 7));
  f[kSuitJacks] = u8(jacks_group(c.hand));
  f[kSuitTrumpTensAces] = u8(std::popcount(c.hand.bits() & (kAces | kTens) & CardSet::of_suit(trump).bits()));
  f[kSuitSideAces] = u8(std::popcount(plain.bits() & kAces));
  f[kSuitSideTens] = u8(std::popcount(plain.bits() & kTens));
  f[kSuitLostCards] = u8(lost_cards(c.hand, 0xFu & ~(1u << t)));
  f[kSuitBid] = u8(bid_group(c.bid));
  f[kSuitSkat] = u8(skat_group(card_points(c.skat_put)));
  f[kSuitFreeSuits] = u8(free_suits);
  return f;
}

GrandFeatures grand_features(const DeclarerContext& c) {
  GrandFeatures f{};
  f[kGrandJacks] = u8(jacks_pattern(c.hand));
  f[kGrandAces] = u8(std::popcount(c.hand.bits() & kAces));
  f[kGrandTens] = u8(std::popcount(c.hand.bits() & kTens));
  f[kGrandLostCards] = u8(lost_cards(c.hand, 0xFu));
  f[kGrandBid] = u8(bid_group(c.bid));
  f[kGrandPosition] = u8(std::clamp(c.position, 0, 2));
  f[kGrandSkat] = u8(skat_group(card_points(c.skat_put)));
  return f;
}

NullFeatures null_features(const DeclarerContext& c, Suit suit) {
  const int s = static_cast<int>(suit);
  const Declaration& d = c.declaration;
  NullFeatures f{};
  f[kNullType] = u8((d.ouvert ? 1 : 0) + (d.hand ? 2 : 0));
  f[kNullLeads] = u8(c.position == 0 ? 1 : 0);
  f[kNullDiscards] = u8(d.hand ? 0 : std::popcount(suit_pattern(c.skat_put, s)));
  f[kNullPattern] = u8(static_cast<int>(suit_pattern(c.hand, s)));
  return f;
}

LeadFeatures lead_features(const LeadContext& c) {
  const bool grand = c.game == GameType::Grand;
  const Suit suit = c.lead.suit();
  const bool trump_led = c.lead.is_jack() || (!grand && suit == trump_suit(c.game));
  const CardSet in_suit = (c.hand & CardSet::of_suit(suit)) - CardSet::jacks();
  const int length = trump_led ? 0 : std::clamp(in_suit.size(), 1, 7);
  const int ace = trump_led ? 0 : in_suit.contains(Card(suit, Rank::Ace)) ? 1 : 0;
  const int ten = trump_led ? 0 : in_suit.contains(Card(suit, Rank::Ten)) ? 1 : 0;
  const int played = trump_led ? 0 : ace_played(c);
  const int seat = lead_seat(c.leader, c.declarer);
  const int partner = c.partner_bid_suit ? 1 : 0;
  LeadFeatures f{};
  if (grand) {
    f = {u8(seat), u8(length), u8(partner), u8(jacks_pattern(c.hand)), u8(ace), u8(ten), u8(played)};
  } else {
    const CardSet trumps = c.hand & (CardSet::jacks() | CardSet::of_suit(trump_suit(c.game)));
    const int strength = trumps.size() + (c.hand & CardSet::jacks()).size();
    const int group = strength <= 1 ? 0 : strength <= 3 ? 1 : 2;
    f = {u8(group), u8(length), u8(ace), u8(ten), u8(seat), u8(partner), u8(played)};
  }
  return f;
}

}  // namespace skat::bots
