// The nightly job (`skat nightly`, and `skat serve --nightly-at`): (1) the games recorded since the
// last run (the watermark of the newest table version in the database), (2) folded into the newest
// winning tables and written as the next version (a file in the tables folder, then its row with
// the new watermark in one statement), (3)–(4) the Seeger-Fabian totals and the chance-corrected
// Elo recomputed over all finished series, (5) written as a leaderboard snapshot with each
// player's rating history. Idempotent: a second run with nothing new writes nothing; a run killed
// half-way leaves either the old or the new state of each step, and the next run completes it.
#pragma once

#include <cstdint>
#include <expected>
#include <functional>
#include <string>

#include "bots/tables/fold.h"
#include "nightly/ratings.h"

namespace skat::nightly {

struct NightlyOptions {
  std::string db_path = "data/skat.db";
  std::string tables_dir = "data/tables";  // table versions v000001.wtab, … (bots with outer learning read it)
  std::string base_tables = "tables/base-1m.wtab";  // the tables before the first version
  RatingOptions ratings;
  bool exclude_timeouts = true;  // games in which the clock made a move are not folded
  // When set, the positions of the games folded tonight are also written here as training data of
  // the learned inference (positions-vNNNNNN.bin beside the table version; docs/inference.md).
  std::string inference_dir;
  int keep_snapshots = 5;
  // Test hook: stop with an error right after the new table file is written (a kill before the
  // database knows of it).
  bool fail_after_table_file = false;
};

struct NightlySummary {
  std::int64_t games_seen = 0;  // games after the old watermark
  bots::FoldStats fold;
  int table_version = 0;  // the newest version after the run (0: still T0)
  bool new_version = false;
  std::string tables_file;
  std::int64_t inference_positions = 0;  // written to options.inference_dir
  std::string inference_file;
  int series = 0;  // finished series rated
  int players = 0;
  bool new_snapshot = false;
  double seconds = 0;
};

using NightlyProgress = std::function<void(const std::string& step)>;

std::expected<NightlySummary, std::string> run_nightly(const NightlyOptions& options,
                                                       const NightlyProgress& progress = {});

// The summary as a few lines of text.
std::string summary_text(const NightlySummary& summary);

}  // namespace skat::nightly
