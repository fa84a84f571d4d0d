// Card play with every hand open, for labelling generated games fast (docs/tables.md, "The
// generator"): the open-card solver's verdict on the declared game decides which side wins; that
// side keeps the win with the rule-based card (rule_player.h) when that keeps it, else with a card
// chosen at random among those that do; the other side plays the rule-based card. With no limit
// on the searches the game's result is the verdict (with the engine's overbid rule on top). Each
// search may be given a node limit: while the verdict is out of reach of that limit (the hardest
// few percent of games, near the first trick) both sides play the rule-based card, and the
// verdict is asked again at the next card. The record is a complete, legal game: the defenders'
// first lead and the trick a lost null game was lost in are there for the fold as in any game.
#pragma once

#include <cstdint>

#include "bots/rng.h"
#include "bots/solver/open_solver.h"
#include "engine/game.h"

namespace skat::bots {

// The open-card verdict at the game's current position (in Phase::Playing): does the declarer win
// the declared game (61 card points, 90 with schneider announced, every trick with schwarz
// announced; null: no trick)? The overbid rule is not part of it. Unlimited search.
bool open_card_verdict(const Game& game, OpenSolver& solver);

struct OpenPlayout {
  int cards_by_rule_unsolved = 0;        // cards played by rule because the verdict was out of reach
  bool verdict_from_first_card = false;  // the verdict was known before the first card
};

// Plays `game` (in Phase::Playing) to its end as described above; node_limit 0: no limit.
OpenPlayout play_out_open(Game& game, OpenSolver& solver, FastRng& rng, std::uint64_t node_limit = 0);

}  // namespace skat::bots
