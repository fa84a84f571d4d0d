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
#include <type_traits>
#include <variant>

#include "engine/game.h"
#include "protocol/errors.h"

namespace skat::protocol {

inline constexpr int kProtocolVersion = 1;
inline constexpr std::size_t kMaxMessageBytes = 16 * 1024;  // a client message, as received
inline constexpr std::size_t kMaxNameBytes = 32;            // display / bot names
inline constexpr std::size_t kMaxTokenBytes = 256;          // auth tokens / passwords
inline constexpr std::size_t kMaxChatBytes = 300;           // one chat line
inline constexpr std::size_t kMaxEventBytes = 64;           // table event name
inline constexpr std::size_t kMaxBotSpecBytes = 256;        // a bot's announced program (bots/bot_factory.h)
inline constexpr int kMaxBotSeats = 16;                     // seats one bot connection plays at once
inline constexpr int kMaxDeals = 360;                       // deals per series
inline constexpr std::size_t kMaxTableKeyBytes = 64;        // a private table's key, as sent

using TableId = std::int64_t;

// {"type":"hello","protocol":1,"name":"anna","token":"…","bot":false}
struct Hello {
  int protocol = kProtocolVersion;
  std::string name;
  std::string token;  // optional in JSON; empty when absent
  bool bot = false;
  std::string kind;           // bots: the program it runs (a bot spec, e.g. "pimc:worlds=20"); empty when absent
  std::optional<bool> hints;  // act requests with hints (absent: yes for people, no for bots)
  int seats = 1;              // bots: seats this connection plays at once, at different tables (1..kMaxBotSeats)
};
struct LobbyRequest {};  // {"type":"lobby"}
struct Ping {};          // {"type":"ping"}
// {"type":"create_table","deals":36,"event":"Training","private":true,"kontra":true}  (all optional)
struct CreateTable {
  std::optional<int> deals;
  std::optional<std::string> event;
  bool private_table = false;  // only its link (with the key of table_created) lets others in
  bool kontra = false;         // the table plays with Kontra and Re (docs/rules.md §8)
};
// {"type":"join_table","table":7,"seat":1,"key":"…"}  (seat optional: the first free one; key: a
// private table's, from its link)
struct JoinTable {
  TableId table = 0;
  std::optional<int> seat;
  std::string key;
  bool invited = false;  // set by the hub for a bot it invited there, never read from a message
};
struct LeaveTable {  // {"type":"leave_table","table":7}
  TableId table = 0;
};
struct WatchTable {  // {"type":"watch_table","table":7,"key":"…"}: join as spectator (key: as join_table)
  TableId table = 0;
  std::string key;
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
// {"type":"result_wait","table":7,"until_ready":true}: after each game the seat's move clock waits
// for its `ready` (at most the server's bound) instead of the fixed result pause
struct ResultWait {
  TableId table = 0;
  bool until_ready = false;
};
// {"type":"ready","table":7,"game":5}: the seat's player has seen the previous game's result and
// goes on to game 5 (0-based): its move clock in that game may start now
struct Ready {
  TableId table = 0;
  int game = 0;
};
// {"type":"remove_player","table":7,"seat":1}: the table's creator frees a seat before the series
struct RemovePlayer {
  TableId table = 0;
  int seat = 0;
};

// {"type":"decline_challenge","tournament":7}: a bot account declines a tournament another player
// started against it (the `challenge` it was told of); the tournament ends and says so
struct DeclineChallenge {
  std::int64_t tournament = 0;
};

// Every message is of one of three kinds, each with one place that handles it: about the
// connection itself (the hub: hello; the connection's own strand: ping), about the lobby (the hub),
// or to one table (that table's host).
using ConnectionBody = std::variant<Hello, Ping>;
using LobbyBody = std::variant<LobbyRequest, CreateTable, AddBot, DeclineChallenge>;
using TableBody = std::variant<JoinTable, LeaveTable, WatchTable, StartSeries, Resume, GameCommand, Chat, RemovePlayer,
                               ResultWait, Ready>;
using ClientBody = std::variant<ConnectionBody, LobbyBody, TableBody>;

struct ClientMessage {
  std::optional<std::int64_t> id;  // optional request id "id", echoed in error replies
  ClientBody body;
};

// A message to one table, as its host receives it.
struct TableMessage {
  std::optional<std::int64_t> id;
  TableBody body;
};

// The message type string of a body ("hello", "bid", …).
std::string_view type_name(const ClientBody& body);
// The table a table message addresses.
TableId table_of(const TableBody& body);

template <class T, class Variant>
inline constexpr bool kAlternativeOf = false;
template <class T, class... Ts>
inline constexpr bool kAlternativeOf<T, std::variant<Ts...>> = (std::is_same_v<T, Ts> || ...);

// A message's body as one type (nullptr when it is another), whatever its kind: for tests and tools.
template <class T>
const T* body_as(const ClientBody& body) {
  return std::visit(
      [](const auto& kind) -> const T* {
        if constexpr (kAlternativeOf<T, std::decay_t<decltype(kind)>>)
          return std::get_if<T>(&kind);
        else
          return nullptr;
      },
      body);
}

std::expected<ClientMessage, ProtocolError> parse_client_message(std::string_view text);
// The "id" of a message parse_client_message refused, for its error to echo: present when the
// text is a JSON object whose "id" is valid (an integer 0..kMaxId), whatever else is wrong with it.
std::optional<std::int64_t> message_id(std::string_view text);

}  // namespace skat::protocol
