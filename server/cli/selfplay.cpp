#include "server/cli/selfplay.h"

#include "bots/play_deal.h"
#include "bots/simple_player.h"

namespace skat::cli {

std::expected<PgnSeries, std::string> play_series(Csprng& gen, int deals, PgnHeader header, SeriesStats& stats) {
  bots::SimplePlayer seat1(gen()), seat2(gen()), seat3(gen());
  const std::array<bots::Player*, 3> seats = {&seat1, &seat2, &seat3};
  PgnSeries series;
  series.header = std::move(header);
  for (int n = 0; n < deals; ++n) {
    const Deal deal = *deal_from_id(uniform_below(gen, kNumDeals));
    std::array<bots::Player*, 3> by_position{};
    for (int pos = 0; pos < 3; ++pos)
      by_position[static_cast<std::size_t>(pos)] = seats[static_cast<std::size_t>(pgn_seat_of(n, pos))];
    auto game = bots::play_deal(deal, by_position);
    if (!game) return std::unexpected("game " + std::to_string(n) + ": " + game.error());
    ++stats.games;
    if (game->folded())
      ++stats.folded;
    else
      ++(game->result().won ? stats.won : stats.lost);
    // Hand strengths (fields 17..19) need the winning tables, which do not exist yet: 0.
    series.games.push_back(pgn_game_from(*game, n, {0, 0, 0}));
  }
  fill_pgn_result(series);
  return series;
}

}  // namespace skat::cli
