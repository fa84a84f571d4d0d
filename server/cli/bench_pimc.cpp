#include "server/cli/bench_pimc.h"

#include <array>
#include <string>

#include "bots/pimc/pimc_player.h"
#include "bots/simple_player.h"
#include "engine/game.h"
#include "server/common/csprng.h"

namespace skat::cli {

namespace {

constexpr std::uint64_t kPimcDealSeed = 20261123;

}  // namespace

BenchReport run_pimc_bench(bool quick) {
  const int deals = quick ? 2 : 30;
  Csprng gen = Csprng::from_seed(kPimcDealSeed);
  bots::PimcSettings settings;
  settings.worlds = quick ? 4 : 20;
  settings.budget = std::chrono::milliseconds(5000);
  Fnv1a digest;
  std::array<std::vector<double>, 10> ms_by_trick;
  std::vector<double> worlds;
  int played = 0;
  for (int d = 0; d < deals; ++d) {
    Game game(random_deal(gen));
    std::array<bots::SimplePlayer, 3> bidders{bots::SimplePlayer(1), bots::SimplePlayer(2), bots::SimplePlayer(3)};
    bots::FastRng rng(static_cast<std::uint64_t>(d) + 1);
    bots::OpenSolver solver(bots::SolverOptions{settings.tt_bytes});
    while (!game.finished()) {
      const int pos = game.to_act();
      const SeatView view = seat_view(game, pos);
      Action a;
      if (game.phase() == Phase::Playing) {
        const auto start = BenchClock::now();
        const bots::PimcDecision decision = bots::evaluate_cards(view, settings, rng, solver);
        const int trick = static_cast<int>(view.tricks.size());
        ms_by_trick[static_cast<std::size_t>(trick)].push_back(1000.0 * seconds_since(start));
        worlds.push_back(decision.worlds);
        a = Action::play(pos, decision.best);
        digest.add(static_cast<std::uint64_t>(decision.best.id()));
      } else {
        a = bidders[static_cast<std::size_t>(pos)].decide(view);
      }
      if (!game.apply(a)) break;
    }
    if (!game.folded()) ++played;
    digest.add(static_cast<std::uint64_t>(game.folded() ? 0 : game.result().list_entry + 10000));
  }
  BenchReport report;
  report.figures.push_back({"deals", static_cast<double>(deals), "deals", 0});
  report.figures.push_back({"played_deals", static_cast<double>(played), "deals", 0});
  report.figures.push_back({"worlds_per_decision", mean(worlds), "worlds", 1});
  for (int t = 0; t < 10; ++t) {
    const auto& ms = ms_by_trick[static_cast<std::size_t>(t)];
    report.figures.push_back({"trick" + std::to_string(t + 1) + "_mean", mean(ms), "ms", 1});
    report.figures.push_back({"trick" + std::to_string(t + 1) + "_p99", quantile(ms, 0.99), "ms", 1});
  }
  report.digest = digest.hash;
  return report;
}

}  // namespace skat::cli
