// The analysis of a declaration with every hand open: the declarer's games with the same cards
// (his ten after the skat put, in a hand game as dealt; the defenders' as dealt), each played out
// by the open-card solver from the first lead: whether he wins it, his card points (suit and
// grand), and what it scores at the bid he made (engine scoring: matadors over his cards and the
// skat, schneider and the declarer's schwarz as perfect play reaches them, the overbid rule). The declared game is
// one of them; the choice turned the game when the declared game loses and another game wins.
// A game whose value falls short of the bid is lost as overbid: when no winning game covers the
// bid, the bid itself was too high. The skat put is judged too (bots/analysis/skat_put_analysis.h).
// Bounded in solver nodes like the card analysis.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "bots/analysis/skat_put_analysis.h"
#include "bots/solver/open_solver.h"
#include "engine/game.h"

namespace skat::bots {

struct GameChoice {
  Declaration declaration;
  bool valued = false;         // solved within the node budget
  bool declarer_wins = false;  // his game with perfect play, the bid left aside
  int declarer_points = 0;     // suit and grand, with perfect play (skat or put cards included)
  int list_entry = 0;          // what it scores at the bid: + value won, − 2 × value lost (overbid too)
  bool covers_bid = false;     // its value reaches the bid (not lost as overbid)
  bool operator==(const GameChoice&) const = default;
};

struct DeclarationAnalysis {
  std::vector<GameChoice> games;       // the suits, grand, null and null ouvert, then the declared game if none of them
  std::size_t declared = 0;            // the declared game's entry
  std::optional<std::size_t> best;     // the entry scoring the most, among those valued
  bool turning_point = false;          // the declared game loses, a game covering the bid wins
  bool bid_too_high = false;           // no game wins that covers the bid, but one would win at a lower bid
  std::optional<SkatPutAnalysis> put;  // the skat put of the declared game (none in a hand game)
};

inline constexpr std::uint64_t kDeclarationNodes = 30'000'000;

// The declared game of a finished (not folded) engine game; `nodes` bounds the games, the put has
// its own bound.
DeclarationAnalysis analyse_declaration(const Game& game, OpenSolver& solver,
                                        std::optional<std::uint64_t> nodes = kDeclarationNodes);

}  // namespace skat::bots
