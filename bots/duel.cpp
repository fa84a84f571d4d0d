#include "bots/duel.h"

#include <array>
#include <stdexcept>

#include "bots/play_deal.h"
#include "bots/rng.h"
#include "engine/deal.h"
#include "engine/scoring.h"

namespace skat::bots {

double DuelResult::mean_difference() const {
  double sum = 0;
  for (double d : differences) sum += d;
  return differences.empty() ? 0 : sum / static_cast<double>(differences.size());
}

DuelResult duplicate_duel(const PlayerFactory& a, const PlayerFactory& b, int b_seats, int deals, std::uint64_t seed) {
  if (b_seats != 1 && b_seats != 2) throw std::invalid_argument("b_seats must be 1 or 2");
  DuelResult result;
  FastRng deal_rng(seed);
  for (int d = 0; d < deals; ++d) {
    const Deal deal = random_deal(deal_rng);
    const std::uint64_t game_seed = deal_rng();
    // Per position: points of A and of B there, over the three rotations.
    std::array<double, 3> a_at{}, b_at{};
    std::array<int, 3> a_n{}, b_n{};
    for (int rotation = 0; rotation < 3; ++rotation) {
      // The lone bot (B in A A B, A in A B B) sits at position `rotation`.
      std::array<bool, 3> is_b{};
      for (int p = 0; p < 3; ++p) is_b[static_cast<std::size_t>(p)] = (p == rotation) == (b_seats == 1);
      std::array<std::unique_ptr<Player>, 3> owned;
      std::array<Player*, 3> players{};
      for (int p = 0; p < 3; ++p) {
        const std::uint64_t s = game_seed + static_cast<std::uint64_t>(7 * rotation + p);
        owned[static_cast<std::size_t>(p)] = is_b[static_cast<std::size_t>(p)] ? b(s) : a(s);
        players[static_cast<std::size_t>(p)] = owned[static_cast<std::size_t>(p)].get();
      }
      const auto game = play_deal(deal, players);
      if (!game) throw std::runtime_error("duel: " + game.error());
      ++result.games;
      ListGame list;
      if (game->folded()) {
        ++result.folded;
      } else {
        list.folded = false;
        list.declarer = game->declarer();
        list.won = game->result().won;
        list.list_entry = game->result().list_entry;
      }
      const auto points = seeger_fabian_points(list);
      for (int p = 0; p < 3; ++p) {
        const auto i = static_cast<std::size_t>(p);
        DuelSide& side = is_b[i] ? result.b : result.a;
        side.points += points[i];
        ++side.seats;
        (is_b[i] ? b_at : a_at)[i] += points[i];
        ++(is_b[i] ? b_n : a_n)[i];
      }
    }
    double diff = 0;
    for (std::size_t p = 0; p < 3; ++p) diff += b_at[p] / b_n[p] - a_at[p] / a_n[p];
    result.differences.push_back(diff / 3);
    ++result.deals;
  }
  return result;
}

}  // namespace skat::bots
