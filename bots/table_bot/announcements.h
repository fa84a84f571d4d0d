// Announcements of a hand game in a suit or grand (schneider, schwarz, ouvert), by expected
// payoff. The winning tables hold no schneider statistics, so the declarer's chances of 90 points
// and of every trick come from the open-card solver over sampled worlds (the skat and the two
// defenders' hands dealt from the 22 cards he cannot see), shrunk toward failure (s / (n + 1)) so
// that a lucky sample does not announce. Only worth computing for a hand the tables rate nearly
// sure; the caller decides when.
#pragma once

#include <chrono>
#include <cstdint>

#include "bots/rng.h"
#include "bots/solver/open_solver.h"
#include "engine/card.h"
#include "engine/game_type.h"

namespace skat::bots {

struct AnnouncementChances {
  double schneider = 0;       // the declarer reaches 90 card points
  double schwarz = 0;         // the declarer takes every trick
  int worlds = 0;             // worlds solved in time
  bool cut_by_clock = false;  // the deadline, not the node budget, ended the check early
};

// The work the check may do in all, in solver nodes (about a second at the solver's speed, docs/
// solver.md): a few hands make a single question cost hundreds of millions of nodes, and a work
// limit, unlike the clock, keeps a decision reproducible.
inline constexpr std::uint64_t kAnnouncementNodes = 20'000'000;

// `hand` is the declarer's (hand game: he keeps it, the skat counts for him), at `position`.
// Stops at `deadline` or when `node_budget` solver nodes are spent; the world being solved then is
// left out.
AnnouncementChances announcement_chances(CardSet hand, GameType type, int position, int worlds, FastRng& rng,
                                         OpenSolver& solver, std::chrono::steady_clock::time_point deadline,
                                         std::uint64_t node_budget = kAnnouncementNodes);

// The declaration with the best expected payoff among `plain` (a suit or grand hand game the
// tables rate `win` at, worth `value` without schneider) and the same with schneider announced,
// schwarz announced, or ouvert (which announces schwarz): each wins only if the solver's chance
// of its target holds, at one more level per announcement (and per schneider/schwarz reached).
// `defender_bonus` as in ContractSettings.
Declaration choose_announcement(const Declaration& plain, double win, int value, int bid,
                                const AnnouncementChances& chances, int defender_bonus = 0);

}  // namespace skat::bots
