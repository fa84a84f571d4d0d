// The analysis of a skat put with every hand open (bots/analysis/skat_put_analysis.h).
#include "bots/analysis/skat_put_analysis.h"

#include <vector>

#include "engine/scoring.h"

namespace skat::bots {

namespace {

// What the declarer must reach for the declared game to cover the bid (suit and grand): 61 card
// points, schneider (90) or every trick; none when not even schwarz covers it. The value depends
// on the put only through schneider and schwarz: the matadors count his cards and the skat.
enum class Need { Game, Schneider, Schwarz, Unreachable };

Need need(const Game& game, const Declaration& normal) {
  const Deal& deal = game.deal();
  const auto di = static_cast<std::size_t>(game.declarer());
  for (const Need n : {Need::Game, Need::Schneider, Need::Schwarz}) {
    GameOutcome o;
    o.declaration = normal;
    o.bid = game.bid();
    o.declarer_cards_and_skat = deal.hands[di] | deal.skat;
    o.declarer_points = n == Need::Game ? 61 : n == Need::Schneider ? 90 : 120;
    o.declarer_tricks = n == Need::Schwarz ? 10 : 5;
    o.defender_tricks = 10 - o.declarer_tricks;
    const GameResult r = score_game(o);
    if (r.won && !r.overbid) return n;
  }
  return Need::Unreachable;
}

// Whether the declared game, with `put` laid away, wins at the bid under perfect play.
bool wins_with(const Game& game, const Declaration& normal, Need n, CardSet put, OpenSolver& solver) {
  const Deal& deal = game.deal();
  const int d = game.declarer();
  std::array<CardSet, 3> hands = deal.hands;
  const auto di = static_cast<std::size_t>(d);
  hands[di] = (hands[di] | deal.skat) - put;
  const bool null = normal.type == GameType::Null;
  PlayState start(normal.type, hands, d, null ? 0 : card_points(put));
  if (null) return solver.null_declarer_clean(start);
  if (n == Need::Schwarz) return solver.declarer_takes_all(start);
  return solver.declarer_reaches(start, n == Need::Game ? 61 : 90);
}

std::array<Card, 2> pair_of(CardSet put) {
  const Card first = put.first();
  return {first, (put - CardSet{first}).first()};
}

}  // namespace

std::optional<SkatPutAnalysis> analyse_skat_put(const Game& game, OpenSolver& solver,
                                                std::optional<std::uint64_t> nodes) {
  if (!game.picked_up()) return std::nullopt;
  SkatPutAnalysis a;
  a.put = pair_of(game.discard());
  const Declaration normal = game.declaration().normalized();
  const Need n = normal.type == GameType::Null ? Need::Game : need(game, normal);
  if (n == Need::Unreachable) {
    // No put covers the bid: it was too high whatever he put (the declaration analysis says so).
    a.bid_reachable = false;
    a.valued = true;
    return a;
  }
  solver.set_node_limit(nodes);
  const bool own = wins_with(game, normal, n, game.discard(), solver);
  if (!solver.aborted()) {
    a.valued = true;
    a.wins = own;
    a.tried = 1;
    const CardSet twelve = game.deal().hands[static_cast<std::size_t>(game.declarer())] | game.deal().skat;
    std::vector<Card> cards;
    for (const Card c : twelve) cards.push_back(c);
    for (std::size_t i = 0; !a.wins && !a.winning && !solver.aborted() && i < cards.size(); ++i)
      for (std::size_t j = i + 1; j < cards.size(); ++j) {
        const CardSet put{cards[i], cards[j]};
        if (put == game.discard()) continue;
        const bool wins = wins_with(game, normal, n, put, solver);
        if (solver.aborted()) break;
        ++a.tried;
        if (wins) {
          a.winning = pair_of(put);
          break;
        }
      }
  }
  solver.set_node_limit(std::nullopt);
  a.turning_point = a.valued && !a.wins && a.winning.has_value();
  return a;
}

}  // namespace skat::bots
