// The analysis of a finished game with every hand open: at each card played, the open-card
// solver's value of every legal card (the declarer's final card points in suit and grand after
// perfect play from there; whether he fulfils what he declared), the best cards for the player to
// move, whether the played card was among them, and whether it turned the game (perfect play
// from before it would have given the other outcome). Per player the accuracy: the share of his
// decisions with a choice where he played a best card (SolverAccuracy, as the tournament report
// counts its accuracy). Positions throughout (0 forehand); the overbid rule is no part of it.
// Bounded in solver nodes (reproducible, unlike a clock): the outcomes of every card first, then
// the card points, then schwarz where all the points are the declarer's, each from the last card
// back, so that a budget spent leaves the first (largest) positions with the outcome only, or
// without values, never the small ones.
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bots/solver/accuracy.h"
#include "bots/solver/open_solver.h"
#include "engine/game.h"

namespace skat::bots {

// One legal card's value: `declarer_points` the declarer's final card points with perfect play
// after it (suit and grand; 0 in null), `declarer_wins` whether he then fulfils his game.
struct AnalysedCard {
  Card card;
  int declarer_points = 0;
  bool declarer_wins = false;
  bool exact = false;  // declarer_points is known (always in null, where it means nothing)
  // With 120 card points: whether he then takes every trick (the defenders schwarz); looked for
  // only where perfect play gives him all the points (suit and grand).
  bool declarer_takes_all = false;
  bool operator==(const AnalysedCard&) const = default;
};

struct Decision {
  bool valued = false;  // the cards' outcomes are known (the node budget was not spent before)
  int trick = 0;        // 0-based
  int position = 0;     // who played
  Card played;
  std::vector<AnalysedCard> cards;  // every legal card, in card order
  AnalysedCard best;                // the value of the position: the best card for the player (lowest card of the best)
  bool played_best = false;         // the played card is worth as much as the best
  // The played card changed the outcome under perfect play: before it the player's side would
  // have won (the declarer his game, the defenders theirs), after it it loses.
  bool turning_point = false;
  // The outcome stays, but schneider does not: the played card gave away (or let in) the declarer's
  // 90 card points or the defenders' 31 that perfect play would have had (suit and grand, exact only).
  bool schneider_turn = false;
  // The outcome and schneider stay, schwarz does not: the played card let the defenders take a
  // trick, or took one from them, against the best card (the declarer's schwarz of the defenders).
  bool schwarz_turn = false;
  const AnalysedCard& played_value() const;
  // Valued with the card points of every card (null: valued).
  bool exact() const;
};

// The solver nodes each pass may take (none: no bound); with the defaults a whole game takes one to
// two seconds at most on one core, a third of a second as the median (docs/solver.md, "Analysis of
// a game").
struct AnalysisLimits {
  std::optional<std::uint64_t> outcome_nodes = 30'000'000;
  std::optional<std::uint64_t> points_nodes = 60'000'000;
  std::optional<std::uint64_t> schwarz_nodes = 30'000'000;
};

struct GameAnalysis {
  Declaration declaration;
  int declarer = 0;
  int target = 61;                         // the card points the declarer needs (90 with schneider announced)
  std::vector<Decision> decisions;         // every card played, in order
  std::array<SolverAccuracy, 3> accuracy;  // by position: exact decisions with more than one legal card
};

// Analyses the cards `played` (in play order) from `start`, a position of the declared game
// `declaration` (normalised by the caller); the first card not legal where it is played is an error.
std::expected<GameAnalysis, std::string> analyse_play(PlayState start, const Declaration& declaration,
                                                      std::span<const Card> played, OpenSolver& solver,
                                                      const AnalysisLimits& limits = {});
// The whole card play of a declared game (the tricks and the cards of a trick a concession left).
GameAnalysis analyse_game(const Game& game, OpenSolver& solver, const AnalysisLimits& limits = {});

}  // namespace skat::bots
