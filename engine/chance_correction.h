// The luck-of-the-cards corrections of docs/ratings.md §3 on Seeger-Fabian points, before the Elo
// update: hand luck (the game value divided by q = p / np, p the winning tables' probability for
// the declarer's cards, np the normal winning rate of the game type, q clipped to [0.5, 2]) and
// high-value games (the mean game value in place of the actual one, optionally divided by q).
// The ±50 and the defenders' +40 stay as they are. Pure: the probabilities are passed in.
#pragma once

#include <array>
#include <optional>
#include <span>

#include "engine/game_type.h"

namespace skat {

struct ChanceOptions {
  bool hand_luck = false;   // i1: value / q
  bool high_value = false;  // i2: the mean game value instead of the actual one (/ q too with hand_luck)
  double mean_value = 41;   // for high_value
};

// One game of a series as the correction sees it (seats 0..2).
struct ScoredGame {
  bool folded = true;
  int declarer = 0;
  bool won = false;
  int value = 0;  // the game value charged (the list entry is +value or −2·value)
  Declaration declaration;
  std::optional<double> win_probability;  // p; without it (no tables) q = 1
};

// The normal winning rate np of docs/ratings.md §3: suit 80.4 %, grand 93.4 %, null 62.0 %, null
// hand 71.1 %, null ouvert 90.0 %, null ouvert hand 94.5 %.
double normal_win_rate(const Declaration& d);
// q = p / np clipped to [0.5, 2].
double luck_quotient(double p, const Declaration& d);

// The game's Seeger-Fabian points per seat after the corrections in `options` (with both off:
// exactly seeger_fabian_points).
std::array<double, 3> corrected_points(const ScoredGame& game, const ChanceOptions& options);
// A series' scores: the sum over its games.
std::array<double, 3> corrected_series_scores(std::span<const ScoredGame> games, const ChanceOptions& options);

}  // namespace skat
