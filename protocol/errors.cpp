#include "protocol/errors.h"

namespace skat::protocol {

std::string_view to_string(ErrorCode code) {
  switch (code) {
    case ErrorCode::BadJson: return "bad_json";
    case ErrorCode::TooLarge: return "too_large";
    case ErrorCode::RateLimited: return "rate_limited";
    case ErrorCode::UnknownType: return "unknown_type";
    case ErrorCode::MissingField: return "missing_field";
    case ErrorCode::BadField: return "bad_field";
    case ErrorCode::UnknownField: return "unknown_field";
    case ErrorCode::NotAuthenticated: return "not_authenticated";
    case ErrorCode::AuthFailed: return "auth_failed";
    case ErrorCode::NoSuchTable: return "no_such_table";
    case ErrorCode::OtherNode: return "other_node";
    case ErrorCode::NotSeated: return "not_seated";
    case ErrorCode::SeatTaken: return "seat_taken";
    case ErrorCode::TableFull: return "table_full";
    case ErrorCode::AlreadySeated: return "already_seated";
    case ErrorCode::SeriesRunning: return "series_running";
    case ErrorCode::SeriesNotRunning: return "series_not_running";
    case ErrorCode::NotReady: return "not_ready";
    case ErrorCode::NotYourTurn: return "not_your_turn";
    case ErrorCode::IllegalAction: return "illegal_action";
    case ErrorCode::Stale: return "stale";
    case ErrorCode::TooManyTables: return "too_many_tables";
    case ErrorCode::TooManyBots: return "too_many_bots";
    case ErrorCode::TooManyGuests: return "too_many_guests";
    case ErrorCode::NotAllowed: return "not_allowed";
    case ErrorCode::ChatLimited: return "chat_limited";
    case ErrorCode::ChatFull: return "chat_full";
    case ErrorCode::Internal: return "internal";
  }
  return "internal";
}

}  // namespace skat::protocol
