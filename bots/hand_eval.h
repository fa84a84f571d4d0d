// A quick rule-of-thumb hand evaluation: which game a hand would declare (suit by trump count,
// grand with ≥ 3 jacks and aces, null only on very low hands), the value it is worth bidding to,
// and the two cards to put away. It decides for the simple and rule-based baselines (and so for
// the `pimc` baseline's bidding), weighs sampled worlds by whether a bidder's hand could reach
// his bid (bots/pimc/world_sampler.cpp), and gives the explorer bot its planned game. The
// complete bot decides from the winning tables instead (bots/table_bot).
#pragma once

#include <array>
#include <optional>

#include "engine/card.h"
#include "engine/game_type.h"

namespace skat::bots {

// Trumps of game `g` among `cards`.
int trump_count(GameType g, CardSet cards);

// The suit with most trumps in `cards` (ties: the higher base value, i.e. clubs first).
GameType longest_suit(CardSet cards);

// Game value of a pickup declaration counted with the matadors of `cards` (game level only).
int estimated_value(const Declaration& d, CardSet cards);

// The game a 10-card hand is strong enough to play, or nothing (pass).
std::optional<Declaration> biddable_game(CardSet hand);

// The game to declare after pickup with 12 cards: the strongest that reaches `bid` if any.
Declaration choose_declaration(CardSet twelve, int bid);

// The two cards the declarer least needs for `d`: lowest non-trumps (highest cards in null).
std::array<Card, 2> choose_discard(CardSet twelve, const Declaration& d);

}  // namespace skat::bots
