// The analysis of a skat put with every hand open: for a declared game that took up the skat, the
// declarer's twelve cards, and every pair he could have put, whether the declared game then wins at
// his bid with perfect play (the open-card solver from the first lead; suit and grand: the card
// points, schneider or every trick, whichever the value needs to cover the bid). The put turned
// the game when his own put loses and another wins. Looked for only as far as it can tell: his own
// put first; when it wins, nothing else is searched; when it loses, the other puts in card order
// until one wins. Bounded in solver nodes, reproducibly, like the card analysis.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "bots/solver/open_solver.h"
#include "engine/game.h"

namespace skat::bots {

struct SkatPutAnalysis {
  std::array<Card, 2> put{};                   // the declarer's own put
  bool valued = false;                         // his own put was solved within the budget
  bool wins = false;                           // his own put wins at the bid
  bool bid_reachable = true;                   // some outcome of the declared game covers the bid
  int tried = 0;                               // puts solved, his own included (at most 66)
  std::optional<std::array<Card, 2>> winning;  // a put that wins, when his own loses
  bool turning_point = false;                  // his own put loses, another wins
  bool operator==(const SkatPutAnalysis&) const = default;
};

inline constexpr std::uint64_t kSkatPutNodes = 30'000'000;

// The skat put of a finished declared game; none for a hand game.
std::optional<SkatPutAnalysis> analyse_skat_put(const Game& game, OpenSolver& solver,
                                                std::optional<std::uint64_t> nodes = kSkatPutNodes);

}  // namespace skat::bots
