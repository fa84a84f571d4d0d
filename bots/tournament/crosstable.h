// Tournaments of more than two bots (docs/evaluation.md, "More than two bots"): a gauntlet (the first
// bot against each of the others) or a round-robin (every pair), each pairing a duplicate match of
// bots/tournament on the same seeded deals, with or without a sequential test; and the crosstable of
// their duplicate differences with 95 % intervals, each row's bot against each column's.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bots/tournament/tournament.h"
#include "bots/tournament/tournament_report.h"

namespace skat::bots {

enum class GroupFormat { Gauntlet, RoundRobin };
inline constexpr int kMaxGroupBots = 6;

// "gauntlet" or "round-robin"; none for anything else.
std::optional<GroupFormat> group_format_named(std::string_view name);
const char* group_format_name(GroupFormat format);

// The pairings of `bots` bots, as (A, B) indexes in the order they are played: the gauntlet's
// (0, 1), (0, 2) …; the round-robin's (0, 1), (0, 2) … (1, 2) …
std::vector<std::pair<int, int>> group_pairings(GroupFormat format, int bots);

// One played pairing: bot `a` as A against bot `b` as B.
struct PairingResult {
  int a = 0, b = 0;
  TournamentReport report;
  std::vector<TournamentGame> games;
};

// Plays every pairing of `bots` with the settings of `base` (deals, seed, seatings, threads, test;
// its bots are replaced). `progress` is told the pairing and its progress.
std::vector<PairingResult> run_group(const std::vector<BotSpec>& bots, GroupFormat format, const TournamentConfig& base,
                                     const std::function<void(int pairing, const Progress&)>& progress = {});

struct CrossCell {
  double difference = 0, ci_low = 0, ci_high = 0;  // the row's bot minus the column's, SF per seat-game
  int deals = 0;
  // The pairing's sequential test, if it had one ("H0", "H1", "inconclusive"): in the row of the
  // pairing's B only (H1 there: the row's bot is at least D1 better).
  std::string sprt;
};

struct Crosstable {
  std::vector<std::string> names;                            // the bots' short names (side_name), by index
  std::vector<std::vector<std::optional<CrossCell>>> cells;  // [row][column]; none where they did not play
  std::vector<double> row_mean;                              // a row's mean difference over the pairings it played
};

// The crosstable of `results` among `bot_specs` (the specs as the reports name them).
Crosstable make_crosstable(const std::vector<std::string>& bot_specs, const std::vector<PairingResult>& results);

// Aligned text: one row per bot, its mean, and per column "+3.1 [+0.2, +6.0]".
std::string crosstable_text(const Crosstable& table);

}  // namespace skat::bots
