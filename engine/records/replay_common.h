// Internal to the replay: filling a ReplayOutcome from a finished engine game and formatting
// "field: recorded X, replayed Y" mismatches, shared by the SGF and PGN replays.
#pragma once

#include <string>
#include <string_view>

#include "engine/game.h"
#include "engine/records/replay.h"

namespace skat::replay {

// Copies the replayed result of a finished game (folded or played) into `out`.
void fill_outcome(const Game& game, ReplayOutcome& out);

// Adds "field: recorded X, replayed Y" when the two differ.
void compare(std::vector<std::string>& mismatches, std::string_view field, int recorded, int replayed);
void compare(std::vector<std::string>& mismatches, std::string_view field, bool recorded, bool replayed);

// "move 12 '1 H9'" style prefix plus the rule error's code.
std::string rule_error_text(std::string_view where, RuleError e);

}  // namespace skat::replay
