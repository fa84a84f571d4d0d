// The help an act request carries for a person deciding (docs/protocol.md §5, "hints"): the value of
// each declaration the seat may make now and, for the declarer during the play, the list entry
// conceding would be charged. Both come from engine/declaration_values.h and use only the seat's
// own view, so they reveal nothing it may not see.
#pragma once

#include <string>

#include "engine/seat_view.h"

namespace skat::protocol {

// Appends `,"hints":{…}` to an object being written, or nothing when there is no hint.
void append_act_hints(std::string& out, const SeatView& view);

}  // namespace skat::protocol
