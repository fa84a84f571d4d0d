#include "bots/play_deal.h"

namespace skat::bots {

std::expected<Game, std::string> play_deal(const Deal& deal, const std::array<Player*, 3>& players) {
  Game game(deal);
  if (auto played = play_until(game, players); !played) return std::unexpected(played.error());
  return game;
}

}  // namespace skat::bots
