// Plays one deal to the end in-process with three Player objects indexed by position
// (0 forehand, 1 middlehand, 2 rearhand), validating every action through the engine.
#pragma once

#include <array>
#include <expected>
#include <string>

#include "bots/player.h"
#include "engine/game.h"

namespace skat::bots {

// The finished game, or a message naming the player's illegal action.
std::expected<Game, std::string> play_deal(const Deal& deal, const std::array<Player*, 3>& players);

}  // namespace skat::bots
