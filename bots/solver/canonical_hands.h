// Table keys that merge positions differing only in which of some interchangeable cards are still
// live: the zero-point cards 7, 8, 9 of each suit (the lowest of their class in every game) and, in
// suit and grand games, the four jacks (the highest trumps, two points each). Among such a block,
// only the order of the live cards and who holds them matters, not which of them were played:
// the live ones are renamed to the top of their block in order (a live 9 and 7 with the 8 gone
// become 9 and 8). Positions with equal keys have the same future play and points.
#pragma once

#include <array>

#include "engine/card.h"
#include "engine/game_type.h"

namespace skat::bots {

std::array<CardSet, 3> canonical_hands(const std::array<CardSet, 3>& hands, GameType game);

}  // namespace skat::bots
