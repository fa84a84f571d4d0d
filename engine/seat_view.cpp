#include "engine/seat_view.h"

#include <algorithm>

namespace skat {

bool SeatView::answering() const {
  return std::ranges::any_of(legal, [](const Action& a) { return a.kind == ActionKind::Hold; });
}

int SeatView::minimum_bid() const {
  int lowest = 0;
  for (const Action& a : legal)
    if (a.kind == ActionKind::Bid && (lowest == 0 || a.bid < lowest)) lowest = a.bid;
  return lowest;
}

SeatView seat_view(const Game& game, int pos) {
  SeatView v;
  v.pos = pos;
  v.phase = game.phase();
  v.to_act = game.to_act();
  v.hand = game.hand(pos);
  v.current_bid = game.auction().current_bid();
  v.bids = game.bids();
  v.declarer = game.declarer();
  v.bid = game.bid();
  v.picked_up = game.picked_up();
  const bool is_declarer = pos == game.declarer();
  const bool declared = game.phase() == Phase::Playing || (game.finished() && !game.folded());
  if (declared) v.declaration = game.declaration();
  if (is_declarer && game.picked_up()) {
    v.skat = game.deal().skat;
    v.discard = game.discard();
  }
  if (declared && game.declaration().ouvert) v.ouvert_cards = game.hand(game.declarer());
  for (const Action& a : game.history())
    if (a.kind != ActionKind::Discard || is_declarer) v.history.push_back(a);
  v.tricks = game.tricks();
  const PlayState& play = game.play_state();
  if (game.phase() == Phase::Playing) {
    for (int i = 0; i < play.trick_size(); ++i) v.current_trick.push_back(play.trick_card(i));
    v.trick_leader = play.leader();
  }
  for (int p = 0; p < 3; ++p)
    v.conceded[static_cast<std::size_t>(p)] = p != game.declarer() && game.defender_conceded(p);
  v.kontra_allowed = game.rules().kontra;
  v.doubling = game.doubling();
  v.kontra_by = game.kontra_by();
  v.legal = game.legal_actions(pos);
  return v;
}

CardSet visible_cards(const SeatView& view) {
  CardSet cards = view.hand | view.skat | view.discard | view.ouvert_cards;
  const auto add_cards_of = [&cards](const Action& a) {
    if (a.kind == ActionKind::Play) cards.add(a.card);
    if (a.kind == ActionKind::Discard) cards |= CardSet{a.card, a.card2};
  };
  for (const Action& a : view.history) add_cards_of(a);
  for (const CompletedTrick& t : view.tricks)
    for (Card c : t.cards) cards.add(c);
  for (Card c : view.current_trick) cards.add(c);
  for (const Action& a : view.legal) add_cards_of(a);
  return cards;
}

}  // namespace skat
