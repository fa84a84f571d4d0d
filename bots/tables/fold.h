// Outer learning's fold (docs/learning.md §3, docs/papers.md [outer-learning] Fig. 5): recorded
// games in, counts added to a TableSet. An exclusion filter, statistics per reason, and the
// watermark that keeps a game from being folded twice. Counting is a sum, so folds of disjoint game
// ranges merge exactly (TableSet::merge): fold(A) + fold(B) = fold(A + B).
#pragma once

#include <cstdint>
#include <functional>
#include <span>

#include "bots/tables/game_samples.h"
#include "bots/tables/winning_table.h"
#include "engine/records/pgn.h"

namespace skat::bots {

// Returns true to leave a game out; it sees only played, consistent games (passed deals and
// inconsistent records are always left out and counted apart). The default (no filter) folds every
// such game, concessions included (ended_by_concession() is a filter that drops those).
using ExclusionFilter = std::function<bool(const PgnGame&)>;

struct FoldStats {
  std::uint64_t folded = 0;             // games counted into the tables
  std::uint64_t lead_samples = 0;       // of those, suit/grand games with a defender's lead recorded
  std::uint64_t skipped = 0;            // sequence ≤ watermark: already folded (or out of order)
  std::uint64_t passed = 0;             // excluded: a passed deal
  std::uint64_t filtered = 0;           // excluded by the filter
  std::uint64_t inconsistent = 0;       // excluded: the record contradicts itself
  std::uint64_t null_unattributed = 0;  // excluded: lost null without a trick the declarer took

  std::uint64_t excluded() const { return passed + filtered + inconsistent + null_unattributed; }
  FoldStats& operator+=(const FoldStats& o);
  bool operator==(const FoldStats&) const = default;
};

// Adds one game's samples: the suit or grand table (won = the declarer won), or the null table
// once per suit (won = the declarer was not caught in that suit: every suit of a won game, every
// suit but the hit one of a lost game), and the lead table when there is a lead.
void count_samples(TableSet& tables, const GameSamples& s);

// Folds games one at a time into `tables`. Each game carries a sequence number from the global
// record order (e.g. its database row id, ≥ 1, increasing). A game whose sequence is not above the
// tables' watermark is skipped; every other game, folded or excluded, raises the watermark to its
// sequence, and folded games raise meta().games_folded.
class Folder {
 public:
  explicit Folder(TableSet& tables, ExclusionFilter exclude = {}) : tables_(&tables), exclude_(std::move(exclude)) {}
  void add(std::uint64_t sequence, const PgnGame& game);
  const FoldStats& stats() const { return stats_; }

 private:
  TableSet* tables_;
  ExclusionFilter exclude_;
  FoldStats stats_;
};

// Folds games[i] with sequence first_sequence + i.
FoldStats fold_games(TableSet& tables, std::span<const PgnGame> games, std::uint64_t first_sequence,
                     const ExclusionFilter& exclude = {});

}  // namespace skat::bots
