// The error values that rule checks return (engine boundary: std::expected<…, RuleError>).
// Each has a stable snake_case code (used in protocol messages and records) via to_string.
#pragma once

#include <cstdint>
#include <string_view>

namespace skat {

enum class RuleError : std::uint8_t {
  WrongPhase,              // the action does not belong to the current phase of the game
  NotYourTurn,             // another position is to act
  IllegalBidValue,         // not one of the 63 game values
  BidTooLow,               // a bid must exceed the current one (FH alone: exactly 18)
  NotDeclarer,             // only the declarer may do this
  CardNotHeld,             // the card is not in the player's hand
  MustFollowSuit,          // the player holds a card of the led suit (or trump)
  BadDiscard,              // discard must be two different cards of the declarer's twelve
  AnnouncementNotAllowed,  // e.g. schneider announced after pickup, hand flag after pickup
  NullBelowBid,            // a null game whose fixed value is below the bid
  AlreadyConceded,         // the defender has already conceded
  KontraNotAllowed,        // no Kontra at this table, by the declarer, twice, or after the first card
  ReNotAllowed,            // Re only by the declarer after a Kontra, before his next card
};

std::string_view to_string(RuleError e);

}  // namespace skat
