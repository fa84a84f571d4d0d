// The analysis of a finished game with the open-card solver (bots/analysis/game_analysis.h).
#include "bots/analysis/game_analysis.h"

#include <algorithm>

#include "bots/solver/position.h"

namespace skat::bots {

namespace {

// Whether `a` is better for the declarer than `b`: winning first, then more card points.
bool better_for_declarer(const AnalysedCard& a, const AnalysedCard& b) {
  if (a.declarer_wins != b.declarer_wins) return a.declarer_wins;
  return a.declarer_points > b.declarer_points;
}

bool same_worth(const AnalysedCard& a, const AnalysedCard& b) {
  return a.declarer_wins == b.declarer_wins && a.declarer_points == b.declarer_points;
}

// The value of every legal card of the player to move.
std::vector<AnalysedCard> value_cards(PlayState& state, const Declaration& declaration, int target,
                                      OpenSolver& solver) {
  std::vector<AnalysedCard> out;
  if (declaration.type == GameType::Null) {
    for (const CardValue& v : solver.card_values(state)) out.push_back({v.card, 0, v.declarer_wins});
    return out;
  }
  for (const CardValue& v : solver.card_values(state)) {
    AnalysedCard a{v.card, v.declarer_points, v.declarer_points >= target};
    if (declaration.schwarz_announced) {
      state.play(v.card);
      a.declarer_wins = state.defender_tricks() == 0 && (state.all_tricks_played() || solver.declarer_takes_all(state));
      state.undo();
    }
    out.push_back(a);
  }
  return out;
}

}  // namespace

const AnalysedCard& Decision::played_value() const {
  for (const AnalysedCard& c : cards)
    if (c.card == played) return c;
  return best;  // not reached: the played card is legal, so it is among the cards
}

std::expected<GameAnalysis, std::string> analyse_play(PlayState start, const Declaration& declaration,
                                                      std::span<const Card> played, OpenSolver& solver) {
  GameAnalysis a;
  a.declaration = declaration;
  a.declarer = start.declarer();
  a.target = declaration.schneider_announced ? 90 : 61;
  PlayState state = start;
  for (const Card card : played) {
    if (!state.legal_moves().contains(card))
      return std::unexpected("card " + std::to_string(a.decisions.size() + 1) + " (" + card_name(card) +
                             ") is not legal there");
    Decision d;
    d.trick = state.tricks_done();
    d.position = state.to_move();
    d.played = card;
    d.cards = value_cards(state, declaration, a.target, solver);
    const bool declarer = d.position == a.declarer;
    d.best = d.cards.front();
    for (const AnalysedCard& c : d.cards)
      if (declarer ? better_for_declarer(c, d.best) : better_for_declarer(d.best, c)) d.best = c;
    const AnalysedCard& mine = d.played_value();
    d.played_best = same_worth(mine, d.best);
    d.turning_point = mine.declarer_wins != d.best.declarer_wins;
    if (d.cards.size() > 1) a.accuracy[static_cast<std::size_t>(d.position)].add(d.played_best);
    a.decisions.push_back(std::move(d));
    state.play(card);
  }
  return a;
}

GameAnalysis analyse_game(const Game& game, OpenSolver& solver) {
  std::vector<Card> played;
  for (const CompletedTrick& t : game.tricks()) played.insert(played.end(), t.cards.begin(), t.cards.end());
  const PlayState& now = game.play_state();
  for (int i = 0; i < now.trick_size(); ++i) played.push_back(now.trick_card(i));
  // The engine checked every card: the line is legal.
  return *analyse_play(play_start(game), game.declaration().normalized(), played, solver);
}

}  // namespace skat::bots
