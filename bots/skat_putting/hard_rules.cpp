#include "bots/skat_putting/hard_rules.h"

#include <bit>

namespace skat::bots::putting {

namespace {

// True when some card of the discard has a companion in `must` that is kept.
bool keeps_required(const std::array<CardSet, kNumCards>& must, CardSet discard) {
  for (Card c : discard)
    if (!(must[static_cast<std::size_t>(c.id())] - discard).empty()) return true;
  return false;
}

CardSet plain_cards_of_rank(const PutView& v, Rank r) {
  CardSet out;
  for (int s = 0; s < kNumSuits; ++s)
    if (v.is_plain(static_cast<Suit>(s))) out.add(Card(static_cast<Suit>(s), r));
  return out;
}

// Tens that are the only card of their plain suit among the twelve.
CardSet sole_tens(const PutView& v) {
  CardSet out;
  for (int si = 0; si < kNumSuits; ++si)
    if (v.is_plain(static_cast<Suit>(si)) && v.own[static_cast<std::size_t>(si)] == kPlainTen)
      out.add(Card(static_cast<Suit>(si), Rank::Ten));
  return out;
}

bool is_low(Card c) { return c.rank() <= Rank::Nine; }

// Keeps the discards a rule does not exclude, unless that would leave none (the rule is
// dropped). In place: when every discard is excluded nothing has been overwritten.
template <class Excludes>
void apply(DiscardList& list, Excludes excludes) {
  int kept = 0;
  for (int i = 0; i < list.size; ++i) {
    const CardSet d = list.items[static_cast<std::size_t>(i)];
    if (!excludes(d)) list.items[static_cast<std::size_t>(kept++)] = d;
  }
  if (kept > 0) list.size = kept;
}

template <bool (*Excludes)(const PutView&, CardSet)>
void apply_rule(const PutView& v, DiscardList& list) {
  apply(list, [&](CardSet d) { return Excludes(v, d); });
}

}  // namespace

bool puts_trump(const PutView& v, CardSet discard) { return is_suit_game(v.type) && !(discard & v.trumps).empty(); }

bool puts_jack_in_two_jack_grand(const PutView& v, CardSet discard) {
  return v.sub_type == SubType::TwoJackGrand && !(discard & CardSet::jacks()).empty();
}

bool puts_before_weaker_equal(const PutView& v, CardSet discard) { return keeps_required(v.lower_equal, discard); }

bool keeps_richer_equivalent(const PutView& v, CardSet discard) { return keeps_required(v.richer_equivalent, discard); }

bool keeps_sole_ten(const PutView& v, CardSet discard) {
  const CardSet sole = sole_tens(v);
  return sole.size() <= 2 && !(sole - discard).empty();
}

bool puts_ace_in_low_trump_suit(const PutView& v, CardSet discard) {
  return v.sub_type == SubType::LowTrumpSuit && !(discard & plain_cards_of_rank(v, Rank::Ace)).empty();
}

bool puts_ace_ten_without_king(const PutView& v, CardSet discard) {
  if (v.sub_type != SubType::HighCardGrand) return false;
  const Card a = discard.first();
  const Suit s = a.suit();
  const auto si = static_cast<std::size_t>(s);
  return discard == CardSet{Card(s, Rank::Ace), Card(s, Rank::Ten)} && std::popcount(v.own[si]) == 3 &&
         (v.own[si] & (1u << 4)) == 0;
}

bool keeps_ten_over_lower(const PutView& v, CardSet discard) { return keeps_required(v.ten_over_lower, discard); }

bool puts_ten_low_keeping_sole_low(const PutView& v, CardSet discard) {
  const Card a = discard.first();
  const Card b = CardSet(discard.bits() & (discard.bits() - 1)).first();
  const bool ten_low = (a.rank() == Rank::Ten && is_low(b)) || (b.rank() == Rank::Ten && is_low(a));
  const Card low = is_low(a) ? a : b;
  if (!ten_low || !v.is_plain(low.suit()) || !v.is_plain(a.suit()) || !v.is_plain(b.suit())) return false;
  if (v.kept(low.suit(), discard) == 0) return false;  // the discard empties the low card's suit
  for (int si = 0; si < kNumSuits; ++si) {
    const auto s = static_cast<Suit>(si);
    if (!v.is_plain(s) || s == low.suit()) continue;
    const unsigned kept = v.kept(s, discard);
    if (std::popcount(kept) == 1 && (kept & kPlainLow) != 0) return true;
  }
  return false;
}

bool high_card_theorem_holds(const PutView& v, CardSet discard) {
  if (v.type != GameType::Grand) return false;
  int standing = sure_tricks(v.own_trumps & ~trump_pattern(discard, v.type), v.opp_trumps);
  int high = 0;
  for (Card c : discard) high += c.rank() == Rank::Ace || c.rank() == Rank::Ten ? 1 : 0;
  for (int si = 0; si < kNumSuits; ++si) {
    const auto s = static_cast<Suit>(si);
    const SuitFeatures& f = suit_features(v.kept(s, discard), v.opp[static_cast<std::size_t>(si)]);
    standing += f.sure;
    high += f.sure_high;
  }
  const int lost = 10 - standing;
  return high >= lost;
}

bool null_keeps_higher(const PutView& v, CardSet discard) { return keeps_required(v.null_higher, discard); }

DiscardList admissible(const PutView& v) {
  DiscardList list = all_discards(v.twelve);
  if (v.type == GameType::Null) {
    apply_rule<null_keeps_higher>(v, list);
    return list;
  }
  apply_rule<puts_trump>(v, list);
  apply_rule<puts_jack_in_two_jack_grand>(v, list);
  apply_rule<puts_before_weaker_equal>(v, list);
  apply_rule<keeps_richer_equivalent>(v, list);
  apply_rule<keeps_sole_ten>(v, list);
  apply_rule<puts_ace_in_low_trump_suit>(v, list);
  apply_rule<puts_ace_ten_without_king>(v, list);
  if (v.sub_type != SubType::HighCardGrand) {
    apply_rule<keeps_ten_over_lower>(v, list);
    apply_rule<puts_ten_low_keeping_sole_low>(v, list);
  }
  if (v.type == GameType::Grand) apply(list, [&](CardSet d) { return !high_card_theorem_holds(v, d); });
  return list;
}

std::vector<std::array<Card, 2>> admissible_discards(CardSet twelve, const Declaration& d,
                                                     const PuttingContext& context) {
  const PutView v = make_view(twelve, d, context);
  std::vector<std::array<Card, 2>> out;
  for (CardSet s : admissible(v)) out.push_back(as_pair(s));
  return out;
}

}  // namespace skat::bots::putting
