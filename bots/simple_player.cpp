#include "bots/simple_player.h"

#include <algorithm>
#include <stdexcept>

#include "bots/hand_eval.h"

namespace skat::bots {

namespace {

// The legal action equal to `wanted`, else the first legal action of kind `fallback`.
Action pick(const std::vector<Action>& legal, const Action& wanted, ActionKind fallback) {
  if (std::ranges::find(legal, wanted) != legal.end()) return wanted;
  const auto it = std::ranges::find_if(legal, [&](const Action& a) { return a.kind == fallback; });
  if (it == legal.end()) throw std::logic_error("SimplePlayer: no legal action of the expected kind");
  return *it;
}

}  // namespace

Action SimplePlayer::decide(const Game& game, int pos) {
  switch (game.phase()) {
    case Phase::Bidding: return bid_or_answer(game, pos);
    case Phase::SkatDecision: return pick(game.legal_actions(pos), Action::pick_up(pos), ActionKind::PickUp);
    case Phase::Discarding: {
      const CardSet twelve = game.hand(pos);
      const auto cards = choose_discard(twelve, choose_declaration(twelve, game.bid()));
      return pick(game.legal_actions(pos), Action::discard(pos, cards[0], cards[1]), ActionKind::Discard);
    }
    case Phase::Declaring: return declare(game, pos);
    case Phase::Playing: {
      std::vector<Action> cards = game.legal_actions(pos);
      std::erase_if(cards, [](const Action& a) { return a.kind != ActionKind::Play; });
      if (cards.empty()) throw std::logic_error("SimplePlayer: no card to play");
      return cards[static_cast<std::size_t>(uniform_below(rng_, cards.size()))];
    }
    case Phase::Finished: break;
  }
  throw std::logic_error("SimplePlayer asked to act in a finished game");
}

Action SimplePlayer::bid_or_answer(const Game& game, int pos) const {
  const auto legal = game.legal_actions(pos);
  const auto game_choice = biddable_game(game.hand(pos));
  const int limit = game_choice ? estimated_value(*game_choice, game.hand(pos)) : 0;
  const Auction& auction = game.auction();
  if (auction.step() == Auction::Step::Answer) {
    return pick(legal, auction.current_bid() <= limit ? Action::hold(pos) : Action::pass(pos), ActionKind::Pass);
  }
  const int next = auction.minimum_bid();
  return pick(legal, next <= limit ? Action::make_bid(pos, next) : Action::pass(pos), ActionKind::Pass);
}

Action SimplePlayer::declare(const Game& game, int pos) const {
  const auto legal = game.legal_actions(pos);
  // Between discard and declaration the declarer knows his own discard.
  const CardSet twelve = game.hand(pos) | game.discard();
  const Declaration wanted = choose_declaration(twelve, game.bid());
  return pick(legal, Action::declare(pos, wanted), ActionKind::Declare);
}

}  // namespace skat::bots
