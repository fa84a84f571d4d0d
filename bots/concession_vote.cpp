// The concession vote as a defender sees it (concession_vote.h).
#include "bots/concession_vote.h"

#include <algorithm>

namespace skat::bots {

std::optional<Action> partner_concession(const SeatView& view) {
  if (view.phase != Phase::Playing || view.declarer < 0 || view.pos == view.declarer) return std::nullopt;
  const int partner = 3 - view.pos - view.declarer;
  if (!view.conceded[static_cast<std::size_t>(partner)] || view.conceded[static_cast<std::size_t>(view.pos)])
    return std::nullopt;
  const auto concede = std::ranges::find_if(view.legal, [](const Action& a) { return a.kind == ActionKind::Concede; });
  if (concede == view.legal.end()) return std::nullopt;
  return *concede;
}

bool concession_costs_nothing(const SeatView& view) {
  if (!view.declaration) return false;
  const Declaration& d = *view.declaration;
  if (d.type == GameType::Null) return true;
  int points = 0, tricks = 0;
  for (const CompletedTrick& t : view.tricks)
    if (t.winner != view.declarer) {
      points += t.points;
      ++tricks;
    }
  if (d.schwarz_announced || d.ouvert) return true;  // lost with the defenders' first trick: they take none
  return tricks > 0 && (points >= 31 || d.schneider_announced);
}

std::optional<Action> agree_when_already_won(const SeatView& view) {
  const auto concede = partner_concession(view);
  if (!concede || !view.declaration) return std::nullopt;
  const Declaration& d = *view.declaration;
  if (d.type == GameType::Null || d.schwarz_announced || d.ouvert) return std::nullopt;
  int declarers = 0;
  for (const CompletedTrick& t : view.tricks)
    if (t.winner == view.declarer) declarers += t.points;
  const int needed = d.schneider_announced ? 90 : 61;
  if (declarers < needed || !concession_costs_nothing(view)) return std::nullopt;
  return concede;
}

}  // namespace skat::bots
