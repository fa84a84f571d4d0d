#include "bots/table_bot/announcements.h"

#include <algorithm>
#include <array>
#include <vector>

#include "bots/table_bot/contract_evaluator.h"
#include "engine/deal.h"
#include "engine/play_state.h"

namespace skat::bots {

AnnouncementChances announcement_chances(CardSet hand, GameType type, int position, int worlds, FastRng& rng,
                                         OpenSolver& solver, std::chrono::steady_clock::time_point deadline,
                                         std::uint64_t node_budget) {
  std::vector<Card> unseen;
  for (Card c : CardSet::all() - hand) unseen.push_back(c);
  AnnouncementChances out;
  int schneider = 0, schwarz = 0;
  solver.set_deadline(deadline);
  solver.set_node_limit(node_budget);
  for (int w = 0; w < worlds && std::chrono::steady_clock::now() < deadline; ++w) {
    for (std::size_t i = unseen.size(); i > 1; --i)
      std::swap(unseen[i - 1], unseen[static_cast<std::size_t>(uniform_below(rng, i))]);
    std::array<CardSet, 3> hands;
    hands[static_cast<std::size_t>(position)] = hand;
    CardSet skat;
    std::size_t next = 0;
    for (int p = 0; p < 3; ++p) {
      if (p == position) continue;
      for (int k = 0; k < 10; ++k) hands[static_cast<std::size_t>(p)].add(unseen[next++]);
    }
    skat.add(unseen[next]);
    skat.add(unseen[next + 1]);
    PlayState start(type, hands, position, card_points(skat));
    solver.clear();
    const bool all = solver.declarer_takes_all(start);
    const bool ninety = all || solver.declarer_reaches(start, 90);
    if (solver.aborted()) {
      out.cut_by_clock = !solver.node_limit_reached();
      break;
    }
    schwarz += all ? 1 : 0;
    schneider += ninety ? 1 : 0;
    ++out.worlds;
  }
  if (out.worlds < worlds && !solver.aborted()) out.cut_by_clock = true;  // the loop found the deadline passed
  solver.set_deadline(std::nullopt);
  solver.set_node_limit(std::nullopt);
  const double n = out.worlds + 1.0;
  out.schneider = schneider / n;
  out.schwarz = schwarz / n;
  return out;
}

Declaration choose_announcement(const Declaration& plain, double win, int value, int bid,
                                const AnnouncementChances& chances, int defender_bonus) {
  if (plain.type == GameType::Null || !plain.hand) return plain;
  const int base = base_value(plain);
  const int levels = value / base;  // matadors + game + hand
  struct Option {
    Declaration declaration;
    double win;
    int value;
  };
  Declaration schneider = plain, schwarz = plain, ouvert = plain;
  schneider.schneider_announced = true;
  schwarz.schneider_announced = schwarz.schwarz_announced = true;
  ouvert.schneider_announced = ouvert.schwarz_announced = ouvert.ouvert = true;
  // Reached and announced each add a level: schneider 2, schwarz 4 (with schneider's), ouvert 1 more.
  const std::array<Option, 4> options{{{plain, win, value},
                                       {schneider, std::min(win, chances.schneider), base * (levels + 2)},
                                       {schwarz, std::min(win, chances.schwarz), base * (levels + 4)},
                                       {ouvert, std::min(win, chances.schwarz), base * (levels + 5)}}};
  const Option* best = &options[0];
  double best_payoff = -1e18;
  for (const Option& o : options) {
    const double payoff =
        o.value >= bid ? expected_payoff(o.win, o.value, defender_bonus) : overbid_payoff(bid, defender_bonus);
    if (payoff > best_payoff) {
      best_payoff = payoff;
      best = &o;
    }
  }
  return best->declaration;
}

}  // namespace skat::bots
