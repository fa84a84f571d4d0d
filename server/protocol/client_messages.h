// Typed client → server messages and their parser: the only place that knows the JSON field
// names of requests. Parsing validates everything (size, UTF-8, type, required/unknown fields,
// JSON types, ranges, string lengths, card names) and never throws.
// Positions in parsed actions are unset (0): the seat always comes from the connection.
#pragma once

#include <cstddef>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "engine/game.h"
#include "server/protocol/errors.h"

namespace skat::protocol {

inline constexpr int kProtocolVersion = 1;
inline constexpr std::size_t kMaxMessageBytes = 16 * 1024;  // a client message, as received
inline constexpr std::size_t kMaxNameBytes = 32;            // display / bot names
inline constexpr std::size_t kMaxTokenBytes = 256;          // auth tokens / passwords
inline constexpr std::size_t kMaxChatBytes = 300;           // one chat line
inline constexpr std::size_t kMaxEventBytes = 64;           // table event name
inline constexpr std::size_t kMaxBotSpecBytes = 256;        // a bot's announced program (bots/bot_factory.h)
inline constexpr int kMaxDeals = 360;                       // deals per series

using TableId = std::int64_t;

// {"type":"hello","protocol":1,"name":"anna","token":"…","bot":false}
struct Hello {
  int protocol = kProtocolVersion;
  std::string name;
  std::string token;  // optional in JSON; empty when absent
  bool bot = false;
  std::string kind;  // bots: the program it runs (a bot spec, e.g. "pimc:worlds=20"); empty when absent
};
struct LobbyRequest {};  // {"type":"lobby"}
struct Ping {};          // {"type":"ping"}
// {"type":"create_table","deals":36,"event":"Training"}  (both optional)
struct CreateTable {
  std::optional<int> deals;
  std::optional<std::string> event;
};
// {"type":"join_table","table":7,"seat":1}  (seat optional: the first free one)
struct JoinTable {
  TableId table = 0;
  std::optional<int> seat;
};
struct LeaveTable {  // {"type":"leave_table","table":7}
  TableId table = 0;
};
struct WatchTable {  // {"type":"watch_table","table":7}: join as spectator
  TableId table = 0;
};
// {"type":"add_bot","table":7,"seat":2,"bot":"simple"}: a kind or a bot account name
struct AddBot {
  TableId table = 0;
  int seat = 0;
  std::string bot;
};
struct StartSeries {  // {"type":"start_series","table":7}
  TableId table = 0;
};
// {"type":"resume","table":7,"version":123}: last version seen; 0 = never seen anything
struct Resume {
  TableId table = 0;
  std::int64_t version = 0;
};
// bid / hold / pass / pickup / discard / declare / play / concede, e.g.
// {"type":"bid","table":7,"value":18}, {"type":"play","table":7,"card":"CJ"}.
// action.pos is 0 here; the table sets it from the seat.
// An optional "version" names the act request answered: when the table has moved on since (the
// move clock ran out), the command is refused as stale instead of being taken for the next turn.
struct GameCommand {
  TableId table = 0;
  Action action;
  std::optional<std::int64_t> version;
};
struct Chat {  // {"type":"chat","table":7,"text":"gg"}
  TableId table = 0;
  std::string text;
};

using ClientBody = std::variant<Hello, LobbyRequest, Ping, CreateTable, JoinTable, LeaveTable, WatchTable, AddBot,
                                StartSeries, Resume, GameCommand, Chat>;

struct ClientMessage {
  std::optional<std::int64_t> id;  // optional request id "id", echoed in error replies
  ClientBody body;
};

// The message type string of a body ("hello", "bid", …).
std::string_view type_name(const ClientBody& body);
// The table a body addresses, if any.
std::optional<TableId> table_of(const ClientBody& body);

std::expected<ClientMessage, ProtocolError> parse_client_message(std::string_view text);

}  // namespace skat::protocol
