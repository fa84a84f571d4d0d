// Agreement with the open-card solver, counted: how many choices were judged and in how many the
// choice agreed with the solver (a game's result with its verdict in the tournament report; a
// played card with the best cards in the analysis of a game). The share is the accuracy figure.
#pragma once

#include <optional>

namespace skat::bots {

struct SolverAccuracy {
  int judged = 0;
  int agrees = 0;

  void add(bool agree) {
    ++judged;
    agrees += agree ? 1 : 0;
  }
  void add(const SolverAccuracy& other) {
    judged += other.judged;
    agrees += other.agrees;
  }
  // agrees / judged; none when nothing was judged.
  std::optional<double> share() const {
    if (judged == 0) return std::nullopt;
    return static_cast<double>(agrees) / judged;
  }
  bool operator==(const SolverAccuracy&) const = default;
};

}  // namespace skat::bots
