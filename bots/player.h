// The interface every in-process bot implements: given the game and its position, choose one
// of the actions the engine says are legal. Information rule: a player may read only
// `game.legal_actions(pos)`, `game.hand(pos)` and public information (phase, to_act, bids,
// declarer, bid, declaration, completed tricks, the current trick), never `game.deal()`, other
// hands, or the skat/discard unless it is the declarer who picked it up.
#pragma once

#include <string>

#include "engine/game.h"

namespace skat::bots {

class Player {
 public:
  virtual ~Player() = default;
  // Called when it is `pos`'s turn (game.to_act() == pos). Must return one of
  // game.legal_actions(pos); bots never concede out of turn.
  virtual Action decide(const Game& game, int pos) = 0;
  virtual std::string name() const = 0;
};

}  // namespace skat::bots
