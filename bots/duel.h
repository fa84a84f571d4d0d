// Duplicate matches between two bots in-process (evaluation.md): every deal is played once per
// rotation of a 2:1 or 1:2 seating, so that each bot sits in every position over the same cards
// and card luck cancels. Reports Seeger-Fabian points per game for each bot and the duplicate
// difference per deal. The tournament command builds on this.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "bots/player.h"

namespace skat::bots {

// Makes a fresh player for one seat of one game (seeded by the caller's choice of `seed`).
using PlayerFactory = std::function<std::unique_ptr<Player>(std::uint64_t seed)>;

struct DuelSide {
  double points = 0;  // Seeger-Fabian points summed over the games this bot's seats played
  int seats = 0;      // seats played (games × seats per game)
  double per_seat() const { return seats ? points / seats : 0; }
};

struct DuelResult {
  int deals = 0;
  int games = 0;
  int folded = 0;
  DuelSide a, b;
  // Per deal: (B's points − A's points) per seat on the same cards and positions.
  std::vector<double> differences;
  double mean_difference() const;
};

// Plays `deals` deals from `seed`; `b_seats` = 1 (A A B) or 2 (A B B). Each deal is played three
// times, the lone bot taking each position once.
DuelResult duplicate_duel(const PlayerFactory& a, const PlayerFactory& b, int b_seats, int deals, std::uint64_t seed);

}  // namespace skat::bots
