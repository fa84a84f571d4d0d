// The cards of each following class (plain suits 0..3, trump 4) of a game type, strongest first,
// and per card the cards of its class that beat it: the solver's move ordering and quick-trick
// bounds walk classes in this order. Built once per game type.
#pragma once

#include <array>

#include "engine/card.h"
#include "engine/game_type.h"

namespace skat::bots {

struct ClassOrder {
  std::array<std::array<Card, 11>, 5> cards{};
  std::array<int, 5> size{};
  std::array<CardSet, kNumCards> stronger{};  // per card: the cards of its class that beat it
};

const ClassOrder& order_for(GameType game);

}  // namespace skat::bots
