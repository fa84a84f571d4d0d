// A solver position from what a caller can state: the cards still held by each position, the
// cards of the unfinished trick in play order, the declarer, the game and the points already
// counting for the declarer. Checks that the cards are distinct, the hand sizes fit the trick,
// and the trick's cards were legal; builds the PlayState with the trick already played. Also the
// position at the first trick of a recorded game, every hand open.
#pragma once

#include <array>
#include <expected>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/play_state.h"

namespace skat::bots {

struct PositionSpec {
  GameType game = GameType::Grand;
  int declarer = 0;
  std::array<CardSet, 3> hands{};  // forehand, middlehand, rearhand: cards still held
  std::vector<Card> trick;         // the unfinished trick, in play order
  std::optional<int> leader;       // who led it; inferred from the hand sizes when absent
  int declarer_points_so_far = 0;  // skat (or discard) and completed tricks
  CardSet known_elsewhere;         // cards also named elsewhere (the skat): must not repeat
};

std::expected<PlayState, std::string> make_position(const PositionSpec& spec);

// The position of a declared game before its first card: the hands as dealt, the declarer's after
// the skat put, and the skat (hand game) or the put cards counting for the declarer (not in null).
PlayState play_start(const Game& game);

}  // namespace skat::bots
