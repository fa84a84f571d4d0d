#include "bots/skat_putting/put_view.h"

#include <bit>

namespace skat::bots::putting {

namespace {

constexpr std::array<Rank, 7> kRankOfPlainBit = {Rank::Seven, Rank::Eight, Rank::Nine, Rank::Queen,
                                                 Rank::King,  Rank::Ten,   Rank::Ace};

CardSet cards_of_pattern(unsigned pattern, Suit s) {
  CardSet out;
  for (int bit = 0; bit < 7; ++bit)
    if ((pattern >> bit) & 1u) out.add(Card(s, kRankOfPlainBit[static_cast<std::size_t>(bit)]));
  return out;
}

SubType classify(GameType g, int jacks, int trump_count) {
  if (g == GameType::Null) return SubType::Null;
  if (g == GameType::Grand) {
    if (jacks < 2) return SubType::HighCardGrand;
    return jacks == 2 ? SubType::TwoJackGrand : SubType::StandardGrand;
  }
  return trump_count >= 5 ? SubType::HighTrumpSuit : SubType::LowTrumpSuit;
}

// Plain cards of the same suit above `bit` up to the first opponents' card: the run of the
// declarer's cards (kept or put) that are equivalent to it in play.
unsigned equivalent_run_above(unsigned bit, unsigned own, unsigned opp) {
  const unsigned above = kPlainAll & ~((bit << 1) - 1);
  const unsigned opp_above = opp & above;
  const unsigned limit = opp_above != 0 ? (opp_above & (~opp_above + 1)) : (kPlainAll + 1);
  return own & above & (limit - 1);
}

// Plain strength bits whose card is worth more points than the card at `bit`.
unsigned richer_bits(unsigned bit) {
  constexpr std::array<int, 7> kPoints = {0, 0, 0, 3, 4, 10, 11};
  const int mine = kPoints[static_cast<std::size_t>(std::countr_zero(bit))];
  unsigned out = 0;
  for (int b = 0; b < 7; ++b)
    if (kPoints[static_cast<std::size_t>(b)] > mine) out |= 1u << b;
  return out;
}

void fill_trump_game_masks(PutView& v) {
  const GameRules& rules = rules_for(v.type);
  for (Card c : v.twelve) {
    const auto ci = static_cast<std::size_t>(c.id());
    for (Card o : v.twelve) {
      const auto oi = static_cast<std::size_t>(o.id());
      if (rules.class_of[oi] == rules.class_of[ci] && rules.strength[oi] < rules.strength[ci] &&
          card_points(o) == card_points(c))
        v.lower_equal[ci].add(o);
    }
    const Suit s = c.suit();
    if (!v.is_plain(s) || c.is_jack()) continue;
    const auto si = static_cast<std::size_t>(s);
    const unsigned bit = plain_pattern(CardSet{c}, s);
    v.richer_equivalent[ci] = cards_of_pattern(equivalent_run_above(bit, v.own[si], v.opp[si]) & richer_bits(bit), s);
    const unsigned own = v.own[si];
    if ((own & kPlainTen) != 0 && (own & (1u << 4)) != 0 && (own & kPlainAce) == 0 && bit < kPlainTen)
      v.ten_over_lower[ci] = CardSet{Card(s, Rank::Ten)};
  }
}

void fill_null_masks(PutView& v) {
  for (Card c : v.twelve) {
    const CardSet suit = v.twelve & CardSet::of_suit(c.suit());
    const std::uint32_t above = ~((2u << c.id()) - 1u);
    v.null_higher[static_cast<std::size_t>(c.id())] = suit & CardSet(above);
  }
}

}  // namespace

PutView make_view(CardSet twelve, const Declaration& d, const PuttingContext& context) {
  PutView v;
  v.twelve = twelve;
  v.type = d.type;
  v.context = context;
  v.trumps = d.type == GameType::Null ? CardSet() : rules_for(d.type).trumps();
  const CardSet others = ~twelve;
  for (int si = 0; si < kNumSuits; ++si) {
    const auto s = static_cast<Suit>(si);
    if (is_suit_game(d.type) && s == trump_suit(d.type)) continue;
    v.plain_suits = static_cast<std::uint8_t>(v.plain_suits | (1u << si));
    v.own[static_cast<std::size_t>(si)] = static_cast<std::uint8_t>(plain_pattern(twelve, s));
    v.opp[static_cast<std::size_t>(si)] = static_cast<std::uint8_t>(plain_pattern(others, s));
  }
  v.own_trumps = trump_pattern(twelve, d.type);
  v.opp_trumps = trump_pattern(others, d.type);
  v.trump_sure = sure_tricks(v.own_trumps, v.opp_trumps);
  v.trump_retake = tricks_with_retake(v.own_trumps, v.opp_trumps);
  v.trump_above = tricks_from_above(v.own_trumps, v.opp_trumps);
  v.jacks = (twelve & CardSet::jacks()).size();
  for (Card c : twelve) v.aces += c.rank() == Rank::Ace ? 1 : 0;
  v.trump_count = (twelve & v.trumps).size();
  v.sub_type = classify(d.type, v.jacks, v.trump_count);
  if (d.type == GameType::Null)
    fill_null_masks(v);
  else
    fill_trump_game_masks(v);
  return v;
}

DiscardList all_discards(CardSet twelve) {
  DiscardList out;
  for (CardSet rest = twelve; !rest.empty();) {
    const Card a = rest.pop_first();
    for (Card b : rest) out.push(CardSet{a, b});
  }
  return out;
}

std::array<Card, 2> as_pair(CardSet discard) {
  const Card a = discard.pop_first();
  return {a, discard.first()};
}

}  // namespace skat::bots::putting
