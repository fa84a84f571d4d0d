#include "engine/errors.h"

namespace skat {

std::string_view to_string(RuleError e) {
  switch (e) {
    case RuleError::WrongPhase: return "wrong_phase";
    case RuleError::NotYourTurn: return "not_your_turn";
    case RuleError::IllegalBidValue: return "illegal_bid_value";
    case RuleError::BidTooLow: return "bid_too_low";
    case RuleError::NotDeclarer: return "not_declarer";
    case RuleError::CardNotHeld: return "card_not_held";
    case RuleError::MustFollowSuit: return "must_follow_suit";
    case RuleError::BadDiscard: return "bad_discard";
    case RuleError::AnnouncementNotAllowed: return "announcement_not_allowed";
    case RuleError::NullBelowBid: return "null_below_bid";
    case RuleError::AlreadyConceded: return "already_conceded";
    case RuleError::KontraNotAllowed: return "kontra_not_allowed";
    case RuleError::ReNotAllowed: return "re_not_allowed";
  }
  return "unknown";
}

}  // namespace skat
