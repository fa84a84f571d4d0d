#include "cli/bench_decisions.h"

#include <stdexcept>

#include "bots/rng.h"
#include "bots/table_bot/contract_evaluator.h"
#include "bots/tables/table_files.h"
#include "engine/deal.h"
#include "engine/records/pgn.h"

namespace skat::cli {

BenchReport run_decisions_bench(bool quick, const std::string& tables_path, bool null_model) {
  auto tables = bots::load_tables(tables_path);
  if (!tables) throw std::runtime_error(tables.error());
  bots::ContractSettings settings;
  settings.null_model = null_model;
  const bots::ContractEvaluator evaluator(*tables, settings);
  bots::FastRng rng(20261122);
  const int deals = quick ? 3 : 200;
  std::vector<double> bid_ms, skat_ms, declare_ms, per_game_ms;
  Fnv1a digest;
  for (int d = 0; d < deals; ++d) {
    const Deal deal = random_deal(rng);
    double game_ms = 0;
    int best_bid = 0, declarer = 0;
    for (int pos = 0; pos < 3; ++pos) {
      const auto start = BenchClock::now();
      const int bid = evaluator.max_bid(deal.hands[static_cast<std::size_t>(pos)], pos);
      bid_ms.push_back(1000 * seconds_since(start));
      digest.add(static_cast<std::uint64_t>(bid));
      if (bid > best_bid) {
        best_bid = bid;
        declarer = pos;
      }
    }
    game_ms += bid_ms.back();  // each bot decides its own bidding once per game
    const int bid = std::max(18, best_bid);
    const CardSet hand = deal.hands[static_cast<std::size_t>(declarer)];
    auto start = BenchClock::now();
    const bots::ContractChoice hand_game = evaluator.best_hand_game(hand, bid, declarer);
    const bool play_hand = hand_game.payoff > evaluator.pickup_payoff(hand, bid, declarer);
    skat_ms.push_back(1000 * seconds_since(start));
    start = BenchClock::now();
    const bots::ContractChoice pickup = evaluator.best_pickup_game(hand | deal.skat, bid, declarer);
    declare_ms.push_back(1000 * seconds_since(start));
    game_ms += skat_ms.back() + declare_ms.back();
    per_game_ms.push_back(game_ms);
    digest.add(play_hand ? 1 : 0);
    digest.add(static_cast<std::uint64_t>(pgn_game_code(pickup.declaration)));
    digest.add(static_cast<std::uint64_t>(pickup.discard[0].id()) << 8 | pickup.discard[1].id());
  }
  BenchReport report;
  auto add = [&](std::string name, double value, std::string unit, int decimals) {
    report.figures.push_back({std::move(name), value, std::move(unit), decimals});
  };
  add("hands", static_cast<double>(bid_ms.size()), "hands", 0);
  add("bid_mean", mean(bid_ms), "ms", 3);
  add("bid_p99", quantile(bid_ms, 0.99), "ms", 3);
  add("skat_decision_mean", mean(skat_ms), "ms", 3);
  add("skat_decision_p99", quantile(skat_ms, 0.99), "ms", 3);
  add("declaration_mean", mean(declare_ms), "ms", 3);
  add("declaration_p99", quantile(declare_ms, 0.99), "ms", 3);
  add("per_game_mean", mean(per_game_ms), "ms", 3);
  add("per_game_p99", quantile(per_game_ms, 0.99), "ms", 3);
  add("tables_games", static_cast<double>(tables->meta().games_folded), "games", 0);
  report.digest = digest.hash;
  return report;
}

}  // namespace skat::cli
