#include "bots/random_player.h"

#include <stdexcept>

namespace skat::bots {

Action RandomPlayer::decide(const SeatView& view) {
  std::vector<Action> actions = view.legal;
  std::erase_if(actions, [](const Action& a) { return a.kind == ActionKind::Concede; });
  if (actions.empty()) throw std::logic_error("RandomPlayer asked to act without a legal action");
  return actions[static_cast<std::size_t>(uniform_below(rng_, actions.size()))];
}

}  // namespace skat::bots
