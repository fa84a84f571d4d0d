// The analysis of a finished game with the open-card solver (bots/analysis/game_analysis.h).
#include "bots/analysis/game_analysis.h"

#include <algorithm>

#include "bots/solver/position.h"

namespace skat::bots {

namespace {

// Whether `a` is better for the declarer than `b`: winning first, then more card points, then
// every trick.
bool better_for_declarer(const AnalysedCard& a, const AnalysedCard& b) {
  if (a.declarer_wins != b.declarer_wins) return a.declarer_wins;
  if (a.declarer_points != b.declarer_points) return a.declarer_points > b.declarer_points;
  return a.declarer_takes_all && !b.declarer_takes_all;
}

bool same_worth(const AnalysedCard& a, const AnalysedCard& b) {
  return a.declarer_wins == b.declarer_wins && a.declarer_points == b.declarer_points &&
         a.declarer_takes_all == b.declarer_takes_all;
}

// After the card just played: does the declarer fulfil his game with perfect play from here?
bool declarer_wins(PlayState& s, const Declaration& declaration, int target, OpenSolver& solver) {
  if (declaration.type == GameType::Null) return s.declarer_tricks() == 0 && solver.null_declarer_clean(s);
  if (declaration.schwarz_announced)
    return s.defender_tricks() == 0 && (s.out_of_cards() || solver.declarer_takes_all(s));
  return solver.declarer_reaches(s, target);
}

// The best card, whether the played one is as good and whether it turned the game; the accuracy.
void judge(Decision& d, int declarer) {
  const bool by_declarer = d.position == declarer;
  d.best = d.cards.front();
  for (const AnalysedCard& c : d.cards)
    if (by_declarer ? better_for_declarer(c, d.best) : better_for_declarer(d.best, c)) d.best = c;
  const AnalysedCard& mine = d.played_value();
  d.played_best = same_worth(mine, d.best);
  d.turning_point = mine.declarer_wins != d.best.declarer_wins;
  const auto schneider = [](int points) { return points >= 90 ? 1 : points <= 30 ? -1 : 0; };
  d.schneider_turn = !d.turning_point && mine.exact && d.best.exact &&
                     schneider(mine.declarer_points) != schneider(d.best.declarer_points);
  d.schwarz_turn = !d.turning_point && !d.schneider_turn && mine.declarer_takes_all != d.best.declarer_takes_all;
}

}  // namespace

const AnalysedCard& Decision::played_value() const {
  for (const AnalysedCard& c : cards)
    if (c.card == played) return c;
  return best;  // not reached: the played card is legal, so it is among the cards
}

bool Decision::exact() const {
  return valued && std::ranges::all_of(cards, [](const AnalysedCard& c) { return c.exact; });
}

std::expected<GameAnalysis, std::string> analyse_play(PlayState start, const Declaration& declaration,
                                                      std::span<const Card> played, OpenSolver& solver,
                                                      const AnalysisLimits& limits) {
  GameAnalysis a;
  a.declaration = declaration;
  a.declarer = start.declarer();
  a.target = declaration.schneider_announced ? 90 : 61;
  const bool null = declaration.type == GameType::Null;
  // The position before each card, the card checked.
  std::vector<PlayState> before;
  PlayState state = start;
  for (const Card card : played) {
    if (!state.legal_moves().contains(card))
      return std::unexpected("card " + std::to_string(before.size() + 1) + " (" + card_name(card) +
                             ") is not legal there");
    Decision d;
    d.trick = state.tricks_done();
    d.position = state.to_move();
    d.played = card;
    a.decisions.push_back(d);
    before.push_back(state);
    state.play(card);
  }
  // From the last card back to the first, so that a budget spent leaves the first (largest)
  // positions without values rather than the small ones. First the outcome of every card …
  solver.set_node_limit(limits.outcome_nodes);
  for (std::size_t i = a.decisions.size(); i-- > 0;) {
    Decision& d = a.decisions[i];
    PlayState& s = before[i];
    for (const Card c : s.legal_moves()) {
      s.play(c);
      const bool wins = declarer_wins(s, declaration, a.target, solver);
      s.undo();
      d.cards.push_back({c, 0, wins, null});
    }
    if (solver.aborted()) {
      d.cards.clear();
      break;
    }
    d.valued = true;
    judge(d, a.declarer);
  }
  // … then the card points of every card (suit and grand).
  if (!null) {
    solver.set_node_limit(limits.points_nodes);
    for (std::size_t i = a.decisions.size(); i-- > 0;) {
      Decision& d = a.decisions[i];
      if (!d.valued) break;
      const std::vector<CardValue> values = solver.card_values(before[i]);  // in card order, as d.cards
      if (solver.aborted()) break;
      for (std::size_t k = 0; k < values.size(); ++k) {
        d.cards[k].declarer_points = values[k].declarer_points;
        d.cards[k].exact = true;
      }
      judge(d, a.declarer);
    }
    // … then schwarz, where a card leaves the declarer all 120 points (the solver's takes-all search).
    solver.set_node_limit(limits.schwarz_nodes);
    for (std::size_t i = a.decisions.size(); i-- > 0;) {
      Decision& d = a.decisions[i];
      if (!d.exact()) break;
      if (std::ranges::none_of(d.cards, [](const AnalysedCard& c) { return c.declarer_points == 120; })) continue;
      PlayState& s = before[i];
      for (AnalysedCard& c : d.cards) {
        if (c.declarer_points != 120) continue;
        s.play(c.card);
        c.declarer_takes_all = s.defender_tricks() == 0 && (s.out_of_cards() || solver.declarer_takes_all(s));
        s.undo();
      }
      if (solver.aborted()) {
        for (AnalysedCard& c : d.cards) c.declarer_takes_all = false;  // not known: no turn claimed
        judge(d, a.declarer);
        break;
      }
      judge(d, a.declarer);
    }
  }
  solver.set_node_limit(std::nullopt);
  for (const Decision& d : a.decisions)
    if (d.exact() && d.cards.size() > 1) a.accuracy[static_cast<std::size_t>(d.position)].add(d.played_best);
  return a;
}

GameAnalysis analyse_game(const Game& game, OpenSolver& solver, const AnalysisLimits& limits) {
  std::vector<Card> played;
  for (const CompletedTrick& t : game.tricks()) played.insert(played.end(), t.cards.begin(), t.cards.end());
  const PlayState& now = game.play_state();
  for (int i = 0; i < now.trick_size(); ++i) played.push_back(now.trick_card(i));
  // The engine checked every card: the line is legal.
  return *analyse_play(play_start(game), game.declaration().normalized(), played, solver, limits);
}

}  // namespace skat::bots
