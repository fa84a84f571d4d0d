// Protocol error codes: the stable snake_case strings sent in {"type":"error","code":…} messages
// (docs/protocol.md lists them), and the error value every parser and table call returns.
// Engine rule errors map onto `illegal_action` with the engine's own code as detail.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace skat::protocol {

enum class ErrorCode : std::uint8_t {
  BadJson,       // not valid JSON (or not valid UTF-8)
  TooLarge,      // message above kMaxMessageBytes or a string above its limit
  RateLimited,   // more messages than the connection's rate limit allows (the message was dropped)
  UnknownType,   // "type" missing or not a known client message
  MissingField,  // a required field is absent
  BadField,      // a field has the wrong JSON type or is out of range (card name, bid value…)
  UnknownField,  // a field the message type does not define
  NotAuthenticated,
  AuthFailed,
  NoSuchTable,
  NotSeated,  // the connection has no seat at that table
  SeatTaken,
  TableFull,
  AlreadySeated,
  SeriesRunning,  // e.g. start_series twice, leave a seat mid-series
  SeriesNotRunning,
  NotReady,  // start_series with a seat still free
  NotYourTurn,
  IllegalAction,  // the engine rejected the action (detail: engine RuleError code)
  Stale,          // a game command answers an act request the table has moved on from
  TooManyTables,  // the player, connection or address (or the server) holds as many open tables as it may
  TooManyBots,    // add_bot beyond the pool bots one player's tables may hold
  TooManyGuests,  // a new guest beyond what one address may create per hour
  NotAllowed,     // the sender may not do this here (e.g. add_bot at someone else's table)
  OtherNode,      // the table lives on another node (the error names it): talk to that node
  ChatLimited,    // chat faster than a player's chat rate allows (the line was dropped)
  ChatFull,       // the current game's chat holds as many lines or bytes as it may (the line was dropped)
  Internal,
};

std::string_view to_string(ErrorCode code);

struct ProtocolError {
  ErrorCode code = ErrorCode::Internal;
  std::string message;  // human readable detail, safe to send to the client

  bool operator==(const ProtocolError&) const = default;
};

}  // namespace skat::protocol
