#include "cli/infer_ki.h"

#include <memory>
#include <stdexcept>
#include <string>

#include "bots/play_deal.h"
#include "bots/table_bot/table_generator.h"
#include "engine/game.h"

namespace skat::cli {

bots::inference::KermitTables kermit_from_auctions(const KermitAuctions& run, const bots::ProgressFn& progress) {
  bots::BotSpec spec = run.bot;
  spec.tt_mib = 1;  // no card play: the players' solver tables stay small
  std::vector<bots::inference::KermitTables> per_thread(static_cast<std::size_t>(std::max(run.threads, 1)));
  bots::parallel_for(
      run.deals, run.threads,
      [&](int index, int worker) {
        const auto i = static_cast<std::uint64_t>(index);
        Game game(bots::generator_deal(run.seed, i));
        std::array<std::unique_ptr<bots::Player>, 3> players;
        for (std::uint64_t p = 0; p < 3; ++p)
          players[p] = bots::make_auction_player(spec, (run.seed * 0x9E3779B97F4A7C15ULL) ^ (i * 3 + p + 1));
        const std::array<bots::Player*, 3> seats{players[0].get(), players[1].get(), players[2].get()};
        if (auto r = bots::play_until(game, seats, Phase::Playing); !r)
          throw std::runtime_error("infer ki: the bot's " + r.error());
        bots::inference::add_game(per_thread[static_cast<std::size_t>(worker)], game);
      },
      progress);
  bots::inference::KermitTables tables = std::move(per_thread.front());
  for (std::size_t t = 1; t < per_thread.size(); ++t) tables.merge(per_thread[t]);
  tables.finish();
  return tables;
}

}  // namespace skat::cli
