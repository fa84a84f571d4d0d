#include "engine/declaration_values.h"

#include <algorithm>
#include <limits>

#include "engine/scoring.h"

namespace skat {

namespace {

// The declarer's cards it has played so far (completed tricks and the current one).
CardSet cards_played_by(const SeatView& v, int pos) {
  CardSet out;
  for (const CompletedTrick& t : v.tricks)
    for (int i = 0; i < 3; ++i)
      if ((t.leader + i) % 3 == pos) out.add(t.cards[static_cast<std::size_t>(i)]);
  for (std::size_t i = 0; i < v.current_trick.size(); ++i)
    if ((v.trick_leader + static_cast<int>(i)) % 3 == pos) out.add(v.current_trick[i]);
  return out;
}

// Every skat the view's position may still think possible, as the declarer (or would-be declarer)
// sees it: the dealt skat after a pickup, else each pair of cards it has not seen.
std::vector<CardSet> possible_skats(const SeatView& v) {
  if (v.picked_up) return {v.skat};
  const CardSet unseen = CardSet::all() - visible_cards(v);
  std::vector<CardSet> skats;
  for (Card a : unseen)
    for (Card b : unseen)
      if (a.id() < b.id()) skats.push_back(CardSet{a, b});
  return skats;
}

// The position's ten dealt cards: what it holds, laid away and played, less a skat it picked up.
CardSet dealt_cards(const SeatView& v) {
  const CardSet own = v.hand | v.discard | cards_played_by(v, v.pos);
  return v.picked_up ? own - v.skat : own;
}

template <class F>
ValueRange range_over_skats(const std::vector<CardSet>& skats, F value_with_skat) {
  ValueRange r{std::numeric_limits<int>::max(), std::numeric_limits<int>::min()};
  for (CardSet skat : skats) {
    const int x = value_with_skat(skat);
    r.lowest = std::min(r.lowest, x);
    r.highest = std::max(r.highest, x);
  }
  return r;
}

}  // namespace

std::vector<DeclarationValue> declaration_values(const SeatView& view) {
  std::vector<DeclarationValue> out;
  if (std::ranges::none_of(view.legal, [](const Action& a) { return a.kind == ActionKind::Declare; })) return out;
  const CardSet dealt = dealt_cards(view);
  const std::vector<CardSet> skats = possible_skats(view);
  for (const Action& a : view.legal) {
    if (a.kind != ActionKind::Declare) continue;
    const Declaration d = a.declaration;
    const ValueRange value = range_over_skats(skats, [&](CardSet skat) {
      GameOutcome won;
      won.declaration = d;
      won.declarer_cards_and_skat = dealt | skat;
      won.declarer_points = 61;
      won.declarer_tricks = 5;
      won.defender_tricks = 5;
      return score_game(won).value;
    });
    out.push_back({d, value});
  }
  return out;
}

std::optional<ValueRange> concession_entry(const SeatView& view) {
  if (view.phase != Phase::Playing || view.pos != view.declarer || !view.declaration) return std::nullopt;
  int pile = 0;
  int tricks = 0;
  for (const CompletedTrick& t : view.tricks)
    if (t.winner == view.declarer) {
      pile += t.points;
      ++tricks;
    }
  const CardSet dealt = dealt_cards(view);
  return range_over_skats(possible_skats(view), [&](CardSet skat) {
    GameOutcome conceded;
    conceded.declaration = *view.declaration;
    conceded.bid = view.bid;
    conceded.declarer_cards_and_skat = dealt | skat;
    conceded.declarer_points = pile + card_points(view.picked_up ? view.discard : skat);
    conceded.declarer_tricks = tricks;
    conceded.defender_tricks = 10 - tricks;
    conceded.null_conceded_by_declarer = true;
    conceded.doubling = view.doubling;
    return score_game(conceded).list_entry;
  });
}

}  // namespace skat
