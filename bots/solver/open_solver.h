// The open-card (double-dummy) solver: with all hands known, what does perfect play by both
// sides give? Threshold questions are zero-window alpha-beta searches over the engine's
// PlayState (does the declarer reach N card points / take every trick; does the null declarer
// take no trick); the exact card points come from an outer loop over thresholds (MTD(f) at the
// root, bisection for the values of every legal card). Transposition table at trick
// boundaries, equivalent cards searched once, cheap move ordering, remaining-points bounds; the
// last tricks by plain enumeration (endgame.h). Deterministic; counts its nodes (every card
// tried, in the endgame too).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "bots/solver/transposition_table.h"
#include "engine/play_state.h"

namespace skat::bots {

struct SolverOptions {
  std::size_t tt_bytes = std::size_t{16} << 20;  // transposition table memory (≤ 64 MiB by target)
};

// The value of one legal card at a position: card points for suit and grand (after perfect play
// from there), for null whether the declarer still takes no trick.
struct CardValue {
  Card card;
  int declarer_points = 0;
  bool declarer_wins = false;  // points ≥ 61 (suit, grand) or no trick taken (null)
};

class OpenSolver {
 public:
  explicit OpenSolver(SolverOptions options = {});

  // Suit and grand: does the declarer end with at least `target` card points (those already in
  // `state.declarer_points()` included)?
  bool declarer_reaches(PlayState& state, int target);
  // Suit and grand: does the declarer take every remaining trick?
  bool declarer_takes_all(PlayState& state);
  // Null: does the declarer take no trick from here on?
  bool null_declarer_clean(PlayState& state);
  // Suit and grand: the declarer's final card points under perfect play by both sides.
  int exact_points(PlayState& state);
  // Every legal card of the player to move, with its value (see CardValue), in card order.
  std::vector<CardValue> card_values(PlayState& state);

  std::uint64_t nodes() const { return nodes_; }
  void reset_nodes() {
    if (node_limit_ != kNoLimit) node_limit_ -= nodes_;
    nodes_ = 0;
  }

  // A time limit for the searches that follow (none: unlimited). When it passes, the search in
  // progress stops at once, `aborted()` turns true and every answer from then on is meaningless
  // until the next `set_deadline`; nothing an aborted search computed is kept in the table.
  void set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline) {
    deadline_ = deadline;
    aborted_ = false;
  }
  // A work limit for the searches that follow: at most `nodes` more nodes (none: unlimited). Past
  // it the search stops as at a deadline (`aborted()`); unlike the clock it is reproducible.
  void set_node_limit(std::optional<std::uint64_t> nodes) {
    node_limit_ = nodes ? nodes_ + *nodes : kNoLimit;
    aborted_ = false;
  }
  bool aborted() const { return aborted_; }
  bool node_limit_reached() const { return nodes_ >= node_limit_; }
  // Forgets the stored positions (needed only to measure from a cold start).
  void clear() { tt_.clear(); }
  std::size_t tt_bytes() const { return tt_.bytes(); }

 private:
  enum class Goal : std::uint8_t { Points = 0, AllTricks = 1, NullClean = 2 };

  // Zero-window fail-soft search on the goal's score (declarer's points; defenders' tricks;
  // declarer's tricks), which the maximising side (declarer for Points, defenders otherwise)
  // wants to reach `target`: a result ≥ target is a lower bound of the final score, a result
  // < target an upper bound.
  int search(PlayState& s, Goal goal, int target);
  int future_max(const PlayState& s, Goal goal) const;
  // The exact points by threshold searches, each next threshold the returned bound (MTD(f)) or
  // the middle of what is open.
  int exact(PlayState& state, bool step_to_bound);
  int ordered_moves(const PlayState& s, Goal goal, Card* out) const;

  TranspositionTable tt_;
  std::uint64_t nodes_ = 0;
  static constexpr std::uint64_t kNoLimit = ~std::uint64_t{0};
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  std::uint64_t node_limit_ = kNoLimit;
  bool aborted_ = false;
};

}  // namespace skat::bots
