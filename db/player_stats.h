// A player's statistics, as the Skat sites show them on a player's page: over his own games of
// finished series (a game a substitute bot played in his seat is not his; sealed tournaments'
// series are left out), the games by type declared and won, the share of games declared, the
// average value of the games declared, the Seeger-Fabian points per 36 deals and the best series.
#pragma once

#include <array>
#include <expected>
#include <optional>

#include "db/connection.h"
#include "db/types.h"

namespace skat::db {

// The declared games of one type: suits (clubs, spades, hearts, diamonds), grand, null (every
// null variant).
struct GameTypeCount {
  int declared = 0;
  int won = 0;
  bool operator==(const GameTypeCount&) const = default;
};

struct BestSeries {
  SeriesId id = 0;
  int score = 0;  // the player's own points in it
  int games = 0;  // his own games in it
  bool operator==(const BestSeries&) const = default;
};

struct PlayerStats {
  int series = 0;                          // finished series with at least one own game
  int games = 0;                           // own games (deals), folded ones included
  int declared = 0;                        // of them as declarer
  int won = 0;                             // declared and won
  std::array<GameTypeCount, 6> by_type{};  // by engine GameType: C S H D grand null
  int value_sum = 0;                       // the declared games' values (a lost game's value, not its list entry)
  int score = 0;                           // Seeger-Fabian points of the own games
  std::optional<BestSeries> best;          // the series with the most own points
  bool operator==(const PlayerStats&) const = default;
};

std::expected<PlayerStats, DbError> player_stats(Connection& c, PlayerId player);

}  // namespace skat::db
