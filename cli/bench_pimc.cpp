#include "cli/bench_pimc.h"

#include <array>
#include <string>

#include "bots/pimc/pimc_player.h"
#include "bots/simple_player.h"
#include "common/csprng.h"
#include "engine/game.h"

namespace skat::cli {

namespace {

constexpr std::uint64_t kPimcDealSeed = 20261123;

}  // namespace

BenchReport run_pimc_bench(bool quick, std::optional<bots::PimcSettings> chosen) {
  const int deals = quick ? 2 : 30;
  Csprng gen = Csprng::from_seed(kPimcDealSeed);
  bots::PimcSettings settings;
  settings.worlds = quick ? 4 : 20;
  settings.budget = std::chrono::milliseconds(5000);
  if (chosen) settings = *chosen;
  Fnv1a digest;
  std::array<std::vector<double>, 10> ms_by_trick, worlds_by_trick, dropped_by_trick;
  std::vector<double> worlds;
  int played = 0, decisions = 0, stopped_early = 0, dropped_worlds = 0, cut_by_clock = 0;
  for (int d = 0; d < deals; ++d) {
    Game game(random_deal(gen));
    std::array<bots::SimplePlayer, 3> bidders{bots::SimplePlayer(1), bots::SimplePlayer(2), bots::SimplePlayer(3)};
    bots::FastRng rng(static_cast<std::uint64_t>(d) + 1);
    bots::SolverPool solvers(settings.threads, settings.tt_bytes);
    while (!game.finished()) {
      const int pos = game.to_act();
      const SeatView view = seat_view(game, pos);
      Action a;
      if (game.phase() == Phase::Playing) {
        const auto start = BenchClock::now();
        const bots::PimcDecision decision = bots::evaluate_cards(view, settings, rng, solvers);
        ++decisions;
        stopped_early += decision.stopped_early ? 1 : 0;
        dropped_worlds += decision.dropped_worlds;
        cut_by_clock += decision.cut_by_clock ? 1 : 0;
        const int trick = static_cast<int>(view.tricks.size());
        ms_by_trick[static_cast<std::size_t>(trick)].push_back(1000.0 * seconds_since(start));
        worlds_by_trick[static_cast<std::size_t>(trick)].push_back(decision.worlds);
        dropped_by_trick[static_cast<std::size_t>(trick)].push_back(decision.dropped_worlds);
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
  report.figures.push_back({"decisions", static_cast<double>(decisions), "decisions", 0});
  report.figures.push_back({"stopped_early", static_cast<double>(stopped_early), "decisions", 0});
  report.figures.push_back({"cut_by_clock", static_cast<double>(cut_by_clock), "decisions", 0});
  report.figures.push_back({"dropped_worlds", static_cast<double>(dropped_worlds), "worlds", 0});
  // Worlds for the first tricks, where the searches are hard (after the figures above, whose
  // order earlier reports follow).
  for (int t = 0; t < 3; ++t) {
    const auto trick = static_cast<std::size_t>(t);
    report.figures.push_back({"trick" + std::to_string(t + 1) + "_worlds", mean(worlds_by_trick[trick]), "worlds", 1});
    report.figures.push_back(
        {"trick" + std::to_string(t + 1) + "_dropped", mean(dropped_by_trick[trick]), "worlds", 1});
  }
  report.digest = digest.hash;
  return report;
}

}  // namespace skat::cli
