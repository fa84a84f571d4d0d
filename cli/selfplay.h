// In-process self-play for `skat selfplay`: series of one bot in all three seats, or of up to
// three bots seated in turn (seat i plays bot i mod n, so each plays every position as the
// dealer rotates), deals from
// the seeded CSPRNG (one generator per series, so series can run in parallel and the result does
// not depend on the thread count), the dealer rotating (game n: forehand is Seat(n mod 3)+1),
// each series recorded as series PGN with its Seeger-Fabian result; statistics per game class
// (shares, declarer wins, accuracy against the open-card solver), and the PGN hand strengths
// from winning tables when given.
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "bots/bot_factory.h"
#include "bots/parallel.h"
#include "bots/solver/accuracy.h"
#include "engine/records/pgn.h"

namespace skat::cli {

struct SelfplayConfig {
  std::vector<bots::BotSpec> bots{bots::BotSpec{}};  // seat i plays bots[i % size()]: one spec fills every seat
  int series = 1;
  int deals = 36;
  std::uint64_t seed = 0;
  int threads = 1;
  bool judge = false;                               // the open-card verdict on every declared game
  std::shared_ptr<const bots::TableSet> strengths;  // fills PGN fields 17..19 when set
};

struct ClassStats {
  int games = 0;
  int won = 0;                  // by the declarer
  bots::SolverAccuracy solver;  // games with a solver verdict; those whose result equals it
  // The paper's Table 1: judged games by the solver's verdict [0 lost, 1 won] and the result.
  std::array<std::array<int, 2>, 2> by_verdict{};  // [verdict][declarer won]
};

struct SeriesStats {
  int games = 0;  // deals played, folded ones included
  int folded = 0;
  int won = 0;  // games won by the declarer
  int lost = 0;
  int clock_stops = 0;  // searches the wall-clock safety net cut short (those games depend on the machine)
  std::array<ClassStats, 3> classes{};  // suit, grand, null
  void merge(const SeriesStats& o);
};

// Plays every series; `header(s)` supplies event, date, time and seats of series s; `progress`
// counts games.
std::expected<std::vector<PgnSeries>, std::string> play_selfplay(const SelfplayConfig& config,
                                                                 const std::function<PgnHeader(int)>& header,
                                                                 SeriesStats& stats,
                                                                 const bots::ProgressFn& progress = {});

}  // namespace skat::cli
