#include "cli/bench_solver.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <stdexcept>

#include "bots/solver/open_solver.h"
#include "common/csprng.h"
#include "engine/play_state.h"

namespace skat::cli {

namespace {

constexpr std::uint64_t kSolverDealSeed = 20261122;

double ms_since(BenchClock::time_point start) { return 1000.0 * seconds_since(start); }

}  // namespace

std::vector<DeclaredDeal> make_solver_deals(std::uint64_t seed, int count) {
  Csprng gen = Csprng::from_seed(seed);
  std::vector<DeclaredDeal> deals(static_cast<std::size_t>(count));
  for (auto& d : deals) {
    d.deal = random_deal(gen);
    d.declarer = static_cast<int>(uniform_below(gen, 3));
    const auto roll = uniform_below(gen, 100);
    if (roll < 15) {
      d.game = GameType::Null;
    } else if (roll < 35) {
      d.game = GameType::Grand;
    } else {
      const CardSet hand = d.deal.hands[static_cast<std::size_t>(d.declarer)] - CardSet::jacks();
      int best = 0;
      for (int s = 1; s < kNumSuits; ++s)
        if ((hand & CardSet::of_suit(static_cast<Suit>(s))).size() >
            (hand & CardSet::of_suit(static_cast<Suit>(best))).size())
          best = s;
      d.game = static_cast<GameType>(best);
    }
  }
  return deals;
}

BenchReport run_solver_bench(const SolverBenchOptions& options) {
  const int count = options.deals > 0 ? options.deals : (options.quick ? 6 : 1000);
  const auto deals = make_solver_deals(kSolverDealSeed, count);
  std::ofstream per_deal;
  if (!options.per_deal_file.empty()) {
    per_deal.open(options.per_deal_file);
    if (!per_deal) throw std::runtime_error("cannot write " + options.per_deal_file);
    per_deal << "deal\tgame\tdeclarer\tquestion\tanswer\tms\tnodes\n";
  }
  auto record = [&](std::size_t index, const DeclaredDeal& d, const char* question, int answer, double ms,
                    std::uint64_t question_nodes) {
    if (per_deal)
      per_deal << fmt::format("{}\t{}\t{}\t{}\t{}\t{:.3f}\t{}\n", index, game_letter(d.game), d.declarer, question,
                              answer, ms, question_nodes);
  };
  bots::OpenSolver solver;
  Fnv1a digest;
  std::vector<double> t61, exact, null_q;
  double search_seconds = 0;
  std::uint64_t nodes = 0;
  for (std::size_t index = 0; index < deals.size(); ++index) {
    const DeclaredDeal& d = deals[index];
    const int skat = d.game == GameType::Null ? 0 : card_points(d.deal.skat);
    PlayState root(d.game, d.deal.hands, d.declarer, skat);
    solver.reset_nodes();
    if (d.game == GameType::Null) {
      solver.clear();
      const auto start = BenchClock::now();
      const bool clean = solver.null_declarer_clean(root);
      null_q.push_back(ms_since(start));
      record(index, d, "null", clean ? 1 : 0, null_q.back(), solver.nodes());
      digest.add(clean ? 1 : 0);
    } else {
      solver.clear();
      auto start = BenchClock::now();
      const bool wins = solver.declarer_reaches(root, 61);
      t61.push_back(ms_since(start));
      const std::uint64_t nodes61 = solver.nodes();
      record(index, d, "61", wins ? 1 : 0, t61.back(), nodes61);
      solver.clear();
      start = BenchClock::now();
      const int points = solver.exact_points(root);
      exact.push_back(ms_since(start));
      record(index, d, "exact", points, exact.back(), solver.nodes() - nodes61);
      digest.add(static_cast<std::uint64_t>(points) << 1 | (wins ? 1 : 0));
    }
    nodes += solver.nodes();
    digest.add(solver.nodes());
  }
  for (double ms : t61) search_seconds += ms / 1000;
  for (double ms : exact) search_seconds += ms / 1000;
  for (double ms : null_q) search_seconds += ms / 1000;

  BenchReport report;
  auto add = [&](std::string name, double value, std::string unit, int decimals) {
    report.figures.push_back({std::move(name), value, std::move(unit), decimals});
  };
  add("deals", static_cast<double>(deals.size()), "deals", 0);
  add("suit_grand_deals", static_cast<double>(t61.size()), "deals", 0);
  add("null_deals", static_cast<double>(null_q.size()), "deals", 0);
  add("query61_mean", mean(t61), "ms", 3);
  add("query61_p50", quantile(t61, 0.5), "ms", 3);
  add("query61_p99", quantile(t61, 0.99), "ms", 3);
  add("query61_max", t61.empty() ? 0 : *std::ranges::max_element(t61), "ms", 3);
  add("exact_mean", mean(exact), "ms", 3);
  add("exact_p50", quantile(exact, 0.5), "ms", 3);
  add("exact_p99", quantile(exact, 0.99), "ms", 3);
  add("exact_max", exact.empty() ? 0 : *std::ranges::max_element(exact), "ms", 3);
  add("null_mean", mean(null_q), "ms", 3);
  add("null_p50", quantile(null_q, 0.5), "ms", 3);
  add("null_p99", quantile(null_q, 0.99), "ms", 3);
  add("null_max", null_q.empty() ? 0 : *std::ranges::max_element(null_q), "ms", 3);
  add("nodes_per_second", search_seconds > 0 ? static_cast<double>(nodes) / search_seconds : 0, "nodes/s", 0);
  add("tt_memory", static_cast<double>(solver.tt_bytes()) / (1 << 20), "MiB", 1);
  report.digest = digest.hash;
  return report;
}

}  // namespace skat::cli
