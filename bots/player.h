// The interface every bot implements: given what its seat may know (engine/seat_view.h), choose
// one of the legal actions listed in the view. Bots never see the Game itself, so the same
// player runs in-process and as a network client on identical information.
#pragma once

#include <string>

#include "engine/seat_view.h"

namespace skat::bots {

class Player {
 public:
  virtual ~Player() = default;
  // Called when it is the view's turn (view.to_act == view.pos). Must return one of view.legal;
  // bots never concede out of turn.
  virtual Action decide(const SeatView& view) = 0;
  virtual std::string name() const = 0;
};

}  // namespace skat::bots
