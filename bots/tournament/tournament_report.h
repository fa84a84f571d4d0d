// The tournament report of docs/evaluation.md, computed from the recorded games: per seating and in
// total, per bot, games, declarer wins and losses, Seeger-Fabian points, move times; the duplicate
// difference (B − A per seat and game on the same cards) with a 95 % bootstrap interval over
// deals and a verdict; accuracy against the open-card solver, game-type shares, declarer win
// rate and the duplicate difference per game class (suit, grand, null).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bots/solver/accuracy.h"
#include "bots/tournament/tournament.h"

namespace skat::bots {

struct BotFigures {
  int seat_games = 0;  // games × seats this bot played
  int declared = 0;
  int declared_won = 0;
  double points = 0;  // Seeger-Fabian points, summed
  double points_per_game() const { return seat_games ? points / seat_games : 0; }
  int moves = 0;
  double move_mean_ms = 0;
  double move_p99_ms = 0;
  int slow_moves = 0;            // decisions longer than the 5 s move clock (in-process), or the server's timeouts
  int clock_stops = 0;           // searches the wall-clock safety net cut short: those games depend on the machine
  ProgramFaults program_faults;  // an outside program's (`program:` spec) late, lost and unusable answers
};

// Per game class: 0 suit, 1 grand, 2 null.
struct ClassFigures {
  int games = 0;
  int declarer_won = 0;
  SolverAccuracy solver;  // games with a solver verdict; those whose result equals it
  // The same split by the declarer's side: A's declared games, B's.
  std::array<SolverAccuracy, 2> solver_by_declarer{};
  // The duplicate difference B − A over the deals played in this class at every table of the deal
  // (the paper's Table 3 per game type; when both bots bid alike, every deal counts in its class).
  int duplicate_deals = 0;
  double difference = 0, ci_low = 0, ci_high = 0;
};

struct SeatingReport {
  std::string seating;  // "2:1" (A A B), "1:2" (A B B) or "total"
  int deals = 0;
  int games = 0;
  int folded = 0;
  BotFigures a, b;
  std::array<ClassFigures, 3> classes{};
  double difference = 0;  // mean duplicate difference B − A, Seeger-Fabian points per seat and game
  double ci_low = 0, ci_high = 0;
  std::string verdict;
};

struct TournamentReport {
  std::string a, b;  // the bots' specs
  std::uint64_t seed = 0;
  int deals = 0;
  double seconds = 0;
  std::vector<SeatingReport> seatings;  // each seating played, then "total"
  std::optional<SprtResult> sprt;       // the sequential test's verdict, when the tournament had one
};

// The duplicate difference B − A of each deal played in every seating (the mean over the seatings,
// per seat and game), in deal order: what the total's interval and the sequential test rest on.
std::vector<double> deal_difference_series(const TournamentConfig& config, const std::vector<TournamentGame>& games);

// `per_class` false leaves the per-class duplicate differences out (the curve's many reports).
TournamentReport make_report(const TournamentConfig& config, const std::vector<TournamentGame>& games, double seconds,
                             bool per_class = true);

// The total duplicate difference and its 95 % interval as the deals accumulate (deals 0..n−1 of
// `games`), at about `points` evenly spaced deal counts, the last one all deals.
struct CurvePoint {
  int deals = 0;
  double difference = 0, ci_low = 0, ci_high = 0;
};
std::vector<CurvePoint> difference_curve(const TournamentConfig& config, const std::vector<TournamentGame>& games,
                                         int points = 50);

// A side's short name for verdicts and tables: a spec of up to 24 characters itself ("rule",
// "account:anna-bot"); a longer one by the house level it is the spec of ("strongest"), the bot of
// "account:NAME" or "sandbox:NAME", the program of "program:CMD …", or else its kind ("full").
std::string side_name(const std::string& spec);

// The report as aligned text for a terminal.
std::string report_text(const TournamentReport& report);

}  // namespace skat::bots
