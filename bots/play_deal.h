// Plays deals in-process with three players indexed by position (0 forehand, 1 middlehand,
// 2 rearhand), validating every action through the engine: to the end, or up to a phase (the
// auction, skat and declaration only).
#pragma once

#include <array>
#include <expected>
#include <optional>
#include <string>

#include "bots/player.h"
#include "engine/game.h"

namespace skat::bots {

// Lets the players (anything with `Action decide(const SeatView&)`) act until the game is over or
// reaches `stop`; the error names the illegal action.
template <class Actor>
std::expected<void, std::string> play_until(Game& game, const std::array<Actor*, 3>& players,
                                            std::optional<Phase> stop = std::nullopt) {
  while (!game.finished() && (!stop || game.phase() != *stop)) {
    const int pos = game.to_act();
    const Action action = players[static_cast<std::size_t>(pos)]->decide(seat_view(game, pos));
    if (action.pos != pos) return std::unexpected("player at " + std::to_string(pos) + " acted for another position");
    if (auto r = game.apply(action); !r)
      return std::unexpected("illegal action '" + describe(action) + "': " + std::string(to_string(r.error())));
  }
  return {};
}

// The finished game, or a message naming the player's illegal action.
std::expected<Game, std::string> play_deal(const Deal& deal, const std::array<Player*, 3>& players);

}  // namespace skat::bots
