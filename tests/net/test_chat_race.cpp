// Chat cannot cancel moves (issue 18): a guest plays one deal with two pool bots that answer
// 400 ms after each act request and sends a chat line after every event that hands the turn to a
// bot, so a chat event always lands between a bot's act request and its answer. Every bot move
// must still be taken as the bot's own: no timeout, no default move.
#include <gtest/gtest.h>

#include "protocol/json_codec.h"
#include "tests/net/pool_server.h"

namespace {

using skat::nettest::BotGroup;
using skat::nettest::Json;
using skat::nettest::PoolServer;
using skat::nettest::WsClient;
using namespace std::chrono_literals;

// The answer to an act request: hold, else bid 18, else the first legal action that is neither a
// higher bid, a pass nor a concession (so the deal is always played: twenty bot cards at least).
Json answer_to(const Json& act) {
  const auto view = skat::protocol::seat_view_from_json(act["view"]);
  EXPECT_TRUE(view.has_value());
  const auto score = [](const skat::Action& a) {
    if (a.kind == skat::ActionKind::Hold) return 0;
    if (a.kind == skat::ActionKind::Bid) return a.bid == 18 ? 1 : 9;
    if (a.kind == skat::ActionKind::Pass || a.kind == skat::ActionKind::Concede) return 8;
    return 2;
  };
  const auto best = std::min_element(view->legal.begin(), view->legal.end(),
                                     [&](const auto& a, const auto& b) { return score(a) < score(b); });
  EXPECT_NE(best, view->legal.end());
  Json reply = skat::protocol::action_to_json(*best);
  reply.erase("pos");
  reply["table"] = act["table"];
  reply["version"] = act["version"];
  return reply;
}

bool is_move(const std::string& type) {
  for (const char* move : {"game_started", "bid", "hold", "pass", "pickup", "discard", "declare", "play"})
    if (type == move) return true;
  return false;
}

TEST(ChatRace, ChatAtEveryActRequestCancelsNoBotMove) {
  skat::app::ServeConfig config;
  config.bot_move_ms = 3000;
  PoolServer pool(config, {BotGroup{"slow", "simple", 2, 400ms}});
  WsClient human(pool.port());
  human.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "chatter"}});
  ASSERT_TRUE(human.read_type("welcome"));
  ASSERT_TRUE(PoolServer::wait_online(human, 3));
  human.send(Json{{"type", "create_table"}, {"deals", 1}});
  const auto created = human.read_type("table_created");
  ASSERT_TRUE(created);
  const auto table = (*created)["table"].get<std::int64_t>();
  human.send(Json{{"type", "join_table"}, {"table", table}, {"seat", 0}});
  human.send(Json{{"type", "add_bot"}, {"table", table}, {"seat", 1}, {"bot", "slow-1"}});
  human.send(Json{{"type", "add_bot"}, {"table", table}, {"seat", 2}, {"bot", "slow-2"}});
  int seated = 0;
  ASSERT_TRUE(human.read_until([&](const Json& m) { return m.value("type", "") == "seated" && ++seated == 3; }));
  human.send(Json{{"type", "start_series"}, {"table", table}});

  int chats = 0, limited = 0, timeouts = 0, errors = 0, bot_moves = 0;
  std::optional<std::int64_t> answered;
  const auto finished = human.read_until(
      [&](const Json& m) {
        const std::string type = m.value("type", "");
        if (type == "act" && m["version"] != answered) {
          answered = m["version"].get<std::int64_t>();
          human.send(answer_to(m));
        } else if (type == "timeout") {
          ++timeouts;
        } else if (type == "error" && m.value("code", "") == "chat_limited") {
          ++limited;  // faster than a player may chat: that line was dropped, nothing else
        } else if (type == "error") {
          ++errors;
          ADD_FAILURE() << m.dump();
        } else if (is_move(type)) {
          if (m.value("seat", 0) != 0 && type != "game_started") ++bot_moves;
          human.send(Json{{"type", "chat"}, {"table", table}, {"text", "are you still there?"}});
          ++chats;
        }
        return type == "series_finished";
      },
      180s);
  ASSERT_TRUE(finished);
  EXPECT_GT(chats - limited, 3);
  EXPECT_GE(bot_moves, 20);
  EXPECT_EQ(timeouts, 0) << "of " << bot_moves << " bot moves";
  EXPECT_EQ(errors, 0);
}

}  // namespace
