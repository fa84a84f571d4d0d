#include "cli/selfplay.h"

#include <chrono>
#include <cmath>
#include <mutex>

#include "bots/play_deal.h"
#include "bots/solver/open_solver.h"
#include "bots/table_bot/contract_evaluator.h"
#include "bots/tournament/tournament.h"
#include "common/csprng.h"

namespace skat::cli {

namespace {

int class_index(GameType t) { return t == GameType::Null ? 2 : t == GameType::Grand ? 1 : 0; }

// One series, with its own generator and statistics.
PgnSeries play_one(const SelfplayConfig& config, int index, PgnHeader header, SeriesStats& stats,
                   bots::OpenSolver* solver, const std::function<void()>& game_done) {
  Csprng gen = Csprng::from_seed(config.seed + 0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(index));
  std::array<std::unique_ptr<bots::Player>, 3> seats;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    seats[i] = bots::make_player(config.bots[i % config.bots.size()], gen());
    seats[i]->use_work_budgets(true);  // self-play is played again exactly from its seed
  }
  PgnSeries series;
  series.header = std::move(header);
  for (int n = 0; n < config.deals; ++n) {
    const Deal deal = *deal_from_id(uniform_below(gen, kNumDeals));
    std::array<bots::Player*, 3> by_position{};
    for (int pos = 0; pos < 3; ++pos)
      by_position[static_cast<std::size_t>(pos)] = seats[static_cast<std::size_t>(pgn_seat_of(n, pos))].get();
    auto game = bots::play_deal(deal, by_position);
    if (!game)
      throw std::runtime_error("series " + std::to_string(index + 1) + " game " + std::to_string(n) + ": " +
                               game.error());
    ++stats.games;
    if (game->folded()) {
      ++stats.folded;
    } else {
      const bool won = game->result().won;
      ++(won ? stats.won : stats.lost);
      ClassStats& c = stats.classes[static_cast<std::size_t>(class_index(game->declaration().type))];
      ++c.games;
      c.won += won ? 1 : 0;
      if (solver) {
        solver->clear();
        const bool verdict = bots::solver_verdict(*game, *solver);
        c.solver.add(verdict == won);
        ++c.by_verdict[verdict ? 1 : 0][won ? 1 : 0];
      }
    }
    const std::array<int, 3> strengths =
        config.strengths ? bots::pgn_hand_strengths(*config.strengths, deal) : std::array<int, 3>{};
    series.games.push_back(pgn_game_from(*game, n, strengths));
    game_done();
  }
  for (const auto& s : seats) stats.clock_stops += s->clock_stops();
  fill_pgn_result(series);
  return series;
}

}  // namespace

void SeriesStats::merge(const SeriesStats& o) {
  games += o.games;
  folded += o.folded;
  won += o.won;
  lost += o.lost;
  clock_stops += o.clock_stops;
  for (std::size_t c = 0; c < classes.size(); ++c) {
    classes[c].games += o.classes[c].games;
    classes[c].won += o.classes[c].won;
    classes[c].solver.add(o.classes[c].solver);
    for (std::size_t v = 0; v < 2; ++v)
      for (std::size_t w = 0; w < 2; ++w) classes[c].by_verdict[v][w] += o.classes[c].by_verdict[v][w];
  }
}

std::expected<std::vector<PgnSeries>, std::string> play_selfplay(const SelfplayConfig& config,
                                                                 const std::function<PgnHeader(int)>& header,
                                                                 SeriesStats& stats, const bots::ProgressFn& progress) {
  if (config.bots.empty() || config.bots.size() > 3) return std::unexpected(std::string("one to three bots"));
  std::vector<PgnSeries> series(static_cast<std::size_t>(config.series));
  std::vector<SeriesStats> per_series(series.size());
  std::mutex mutex;
  int games_done = 0;
  const int games = config.series * config.deals;
  const auto start = std::chrono::steady_clock::now();
  auto game_done = [&] {
    const std::lock_guard lock(mutex);
    ++games_done;
    if (progress)
      progress({games_done, games, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()});
  };
  const int threads = std::max(1, config.threads);
  std::vector<std::unique_ptr<bots::OpenSolver>> solvers(static_cast<std::size_t>(threads));  // one per worker
  try {
    bots::parallel_for(config.series, threads, [&](int s, int worker) {
      auto& solver = solvers[static_cast<std::size_t>(worker)];
      if (config.judge && !solver) solver = std::make_unique<bots::OpenSolver>();
      series[static_cast<std::size_t>(s)] =
          play_one(config, s, header(s), per_series[static_cast<std::size_t>(s)], solver.get(), game_done);
    });
  } catch (const std::exception& e) {
    return std::unexpected(std::string(e.what()));
  }
  for (const SeriesStats& s : per_series) stats.merge(s);
  return series;
}

}  // namespace skat::cli
