// JSON forms of engine values shared by client and server messages: cards ("CJ"), card lists,
// declarations, actions and the full SeatView, both ways, so a networked bot rebuilds exactly
// the SeatView the server computed. Decoders validate and never throw.
#pragma once

#include <expected>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "engine/game.h"
#include "engine/seat_view.h"
#include "protocol/errors.h"

namespace skat::protocol {

using Json = nlohmann::json;

Json card_to_json(Card card);
// Ascending card order.
Json cards_to_json(CardSet cards);
std::expected<Card, ProtocolError> card_from_json(const Json& j);
// A list of distinct card names.
std::expected<CardSet, ProtocolError> cards_from_json(const Json& j);

// {"game":"G","hand":false,"schneider":false,"schwarz":false,"ouvert":false}; game ∈ C S H D G N.
Json declaration_to_json(const Declaration& d);
std::expected<Declaration, ProtocolError> declaration_from_json(const Json& j);

// {"type":"bid","pos":1,"value":18}; hold, pass, pickup, concede: {"type":…,"pos":p};
// {"type":"discard","pos":0,"cards":["CJ","S7"]}; {"type":"play","pos":2,"card":"HT"};
// {"type":"declare","pos":0,"game":"G","hand":true,…}.
Json action_to_json(const Action& a);
// Reads the same form; "pos" is optional (0 when absent), "table" is ignored, other unknown
// fields are an error.
std::expected<Action, ProtocolError> action_from_json(const Json& j);

std::string_view action_name(ActionKind kind);                 // "bid" "hold" "pass" "pickup" "discard" …
std::optional<ActionKind> action_kind(std::string_view name);  // the inverse; nullopt for another word
std::string_view phase_name(Phase p);                          // bidding skat declaring… see docs/protocol.md
Json seat_view_to_json(const SeatView& view);
std::expected<SeatView, ProtocolError> seat_view_from_json(const Json& j);

// Serialises without throwing (invalid UTF-8 is replaced, never rejected).
std::string to_text(const Json& j);

}  // namespace skat::protocol
