// Quick tricks, as bridge solvers count them at trick starts: the tricks (and the card points of
// the cards led to them) that the player on lead takes for sure by cashing his top cards. Trumps
// first, each the highest still out; then the top cards of each plain suit, as many as no
// opponent who keeps a trump after the trump leads can ruff. A cheap, sound lower bound for the
// side on lead and so an upper bound for the other side; suit and grand only.
#pragma once

#include "engine/play_state.h"

namespace skat::bots {

struct QuickTricks {
  int tricks = 0;
  int points = 0;  // points of the leader's cashed cards alone (the followers' cards add to it)
};

// For the player to move at a trick start (state.trick_size() == 0) in a suit or grand game.
QuickTricks quick_tricks(const PlayState& state);

}  // namespace skat::bots
