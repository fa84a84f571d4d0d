#include "bots/random_player.h"

#include <stdexcept>

namespace skat::bots {

Action RandomPlayer::decide(const Game& game, int pos) {
  std::vector<Action> actions = game.legal_actions(pos);
  std::erase_if(actions, [](const Action& a) { return a.kind == ActionKind::Concede; });
  if (actions.empty()) throw std::logic_error("RandomPlayer asked to act without a legal action");
  return actions[static_cast<std::size_t>(uniform_below(rng_, actions.size()))];
}

}  // namespace skat::bots
