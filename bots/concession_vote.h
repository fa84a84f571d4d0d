// A defender's side of a concession vote (docs/rules.md §5): whether his partner's vote waits for his
// answer, whether giving the declarer the rest of the tricks costs the defenders more than the game,
// and the answer of the players that do not search (simple, rule): agree only once the declarer's
// tricks already hold what his game needs. The searching players answer from their own search
// (bots/pimc/pimc_player.h, concession_answer).
#pragma once

#include <optional>

#include "engine/game.h"
#include "engine/seat_view.h"

namespace skat::bots {

// The Concede action that answers the partner's vote: the view's seat is a defender in trick play,
// his partner has conceded and he has not. Empty otherwise.
std::optional<Action> partner_concession(const SeatView& view);

// Whether conceding now costs the defenders nothing beyond the game once it is lost: in Null the
// loss is the same; in a suit game or grand the conceded tricks could add schneider or schwarz,
// unless they took a trick already and 31 card points (or the declarer announced schneider, or plays
// a game that the defenders' first trick would end).
bool concession_costs_nothing(const SeatView& view);

// The answer without search: agree when the declarer's tricks already count 61 card points (90 if
// he announced schneider) in a suit game or grand, so that no card can change the outcome, and
// conceding costs nothing more. Never in Null or a game with schwarz announced, where only the
// last trick decides.
std::optional<Action> agree_when_already_won(const SeatView& view);

}  // namespace skat::bots
