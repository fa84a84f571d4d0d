// What a position can know about the value of its game before and during the play: the value of
// each declaration it may make now, and the list entry the declarer would be charged for conceding
// now. Computed from the position's SeatView alone, so nothing it may not see is used: the skat of a
// hand game is unknown to the declarer as well, and the values are then ranges over every skat it
// could still be (docs/rules.md §6).
#pragma once

#include <optional>
#include <vector>

#include "engine/seat_view.h"

namespace skat {

struct ValueRange {
  int lowest = 0;
  int highest = 0;
  bool operator==(const ValueRange&) const = default;
};

struct DeclarationValue {
  Declaration declaration;  // as in the view's legal action
  // The game's value if won without reaching a further level in play (schneider or schwarz
  // reached at the table would add to it); fixed for null.
  ValueRange value;
  bool operator==(const DeclarationValue&) const = default;
};

// One entry per legal declaration of the view (empty when it may not declare now).
std::vector<DeclarationValue> declaration_values(const SeatView& view);

// The declarer's list entry if it conceded now, the defenders taking every trick still to play and
// the game scored from there (docs/rules.md §5: a declarer who already holds 61 card points still
// wins); nullopt unless the view is the declarer's during the play.
std::optional<ValueRange> concession_entry(const SeatView& view);

}  // namespace skat
