#include "bots/play_deal.h"

namespace skat::bots {

std::expected<Game, std::string> play_deal(const Deal& deal, const std::array<Player*, 3>& players) {
  Game game(deal);
  while (!game.finished()) {
    const int pos = game.to_act();
    const Action action = players[static_cast<std::size_t>(pos)]->decide(seat_view(game, pos));
    if (action.pos != pos) return std::unexpected("player at " + std::to_string(pos) + " acted for another position");
    if (auto r = game.apply(action); !r)
      return std::unexpected("illegal action '" + describe(action) + "': " + std::string(to_string(r.error())));
  }
  return game;
}

}  // namespace skat::bots
