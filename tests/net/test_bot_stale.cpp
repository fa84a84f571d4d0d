// The bot client after a `stale` refusal (issue 18): it reads the table again (`resume` from the
// last version it saw) and answers the act request that comes back, once. A scripted server on a
// thread plays the other side of one WebSocket connection.
#include <gtest/gtest.h>

#include <boost/asio/ip/tcp.hpp>
#include <thread>

#include "botclient/bot_client.h"
#include "engine/deal.h"
#include "engine/seat_view.h"
#include "protocol/json_codec.h"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
using Json = nlohmann::json;
using namespace std::chrono_literals;

Json act_request(std::int64_t version) {
  const skat::Game game(*skat::deal_from_id(4242));
  return Json{{"type", "act"}, {"table", 7},
              {"game", 0},     {"version", version},
              {"seat", 1},     {"clock_ms", 5000},
              {"deadline", 0}, {"view", skat::protocol::seat_view_to_json(skat::seat_view(game, 1))}};
}

TEST(BotClient, AStaleAnswerMakesTheBotReadTheTableAgainAndAnswerTheNewRequest) {
  asio::io_context server_io;
  asio::ip::tcp::acceptor acceptor(server_io, {asio::ip::make_address("127.0.0.1"), 0});
  const auto port = acceptor.local_endpoint().port();
  std::vector<Json> from_bot;
  const auto serve_script = [&] {
    beast::websocket::stream<asio::ip::tcp::socket> ws(acceptor.accept());
    ws.accept();
    const auto read = [&] {
      beast::flat_buffer buffer;
      ws.read(buffer);
      from_bot.push_back(Json::parse(beast::buffers_to_string(buffer.data())));
      return from_bot.back();
    };
    const auto write = [&](const Json& j) {
      ws.text(true);
      ws.write(asio::buffer(j.dump()));
    };
    EXPECT_EQ(read()["type"], "hello");
    write(Json{{"type", "welcome"}, {"player", Json{{"id", 5}, {"name", "b"}, {"bot", true}}}});
    write(act_request(10));
    EXPECT_EQ(read()["version"], 10);  // the answer to version 10
    write(Json{{"type", "error"}, {"code", "stale"}, {"message", "past"}, {"table", 7}});
    const Json resume = read();
    EXPECT_EQ(resume["type"], "resume");
    EXPECT_EQ(resume["table"], 7);
    EXPECT_EQ(resume["version"], 10);
    write(act_request(10));  // a repeat of the request already answered: no second answer
    write(act_request(14));
    EXPECT_EQ(read()["version"], 14);
    ws.close(beast::websocket::close_code::normal);
  };
  std::thread server([&] {
    try {
      serve_script();
    } catch (const std::exception& e) {
      ADD_FAILURE() << "the bot stopped talking: " << e.what();
    }
  });

  asio::io_context bot_io;
  skat::botclient::BotSettings settings;
  settings.endpoint = {"127.0.0.1", std::to_string(port), "/ws"};
  settings.name = "b";
  settings.token = "t";
  settings.spec = *skat::bots::parse_bot_spec("simple");
  auto bot = std::make_shared<skat::botclient::BotConnection>(bot_io, settings);
  bot->start();
  // The bot's loop ends when the script is done (stopped below) or after 20 s: then its socket
  // closes, which ends a script still waiting for a message that never came.
  std::thread bot_thread([&] {
    bot_io.run_for(20s);
    bot->stop();
    bot_io.restart();
    bot_io.run_for(2s);
  });
  server.join();
  asio::post(bot_io, [bot] { bot->stop(); });
  bot_thread.join();
  ASSERT_EQ(from_bot.size(), 4U);
  EXPECT_EQ(bot->moves(), 2);
}

}  // namespace
