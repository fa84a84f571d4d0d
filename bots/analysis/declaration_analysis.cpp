// The analysis of a declaration with every hand open (bots/analysis/declaration_analysis.h).
#include "bots/analysis/declaration_analysis.h"

#include <algorithm>

#include "engine/scoring.h"

namespace skat::bots {

namespace {

// The alternatives: every game type with the declared hand flag and no announcement, and null
// ouvert; the declared game is added when it is none of them (announcements, ouvert suit games).
std::vector<Declaration> choices(const Declaration& declared) {
  std::vector<Declaration> out;
  for (GameType type :
       {GameType::Clubs, GameType::Spades, GameType::Hearts, GameType::Diamonds, GameType::Grand, GameType::Null})
    out.push_back(Declaration{type, declared.hand, false, false, false});
  out.push_back(Declaration{GameType::Null, declared.hand, false, false, true});
  if (std::ranges::find(out, declared) == out.end()) out.push_back(declared);
  return out;
}

// Plays `choice` out with open cards from the first lead and scores it at the game's bid.
GameChoice solve(const Game& game, const Declaration& choice, OpenSolver& solver) {
  GameChoice c;
  c.declaration = choice;
  const Deal& deal = game.deal();
  const int d = game.declarer();
  const auto di = static_cast<std::size_t>(d);
  std::array<CardSet, 3> hands = deal.hands;
  const CardSet counted = game.picked_up() ? game.discard() : deal.skat;
  if (game.picked_up()) hands[di] = (hands[di] | deal.skat) - game.discard();
  const Declaration normal = choice.normalized();
  const bool null = normal.type == GameType::Null;
  PlayState start(normal.type, hands, d, null ? 0 : card_points(counted));
  GameOutcome o;
  o.declaration = normal;
  o.bid = game.bid();
  o.declarer_cards_and_skat = deal.hands[di] | deal.skat;
  if (null) {
    const bool clean = solver.null_declarer_clean(start);
    if (solver.aborted()) return c;
    o.declarer_tricks = clean ? 0 : 1;
    o.defender_tricks = 10 - o.declarer_tricks;
  } else {
    const int points = solver.exact_points(start);
    if (solver.aborted()) return c;
    const bool all = points == 120 && (start.out_of_cards() || solver.declarer_takes_all(start));
    if (solver.aborted()) return c;
    o.declarer_points = points;
    // Only schwarz depends on the tricks: all of them, or some for each side (the declarer's own
    // schwarz, without a trick at all, is not looked for: his lost game counts schneider then).
    o.declarer_tricks = all ? 10 : 5;
    o.defender_tricks = 10 - o.declarer_tricks;
    c.declarer_points = points;
  }
  const GameResult r = score_game(o);
  c.valued = true;
  c.list_entry = r.list_entry;
  c.covers_bid = !r.overbid;
  // Won at perfect play, the bid left aside: the value alone would have decided it.
  GameOutcome unbid = o;
  unbid.bid = 0;
  c.declarer_wins = score_game(unbid).won;
  return c;
}

}  // namespace

DeclarationAnalysis analyse_declaration(const Game& game, OpenSolver& solver, std::optional<std::uint64_t> nodes) {
  DeclarationAnalysis a;
  const Declaration declared = game.declaration();
  solver.set_node_limit(nodes);
  // The declared game first: a spent budget leaves the alternatives, not it, unvalued.
  std::vector<Declaration> all = choices(declared);
  const auto at = static_cast<std::size_t>(std::ranges::find(all, declared) - all.begin());
  std::vector<std::size_t> order{at};
  for (std::size_t i = 0; i < all.size(); ++i)
    if (i != at) order.push_back(i);
  a.games.resize(all.size());
  for (std::size_t i : order) {
    a.games[i] = solver.aborted() ? GameChoice{all[i]} : solve(game, all[i], solver);
    a.games[i].declaration = all[i];
  }
  solver.set_node_limit(std::nullopt);
  a.declared = at;
  for (std::size_t i = 0; i < a.games.size(); ++i)
    if (a.games[i].valued && (!a.best || a.games[i].list_entry > a.games[*a.best].list_entry)) a.best = i;
  const GameChoice& mine = a.games[at];
  const auto wins_at_bid = [](const GameChoice& g) { return g.valued && g.declarer_wins && g.covers_bid; };
  a.turning_point = mine.valued && !wins_at_bid(mine) && std::ranges::any_of(a.games, wins_at_bid);
  a.bid_too_high = std::ranges::none_of(a.games, wins_at_bid) &&
                   std::ranges::any_of(a.games, [](const GameChoice& g) { return g.valued && g.declarer_wins; });
  a.put = analyse_skat_put(game, solver);
  return a;
}

}  // namespace skat::bots
