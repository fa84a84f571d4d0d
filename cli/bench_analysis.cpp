#include "cli/bench_analysis.h"

#include <stdexcept>

#include "bots/analysis/declaration_analysis.h"
#include "bots/analysis/game_analysis.h"
#include "bots/play_deal.h"
#include "bots/rng.h"
#include "bots/rule_player.h"
#include "engine/deal.h"

namespace skat::cli {

BenchReport run_analysis_bench(bool quick) {
  bots::FastRng rng(20261127);
  const int wanted = quick ? 3 : 40;
  std::vector<double> game_ms, declaration_ms;
  int choices_turned = 0, bids_too_high = 0, puts_turned = 0;
  int decisions = 0, turning_points = 0, without_points = 0, unvalued = 0, games_cut = 0;
  Fnv1a digest;
  for (int n = 0; static_cast<int>(game_ms.size()) < wanted; ++n) {
    const Deal deal = random_deal(rng);
    bots::RulePlayer a(3 * static_cast<std::uint64_t>(n) + 1), b(3 * static_cast<std::uint64_t>(n) + 2),
        c(3 * static_cast<std::uint64_t>(n) + 3);
    const auto game = bots::play_deal(deal, {&a, &b, &c});
    if (!game) throw std::runtime_error(game.error());
    if (game->folded()) continue;
    const auto start = BenchClock::now();
    bots::OpenSolver solver;
    const bots::GameAnalysis analysis = bots::analyse_game(*game, solver);
    game_ms.push_back(1000 * seconds_since(start));
    bool cut = false;
    for (const bots::Decision& d : analysis.decisions) {
      ++decisions;
      turning_points += d.turning_point ? 1 : 0;
      unvalued += d.valued ? 0 : 1;
      without_points += d.valued && !d.exact() ? 1 : 0;
      cut = cut || !d.exact();
      for (const bots::AnalysedCard& v : d.cards)
        digest.add(static_cast<std::uint64_t>(v.card.id()) << 16 | static_cast<std::uint64_t>(v.declarer_points) << 1 |
                   (v.declarer_wins ? 1 : 0));
    }
    games_cut += cut ? 1 : 0;
    // The declaration judged (the games with the same cards), timed apart; not in the digest.
    const auto judged = BenchClock::now();
    const bots::DeclarationAnalysis choice = bots::analyse_declaration(*game, solver);
    declaration_ms.push_back(1000 * seconds_since(judged));
    choices_turned += choice.turning_point ? 1 : 0;
    bids_too_high += choice.bid_too_high ? 1 : 0;
    puts_turned += choice.put && choice.put->turning_point ? 1 : 0;
  }
  BenchReport report;
  auto add = [&](std::string name, double value, std::string unit, int decimals) {
    report.figures.push_back({std::move(name), value, std::move(unit), decimals});
  };
  add("games", static_cast<double>(game_ms.size()), "games", 0);
  add("decisions", decisions, "cards", 0);
  add("turning_points", turning_points, "cards", 0);
  add("games_cut_by_the_budget", games_cut, "games", 0);
  add("cards_with_outcome_only", without_points, "cards", 0);
  add("cards_without_values", unvalued, "cards", 0);
  add("game_median", quantile(game_ms, 0.5), "ms", 1);
  add("game_mean", mean(game_ms), "ms", 1);
  add("game_p90", quantile(game_ms, 0.9), "ms", 1);
  add("game_max", quantile(game_ms, 1.0), "ms", 1);
  add("declarations_turned", choices_turned, "games", 0);
  add("bids_too_high", bids_too_high, "games", 0);
  add("skat_puts_turned", puts_turned, "games", 0);
  add("declaration_median", quantile(declaration_ms, 0.5), "ms", 1);
  add("declaration_p90", quantile(declaration_ms, 0.9), "ms", 1);
  add("declaration_max", quantile(declaration_ms, 1.0), "ms", 1);
  report.digest = digest.hash;
  return report;
}

}  // namespace skat::cli
