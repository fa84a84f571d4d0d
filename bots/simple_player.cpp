#include "bots/simple_player.h"

#include <algorithm>
#include <stdexcept>

#include "bots/concession_vote.h"
#include "bots/hand_eval.h"

namespace skat::bots {

Action SimplePlayer::decide(const SeatView& view) {
  const int pos = view.pos;
  switch (view.phase) {
    case Phase::Bidding: return bid_or_answer(view);
    case Phase::SkatDecision: return pick_legal(view.legal, Action::pick_up(pos), ActionKind::PickUp);
    case Phase::Discarding: {
      const CardSet twelve = view.hand;
      const auto cards = choose_discard(twelve, choose_declaration(twelve, view.bid));
      return pick_legal(view.legal, Action::discard(pos, cards[0], cards[1]), ActionKind::Discard);
    }
    case Phase::Declaring: return declare(view);
    case Phase::Playing: {
      if (const auto agreed = agree_when_already_won(view)) return *agreed;
      std::vector<Action> cards = view.legal;
      std::erase_if(cards, [](const Action& a) { return a.kind != ActionKind::Play; });
      if (cards.empty()) throw std::logic_error("SimplePlayer: no card to play");
      return cards[static_cast<std::size_t>(uniform_below(rng_, cards.size()))];
    }
    case Phase::Finished: break;
  }
  throw std::logic_error("SimplePlayer asked to act in a finished game");
}

Action SimplePlayer::bid_or_answer(const SeatView& view) const {
  const int pos = view.pos;
  const auto game_choice = biddable_game(view.hand);
  const int limit = game_choice ? estimated_value(*game_choice, view.hand) : 0;
  if (view.answering())
    return pick_legal(view.legal, view.current_bid <= limit ? Action::hold(pos) : Action::pass(pos), ActionKind::Pass);
  const int next = view.minimum_bid();
  return pick_legal(view.legal, next > 0 && next <= limit ? Action::make_bid(pos, next) : Action::pass(pos),
                    ActionKind::Pass);
}

Action SimplePlayer::declare(const SeatView& view) const {
  // Between discard and declaration the declarer knows his own discard.
  const CardSet twelve = view.hand | view.discard;
  const Declaration wanted = choose_declaration(twelve, view.bid);
  return pick_legal(view.legal, Action::declare(view.pos, wanted), ActionKind::Declare);
}

}  // namespace skat::bots
