// Static facts of null positions that settle the solver's null question without search (each
// proven in docs/solver.md and against plain minimax in tests/bots/test_solver.cpp):
// - the declarer is safe for the rest of the game when, in every suit, his i-th lowest card is
//   below the i-th lowest card the defenders hold (or led to the current trick) there;
// - the declarer takes the next trick when he is on lead and every card he can lead wins, or when
//   a defender on lead holds a card of a suit in which both the declarer's cards lie above it and
//   the partner can stay below them.
// Also the null table key: only the order of the live cards within a suit matters in null.
#pragma once

#include <array>

#include "engine/card.h"

namespace skat::bots {

// The declarer to move in a trick a defender led (`trick`: the defenders' cards of the trick so
// far), or a defender on lead at a trick start (`trick` empty): true when the declarer can play
// under the defenders in every suit whatever they lead, so he takes no trick from here on.
bool null_declarer_safe(const std::array<CardSet, 3>& hands, int declarer, CardSet trick);
// The suits (bit per suit) where that condition fails: where the defenders may catch him.
unsigned null_unsafe_suits(const std::array<CardSet, 3>& hands, int declarer, CardSet trick);

// A trick start, `leader` on lead: true when the declarer surely takes this trick.
bool null_trick_forced(const std::array<CardSet, 3>& hands, int declarer, int leader);

// The table key of a null position: in each suit the live cards renamed to the lowest places in
// order, each kept in its holder's hand. Positions with equal keys have the same null play.
std::array<CardSet, 3> null_canonical_hands(const std::array<CardSet, 3>& hands);

}  // namespace skat::bots
