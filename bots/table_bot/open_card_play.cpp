#include "bots/table_bot/open_card_play.h"

#include <optional>
#include <stdexcept>
#include <vector>

#include "bots/rule_player.h"
#include "engine/seat_view.h"

namespace skat::bots {

namespace {

// The solver's trick questions are about the tricks still to come; a trick already lost decides.
bool declarer_wins(PlayState& state, const Declaration& d, OpenSolver& solver) {
  if (d.type == GameType::Null) return state.declarer_tricks() == 0 && solver.null_declarer_clean(state);
  if (d.schwarz_announced) return state.defender_tricks() == 0 && solver.declarer_takes_all(state);
  return solver.declarer_reaches(state, d.schneider_announced ? 90 : 61);
}

// The same within `node_limit` nodes (0: no limit); nothing when the search stopped at the limit.
std::optional<bool> limited_wins(PlayState state, const Declaration& d, OpenSolver& solver, std::uint64_t node_limit) {
  solver.set_node_limit(node_limit > 0 ? std::optional<std::uint64_t>(node_limit) : std::nullopt);
  const bool wins = declarer_wins(state, d, solver);
  if (solver.aborted()) return std::nullopt;
  return wins;
}

std::optional<bool> wins_after(const PlayState& now, Card card, const Declaration& d, OpenSolver& solver,
                               std::uint64_t node_limit) {
  PlayState next = now;
  next.play(card);
  return limited_wins(next, d, solver, node_limit);
}

// A card of the side to move that keeps `verdict`: the rule-based card if it does, else the first
// of the others, in a random order, that does. Nothing when none is proved to within the limit.
std::optional<Card> keeping_card(const PlayState& now, Card rule, const Declaration& d, bool verdict,
                                 OpenSolver& solver, FastRng& rng, std::uint64_t node_limit) {
  if (wins_after(now, rule, d, solver, node_limit) == verdict) return rule;
  std::vector<Card> cards;
  for (Card c : now.legal_moves())
    if (c != rule) cards.push_back(c);
  for (std::size_t i = cards.size(); i > 1; --i) std::swap(cards[i - 1], cards[rng() % i]);
  for (Card c : cards)
    if (wins_after(now, c, d, solver, node_limit) == verdict) return c;
  return std::nullopt;
}

}  // namespace

bool open_card_verdict(const Game& game, OpenSolver& solver) {
  return *limited_wins(game.play_state(), game.declaration().normalized(), solver, 0);
}

OpenPlayout play_out_open(Game& game, OpenSolver& solver, FastRng& rng, std::uint64_t node_limit) {
  const Declaration d = game.declaration().normalized();
  OpenPlayout out;
  // The verdict as far as known: 1 the declarer wins, 0 he loses, -1 out of the limit's reach.
  auto known = [&] {
    const auto wins = limited_wins(game.play_state(), d, solver, node_limit);
    return wins ? static_cast<int>(*wins) : -1;
  };
  int verdict = known();
  out.verdict_from_first_card = verdict >= 0;
  while (!game.finished()) {
    const int pos = game.to_act();
    if (verdict < 0) verdict = known();
    Card card = rule_card(seat_view(game, pos));
    if (verdict < 0) {
      ++out.cards_by_rule_unsolved;
    } else if ((pos == game.declarer()) == (verdict == 1)) {
      const auto keeping = keeping_card(game.play_state(), card, d, verdict == 1, solver, rng, node_limit);
      if (keeping) {
        card = *keeping;
      } else {  // the keeping card's proof was out of the limit's reach
        if (node_limit == 0) throw std::logic_error("open-card play: no card keeps the verdict");
        ++out.cards_by_rule_unsolved;
        verdict = -1;
      }
    }
    if (auto r = game.apply(Action::play(pos, card)); !r)
      throw std::logic_error("open-card play: an illegal card: " + std::string(to_string(r.error())));
  }
  solver.set_node_limit(std::nullopt);
  return out;
}

}  // namespace skat::bots
