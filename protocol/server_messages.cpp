#include "protocol/server_messages.h"

namespace skat::protocol {

Json make_error(const ProtocolError& error, std::optional<std::int64_t> request_id, std::optional<TableId> table) {
  Json j{{"type", "error"}, {"code", to_string(error.code)}, {"message", error.message}};
  if (request_id) j["id"] = *request_id;
  if (table) j["table"] = *table;
  return j;
}

Json make_welcome(std::int64_t player_id, std::string_view name, bool bot, std::string_view token,
                  std::string_view node, const std::vector<std::string>& nodes) {
  Json j{{"type", "welcome"},
         {"protocol", kProtocolVersion},
         {"player", Json{{"id", player_id}, {"name", name}, {"bot", bot}}}};
  if (!token.empty()) j["token"] = token;
  if (!node.empty()) j["node"] = node;
  if (!nodes.empty()) j["nodes"] = nodes;
  return j;
}

Json make_pong() { return Json{{"type", "pong"}}; }

Json make_lobby(const std::vector<LobbyTable>& tables, const std::vector<LobbyPlayer>& online) {
  Json t = Json::array();
  for (const LobbyTable& table : tables) {
    Json seats = Json::array();
    for (const LobbySeat& s : table.seats) {
      if (!s.player_id) {
        seats.push_back(nullptr);
        continue;
      }
      seats.push_back(Json{{"player", *s.player_id}, {"name", s.name}, {"bot", s.bot}, {"connected", s.connected}});
    }
    t.push_back(Json{{"table", table.table},
                     {"event", table.event},
                     {"deals", table.deals},
                     {"running", table.running},
                     {"game", table.game},
                     {"seats", seats},
                     {"spectators", table.spectators}});
    if (table.is_private) t.back()["private"] = true;
    if (table.kontra) t.back()["kontra"] = true;
  }
  Json players = Json::array();
  for (const LobbyPlayer& p : online) {
    Json j{{"id", p.player_id}, {"name", p.name}, {"bot", p.bot}, {"table", nullptr}};
    if (p.table) j["table"] = *p.table;
    if (!p.level.empty()) j["level"] = p.level;
    players.push_back(j);
  }
  return Json{{"type", "lobby"}, {"tables", t}, {"online", players}};
}

Json make_table_created(TableId table, const std::string& key) {
  Json j{{"type", "table_created"}, {"table", table}};
  if (!key.empty()) j["key"] = key;
  return j;
}

Json make_invite(TableId table, int seat) { return Json{{"type", "invite"}, {"table", table}, {"seat", seat}}; }

Json make_challenge(const Challenge& c) {
  return Json{{"type", "challenge"},
              {"tournament", c.tournament},
              {"challenger", {{"id", c.challenger_id}, {"name", c.challenger}}},
              {"side", c.side},
              {"a", c.a},
              {"b", c.b},
              {"deals", c.deals},
              {"seating", c.seating},
              {"sprt", c.sprt ? Json{c.sprt->first, c.sprt->second} : Json()}};
}

Json make_nodes(const std::vector<std::string>& nodes) { return Json{{"type", "nodes"}, {"nodes", nodes}}; }

}  // namespace skat::protocol
