// Builders for server → client messages that are not table events (welcome, error, pong,
// lobby, invitations for bots, the cluster's nodes). Table events are built in server/table with the same field
// conventions; docs/protocol.md documents every message.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/client_messages.h"
#include "protocol/json_codec.h"

namespace skat::protocol {

// {"type":"error","code":"not_your_turn","message":"…","id":5,"table":7}
Json make_error(const ProtocolError& error, std::optional<std::int64_t> request_id = std::nullopt,
                std::optional<TableId> table = std::nullopt);
// {"type":"welcome","protocol":1,"player":{"id":3,"name":"anna","bot":false},"token":"9f…"}
// `token` is the guest session token to send in a later hello; omitted when empty (bots).
// `node`: this server's node name when several share a store (docs/scaling.md), else empty;
// `nodes`: then the names of the cluster's live nodes, this one included (omitted when empty).
Json make_welcome(std::int64_t player_id, std::string_view name, bool bot, std::string_view token = {},
                  std::string_view node = {}, const std::vector<std::string>& nodes = {});
Json make_pong();

struct LobbySeat {
  std::optional<std::int64_t> player_id;  // empty seat when absent
  std::string name;
  bool bot = false;
  bool connected = true;
  bool operator==(const LobbySeat&) const = default;
};
struct LobbyTable {
  TableId table = 0;
  std::string event;
  int deals = 0;
  bool kontra = false;   // plays with Kontra and Re ("kontra": true in the lobby)
  bool running = false;  // a series is in progress
  int game = 0;          // games finished in the current series
  LobbySeat seats[3];
  int spectators = 0;
  // A private table: listed only to these players (its creator, its seats, the people a substitute
  // sits in for), with "private": true; everyone else's lobby leaves it out.
  bool is_private = false;
  std::vector<std::int64_t> members;
  bool operator==(const LobbyTable&) const = default;
};
struct LobbyPlayer {
  std::int64_t player_id = 0;
  std::string name;
  bool bot = false;
  std::optional<TableId> table;
  std::string level{};  // a house bot's strength level ("beginner", "club", "strongest"); empty: none
};
// {"type":"lobby","tables":[…],"online":[…]}
Json make_lobby(const std::vector<LobbyTable>& tables, const std::vector<LobbyPlayer>& online);
// {"type":"table_created","table":7}, with "key" for a private table (its link's secret)
Json make_table_created(TableId table, const std::string& key = {});
// {"type":"invite","table":7,"seat":2}: tells a bot client to send join_table for that seat.
Json make_invite(TableId table, int seat);
// {"type":"nodes","nodes":["a","b"]}: the cluster's live nodes changed (sent to bots).
Json make_nodes(const std::vector<std::string>& nodes);
// A tournament another player started against a bot account, told to its connections:
// {"type":"challenge","tournament":7,"challenger":{"id":4,"name":"bob"},"side":"b","a":"rule",
//  "b":"account:anna-bot","deals":50,"seating":"2:1,1:2","sprt":[0,5]|null}; the bot may answer
// decline_challenge.
struct Challenge {
  std::int64_t tournament = 0;
  std::int64_t challenger_id = 0;
  std::string challenger;
  std::string side;  // "a" or "b": which side the bot plays
  std::string a, b;
  int deals = 0;
  std::string seating;
  std::optional<std::pair<double, double>> sprt;
};
Json make_challenge(const Challenge& challenge);

}  // namespace skat::protocol
