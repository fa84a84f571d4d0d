#include "bots/table_bot/base_tables.h"

#include <stdexcept>

#include "bots/play_deal.h"
#include "bots/table_bot/explorer_player.h"
#include "engine/deal.h"

namespace skat::bots {

BaseTables build_base_tables(const BaseTablesConfig& config, const ProgressFn& progress) {
  std::vector<Deal> deals;
  FastRng deal_rng(config.seed);
  for (int i = 0; i < config.games; ++i) deals.push_back(random_deal(deal_rng));

  BaseTables out;
  out.games.resize(deals.size());
  parallel_for(
      config.games, std::max(1, config.threads),
      [&](int i, int) {
        const std::uint64_t seed = config.seed * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(i) * 3;
        ExplorerPlayer a(seed, config.pimc), b(seed + 1, config.pimc), c(seed + 2, config.pimc);
        auto game = play_deal(deals[static_cast<std::size_t>(i)], {&a, &b, &c});
        if (!game) throw std::runtime_error("game " + std::to_string(i) + ": " + game.error());
        out.games[static_cast<std::size_t>(i)] = pgn_game_from(*game, i, {0, 0, 0});
      },
      progress);
  out.stats = fold_games(out.tables, out.games, 1);
  return out;
}

}  // namespace skat::bots
