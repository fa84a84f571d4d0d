#include "bots/table_bot/contract_explorer.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "bots/hand_eval.h"
#include "bots/player.h"
#include "bots/skat_putting/skat_putting.h"
#include "engine/scoring.h"

namespace skat::bots {

namespace {

double unit(FastRng& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

// Cards above the ten: what a null hand must not have many of.
int high_cards(CardSet cards) {
  int n = 0;
  for (Card c : cards) n += c.rank() > Rank::Ten ? 1 : 0;
  return n;
}

}  // namespace

Action ContractExplorer::decide(const SeatView& view) {
  const int pos = view.pos;
  switch (view.phase) {
    case Phase::Bidding: return bid_or_answer(view);
    case Phase::SkatDecision: {
      // Now and then a hand game: the tables need some.
      if (unit(rng_) < 0.12) {
        Declaration d = planned_;
        d.hand = true;
        const Action wanted = Action::declare(pos, d);
        if (std::ranges::find(view.legal, wanted) != view.legal.end()) return wanted;
      }
      return pick_legal(view.legal, Action::pick_up(pos), ActionKind::PickUp);
    }
    case Phase::Discarding: {
      planned_ = pick_declaration(view.hand, view.bid);
      const auto cards =
          putting::choose_discard(view.hand, planned_, putting::PuttingMethod::Rules, nullptr, {pos, view.bid});
      return pick_legal(view.legal, Action::discard(pos, cards[0], cards[1]), ActionKind::Discard);
    }
    case Phase::Declaring: return pick_legal(view.legal, Action::declare(pos, planned_), ActionKind::Declare);
    case Phase::Playing:
    case Phase::Finished: break;
  }
  throw std::logic_error("ContractExplorer asked to play a card or to act in a finished game");
}

Action ContractExplorer::bid_or_answer(const SeatView& view) {
  const int pos = view.pos;
  if (view.hand != bid_hand_) {
    bid_hand_ = view.hand;
    // The simple evaluation, or with even odds a looser one: the longest suit from four trumps,
    // a grand from two jacks and two aces, a null with at most two cards above the ten.
    const auto simple = biddable_game(view.hand);
    std::optional<Declaration> game = simple;
    if (!game && unit(rng_) < 0.5) {
      const GameType suit = longest_suit(view.hand);
      const int jacks = (view.hand & CardSet::jacks()).size();
      int aces = 0;
      for (Card c : view.hand) aces += c.rank() == Rank::Ace ? 1 : 0;
      if (high_cards(view.hand) <= 2 && unit(rng_) < 0.5)
        game = Declaration{GameType::Null};
      else if (jacks >= 2 && aces >= 2)
        game = Declaration{GameType::Grand};
      else if (trump_count(suit, view.hand) >= 4)
        game = Declaration{suit};
    }
    planned_ = game.value_or(Declaration{longest_suit(view.hand)});
    limit_ = game ? estimated_value(*game, view.hand) : 0;
  }
  if (view.answering())
    return pick_legal(view.legal, view.current_bid <= limit_ ? Action::hold(pos) : Action::pass(pos), ActionKind::Pass);
  const int next = view.minimum_bid();
  return pick_legal(view.legal, next > 0 && next <= limit_ ? Action::make_bid(pos, next) : Action::pass(pos),
                    ActionKind::Pass);
}

Declaration ContractExplorer::pick_declaration(CardSet twelve, int bid) {
  // Mostly the simple choice; otherwise a random game whose value reaches the bid.
  const Declaration simple = choose_declaration(twelve, bid);
  if (unit(rng_) < 0.6) return simple;
  std::vector<Declaration> options;
  for (GameType g :
       {GameType::Clubs, GameType::Spades, GameType::Hearts, GameType::Diamonds, GameType::Grand, GameType::Null}) {
    const Declaration d{g};
    if (estimated_value(d, twelve) >= bid &&
        (g == GameType::Null || g == GameType::Grand || trump_count(g, twelve) >= 4))
      options.push_back(d);
  }
  Declaration ouvert{GameType::Null};
  ouvert.ouvert = true;
  if (base_value(ouvert) >= bid && high_cards(twelve) <= 3) options.push_back(ouvert);
  if (options.empty()) return simple;
  return options[static_cast<std::size_t>(rng_() % options.size())];
}

}  // namespace skat::bots
