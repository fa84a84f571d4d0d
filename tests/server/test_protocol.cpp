// Protocol: client message parsing with full validation, Action and SeatView JSON round trips,
// server message builders, and that nothing throws on hostile input.
#include <gtest/gtest.h>

#include <random>
#include <stdexcept>

#include "engine/declaration_values.h"
#include "engine/seat_view.h"
#include "protocol/client_messages.h"
#include "protocol/json_codec.h"
#include "protocol/seat_view_text.h"
#include "protocol/server_messages.h"
#include "protocol/strict_json.h"

namespace skat::protocol {
namespace {

ErrorCode code_of(std::string_view text) {
  auto m = parse_client_message(text);
  EXPECT_FALSE(m.has_value()) << text;
  return m ? ErrorCode::Internal : m.error().code;
}

// The parsed message's body as T; throws (a test failure) when it is of another type.
template <class T>
const T& as(const std::expected<ClientMessage, ProtocolError>& m) {
  if (!m) throw std::runtime_error("not parsed");
  const T* body = body_as<T>(m->body);
  if (!body) throw std::runtime_error("a message of another type");
  return *body;
}

TEST(Protocol, ParsesEveryClientMessage) {
  auto hello = parse_client_message(R"({"type":"hello","protocol":1,"name":"anna","token":"t","id":3})");
  ASSERT_TRUE(hello);
  EXPECT_EQ(hello->id, 3);
  EXPECT_EQ(as<Hello>(hello).name, "anna");
  auto bot_hello =
      parse_client_message(R"({"type":"hello","protocol":1,"name":"b1","bot":true,"kind":"pimc:worlds=3"})");
  ASSERT_TRUE(bot_hello);
  EXPECT_EQ(as<Hello>(bot_hello).kind, "pimc:worlds=3");
  auto answer = parse_client_message(R"({"type":"play","table":7,"card":"CJ","version":41})");
  ASSERT_TRUE(answer);
  EXPECT_EQ(as<GameCommand>(answer).version, 41);
  auto bid = parse_client_message(R"({"type":"bid","table":7,"value":20})");
  ASSERT_TRUE(bid);
  const auto& cmd = as<GameCommand>(bid);
  EXPECT_EQ(cmd.table, 7);
  EXPECT_EQ(cmd.action, Action::make_bid(0, 20));
  auto discard = parse_client_message(R"({"type":"discard","table":7,"cards":["CJ","S7"]})");
  ASSERT_TRUE(discard);
  EXPECT_EQ(as<GameCommand>(discard).action, Action::discard(0, *parse_card("CJ"), *parse_card("S7")));
  auto declare = parse_client_message(R"({"type":"declare","table":7,"game":"N","hand":true,"ouvert":true})");
  ASSERT_TRUE(declare);
  const Declaration d = as<GameCommand>(declare).action.declaration;
  EXPECT_EQ(d.type, GameType::Null);
  EXPECT_TRUE(d.hand && d.ouvert && !d.schneider_announced);
  for (const char* text :
       {R"({"type":"lobby"})", R"({"type":"ping"})", R"({"type":"create_table","deals":12,"event":"Cup"})",
        R"({"type":"join_table","table":1,"seat":2})", R"({"type":"leave_table","table":1})",
        R"({"type":"watch_table","table":1})", R"({"type":"add_bot","table":1,"seat":0,"bot":"simple"})",
        R"({"type":"start_series","table":1})", R"({"type":"resume","table":1,"version":0})",
        R"({"type":"chat","table":1,"text":"hallo ♣"})", R"({"type":"hold","table":1})", R"({"type":"pass","table":1})",
        R"({"type":"pickup","table":1})", R"({"type":"play","table":1,"card":"HT"})", R"({"type":"concede","table":1})",
        R"({"type":"remove_player","table":1,"seat":2})", R"({"type":"result_wait","table":1,"until_ready":false})",
        R"({"type":"ready","table":1,"game":0})"}) {
    auto m = parse_client_message(text);
    ASSERT_TRUE(m) << text << ": " << m.error().message;
    EXPECT_EQ(type_name(m->body), Json::parse(text)["type"].get<std::string>());
  }
}

// A text with a repeated key means one message to a reader that keeps the last and another to
// one that keeps the first: it is refused, at any depth, and the key is named.
TEST(Protocol, AKeyTwiceInOneObjectIsBadJson) {
  for (const char* text : {R"({"type":"chat","type":"ping"})", R"({"type":"ping","id":1,"id":2})",
                           R"({"type":"chat","table":1,"text":"a","x":{"k":1,"k":2}})",
                           R"({"type":"bid","table":1,"value":18,"value":18})"}) {
    const auto m = parse_client_message(text);
    ASSERT_FALSE(m) << text;
    EXPECT_EQ(m.error().code, ErrorCode::BadJson) << text;
    EXPECT_NE(m.error().message.find("appears twice"), std::string::npos) << m.error().message;
  }
  EXPECT_FALSE(message_id(R"({"type":"ping","id":1,"id":2})"));
  // The same key in sibling objects, and repeated values in arrays, are fine.
  const auto ok = skat::protocol::parse_json_once_per_key(R"({"a":{"k":1},"b":{"k":[1,1,{"k":2}]},"c":[[],{}]})");
  ASSERT_TRUE(ok) << ok.error();
  EXPECT_EQ(*ok, Json::parse(R"({"a":{"k":1},"b":{"k":[1,1,{"k":2}]},"c":[[],{}]})"));
  EXPECT_EQ(*skat::protocol::parse_json_once_per_key("[1,\"x\",null,true,2.5,-3]"),
            Json::parse("[1,\"x\",null,true,2.5,-3]"));
  EXPECT_FALSE(skat::protocol::parse_json_once_per_key("{\"a\":1"));
  EXPECT_FALSE(skat::protocol::parse_json_once_per_key(""));
}

TEST(Protocol, RejectsBadInputWithTheRightCode) {
  EXPECT_EQ(code_of("{"), ErrorCode::BadJson);
  EXPECT_EQ(code_of("[1,2]"), ErrorCode::BadJson);
  EXPECT_EQ(code_of("\"\xff\xfe\""), ErrorCode::BadJson);
  EXPECT_EQ(code_of(std::string(kMaxMessageBytes + 1, ' ')), ErrorCode::TooLarge);
  EXPECT_EQ(code_of(R"({"table":1})"), ErrorCode::UnknownType);
  EXPECT_EQ(code_of(R"({"type":"dance","table":1})"), ErrorCode::UnknownType);
  EXPECT_EQ(code_of(R"({"type":7})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"bid","table":1})"), ErrorCode::MissingField);
  EXPECT_EQ(code_of(R"({"type":"bid","table":1,"value":"18"})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"bid","table":1,"value":18.0})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"bid","table":1,"value":17})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"bid","table":1,"value":99999999999999999999})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"bid","table":1,"value":18,"extra":1})"), ErrorCode::UnknownField);
  EXPECT_EQ(code_of(R"({"type":"bid","table":1,"value":18,"pos":2})"), ErrorCode::UnknownField);
  EXPECT_EQ(code_of(R"({"type":"bid","table":0,"value":18})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"bid","table":true,"value":18})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"bid","table":1,"value":18,"version":-1})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"hello","protocol":1,"name":"b","kind":"pimc worlds"})"), ErrorCode::BadField);
  EXPECT_EQ(
      code_of(R"({"type":"hello","protocol":1,"name":"b","kind":")" + std::string(kMaxBotSpecBytes + 1, 'x') + "\"}"),
      ErrorCode::TooLarge);
  EXPECT_EQ(code_of(R"({"type":"play","table":1,"card":"XX"})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"play","table":1,"card":"cj"})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"play","table":1,"card":["CJ"]})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"discard","table":1,"cards":["CJ"]})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"discard","table":1,"cards":["CJ","CJ"]})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"declare","table":1,"game":"X"})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"declare","table":1,"game":"G","hand":1})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"chat","table":1,"text":")" + std::string(kMaxChatBytes + 1, 'a') + "\"}"),
            ErrorCode::TooLarge);
  EXPECT_EQ(code_of(R"({"type":"hello","protocol":2,"name":"a"})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"hello","protocol":1,"name":""})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"hello","protocol":1,"name":"a\u0001"})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"join_table","table":1,"seat":3})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"create_table","deals":0})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"lobby","id":-1})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"create_table","private":"yes"})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"join_table","table":1,"key":")" + std::string(kMaxTableKeyBytes + 1, 'a') + "\"}"),
            ErrorCode::TooLarge);
  EXPECT_EQ(code_of(R"({"type":"watch_table","table":1,"key":7})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"result_wait","table":1})"), ErrorCode::MissingField);
  EXPECT_EQ(code_of(R"({"type":"result_wait","table":1,"until_ready":1})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"ready","table":1})"), ErrorCode::MissingField);
  EXPECT_EQ(code_of(R"({"type":"ready","table":1,"game":360})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"ready","table":1,"game":-1})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"ready","table":1,"game":1,"seat":0})"), ErrorCode::UnknownField);
}

// Names, chat lines, events and announced programs follow the text rules (docs/protocol.md §2):
// what could pass for another player's name or hide and reorder text is refused; the rest is NFC.
TEST(Protocol, TextFieldsFollowTheTextRules) {
  const auto hello = [](std::string_view name) {
    return R"({"type":"hello","protocol":1,"name":")" + std::string(name) + "\"}";
  };
  EXPECT_EQ(code_of(hello(R"(sec-1\u200b)")), ErrorCode::BadField);  // looks exactly like the bot "sec-1"
  EXPECT_EQ(code_of(hello("sec-1\u200b")), ErrorCode::BadField);     // the same, sent as raw UTF-8
  EXPECT_EQ(code_of(hello(R"(\u202eanna)")), ErrorCode::BadField);   // right-to-left override
  EXPECT_EQ(code_of(hello(R"(anna\u2066)")), ErrorCode::BadField);   // bidi isolate
  EXPECT_EQ(code_of(hello(R"(anna\u00ad)")), ErrorCode::BadField);   // soft hyphen
  EXPECT_EQ(code_of(hello(R"(\u3164)")), ErrorCode::BadField);       // an invisible letter
  EXPECT_EQ(code_of(hello(R"(anna )")), ErrorCode::BadField);
  EXPECT_EQ(code_of(hello(R"( anna)")), ErrorCode::BadField);
  EXPECT_EQ(code_of(hello(R"(an\u0378na)")), ErrorCode::BadField);  // unassigned
  EXPECT_EQ(code_of(hello(R"(an\ue000na)")), ErrorCode::BadField);  // private use
  const auto nfc = parse_client_message(hello(R"(Ju\u0308rgen)"));
  ASSERT_TRUE(nfc);
  EXPECT_EQ(as<Hello>(nfc).name, "J\u00fcrgen");
  EXPECT_EQ(code_of(R"({"type":"hello","protocol":1,"name":"b","bot":true,"kind":"simple\u200b"})"),
            ErrorCode::BadField);

  EXPECT_EQ(code_of(R"({"type":"chat","table":1,"text":"hi\u202eereht"})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"chat","table":1,"text":"bell\u0007"})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"chat","table":1,"text":"\u001b[2Jcleared"})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"chat","table":1,"text":"zero\u200bwidth"})"), ErrorCode::BadField);
  const auto chat = parse_client_message(R"({"type":"chat","table":1,"text":"gut\ngespielt\tja"})");
  ASSERT_TRUE(chat);
  EXPECT_EQ(as<Chat>(chat).text, "gut gespielt ja");
  const auto emoji = parse_client_message(R"({"type":"chat","table":1,"text":"\ud83d\udc68\u200d\ud83d\udc69"})");
  ASSERT_TRUE(emoji);
  EXPECT_EQ(as<Chat>(emoji).text, "\U0001F468\u200D\U0001F469");

  EXPECT_EQ(code_of(R"({"type":"create_table","event":"Friday\u202e"})"), ErrorCode::BadField);
  EXPECT_EQ(code_of(R"({"type":"create_table","event":"Fri\nday"})"), ErrorCode::BadField);
  const auto event = parse_client_message(R"({"type":"create_table","event":"Caf\u0065\u0301"})");
  ASSERT_TRUE(event);
  EXPECT_EQ(as<CreateTable>(event).event, "Caf\u00e9");
}

TEST(Protocol, GarbageNeverThrows) {
  std::string text = R"({"type":"declare","table":1,"game":"G","hand":true,"cards":[1,{"a":null}]})";
  for (std::size_t cut = 0; cut <= text.size(); ++cut) {
    EXPECT_NO_THROW((void)parse_client_message(text.substr(0, cut)));
    std::string mutated = text;
    if (cut < mutated.size()) mutated[cut] = static_cast<char>(mutated[cut] ^ 0x5a);
    EXPECT_NO_THROW((void)parse_client_message(mutated));
  }
  EXPECT_NO_THROW((void)seat_view_from_json(Json::parse("[]")));
  EXPECT_NO_THROW((void)seat_view_from_json(Json{{"pos", "x"}}));
  EXPECT_FALSE(seat_view_from_json(Json::object()));
}

TEST(Protocol, ActionsRoundTrip) {
  Declaration d;
  d.type = GameType::Hearts;
  d.hand = true;
  d.schneider_announced = true;
  for (const Action& a :
       {Action::make_bid(1, 264), Action::hold(0), Action::pass(2), Action::pick_up(0),
        Action::discard(1, Card(31), Card(0)), Action::declare(2, d), Action::play(1, Card(4)), Action::concede(2)}) {
    auto back = action_from_json(Json::parse(to_text(action_to_json(a))));
    ASSERT_TRUE(back) << action_to_json(a).dump();
    EXPECT_EQ(*back, a);
  }
}

TEST(Protocol, DirectSeatViewTextEqualsTheJsonForm) {
  // Random legal play (hand games, ouvert, concessions included) over seeded deals: the text the
  // server sends with every act request is the same JSON as seat_view_to_json, at every step.
  std::mt19937_64 rng(20261122);
  int checked = 0;
  for (int g = 0; g < 150; ++g) {
    Game game(*deal_from_id(rng() % kNumDeals));
    while (!game.finished()) {
      for (int pos = 0; pos < 3; ++pos) {
        const SeatView v = seat_view(game, pos);
        std::string text;
        append_seat_view_text(text, v);
        ASSERT_EQ(Json::parse(text), seat_view_to_json(v)) << text;
        ++checked;
      }
      const auto legal = game.legal_actions(game.to_act());
      ASSERT_FALSE(legal.empty());
      ASSERT_TRUE(game.apply(legal[rng() % legal.size()]));
    }
  }
  EXPECT_GT(checked, 1000);
  const SeatView v = seat_view(Game(*deal_from_id(42)), 1);
  const Json act = Json::parse(act_text({7, 4, 123, 2, 5000, 1736687940000, std::nullopt}, v));
  EXPECT_EQ(act, (Json{{"type", "act"},
                       {"table", 7},
                       {"game", 4},
                       {"version", 123},
                       {"seat", 2},
                       {"clock_ms", 5000},
                       {"deadline", 1736687940000},
                       {"view", seat_view_to_json(v)}}));
}

TEST(Protocol, ActRequestsCarryTheDeclarationValuesAndTheCostOfConceding) {
  // Over seeded games: hints appear exactly when the engine has values for the seat (declaring, or
  // the declarer during the play) and hold them; a bot's reading of the request is unaffected.
  std::mt19937_64 rng(20261125);
  int with_values = 0;
  int with_concede = 0;
  for (int g = 0; g < 120; ++g) {
    Game game(*deal_from_id(rng() % kNumDeals));
    while (!game.finished()) {
      const int pos = game.to_act();
      const SeatView v = seat_view(game, pos);
      const Json act = Json::parse(act_text({7, 0, 1, 0, 60000, 1, std::nullopt}, v));
      const auto values = declaration_values(v);
      const auto concede = concession_entry(v);
      ASSERT_EQ(act.contains("hints"), !values.empty() || concede.has_value()) << act.dump();
      if (!values.empty()) {
        const Json& list = act["hints"]["values"];
        ASSERT_EQ(list.size(), values.size());
        for (std::size_t i = 0; i < values.size(); ++i) {
          EXPECT_EQ(list[i]["game"], std::string(1, game_letter(values[i].declaration.type)));
          EXPECT_EQ(list[i]["hand"], values[i].declaration.hand);
          EXPECT_EQ(list[i]["ouvert"], values[i].declaration.ouvert);
          EXPECT_EQ(list[i]["lowest"], values[i].value.lowest);
          EXPECT_EQ(list[i]["highest"], values[i].value.highest);
        }
        ++with_values;
      }
      if (concede) {
        EXPECT_EQ(act["hints"]["concede"], (Json{{"lowest", concede->lowest}, {"highest", concede->highest}}));
        ++with_concede;
      }
      const auto legal = game.legal_actions(pos);
      ASSERT_TRUE(game.apply(legal[rng() % legal.size()]));
    }
  }
  EXPECT_GT(with_values, 30);
  EXPECT_GT(with_concede, 100);
}

TEST(Protocol, SeatViewsRoundTripThroughoutAGame) {
  // Walk a game choosing the first legal action; every view of every position survives the trip.
  for (std::uint64_t id : {std::uint64_t{0}, std::uint64_t{987654321}, kNumDeals - 1}) {
    Game game(*deal_from_id(id));
    bool bid_once = false;
    while (!game.finished()) {
      for (int pos = 0; pos < 3; ++pos) {
        const SeatView v = seat_view(game, pos);
        auto back = seat_view_from_json(Json::parse(to_text(seat_view_to_json(v))));
        ASSERT_TRUE(back) << back.error().message;
        EXPECT_EQ(seat_view_to_json(*back), seat_view_to_json(v));
        EXPECT_EQ(back->hand, v.hand);
        EXPECT_EQ(back->history, v.history);
        EXPECT_EQ(back->legal, v.legal);
        EXPECT_EQ(back->declaration, v.declaration);
        EXPECT_EQ(back->tricks.size(), v.tricks.size());
      }
      const auto legal = game.legal_actions(game.to_act());
      Action a = legal.front();
      if (!bid_once && a.kind == ActionKind::Bid) bid_once = true;
      for (const Action& x : legal)
        if (x.kind == ActionKind::Pass && bid_once) a = x;
      ASSERT_TRUE(game.apply(a));
    }
  }
}

TEST(Protocol, ServerMessages) {
  const Json e = make_error(ProtocolError{ErrorCode::NotYourTurn, "wait"}, 5, 7);
  EXPECT_EQ(e["type"], "error");
  EXPECT_EQ(e["code"], "not_your_turn");
  EXPECT_EQ(e["id"], 5);
  EXPECT_EQ(e["table"], 7);
  EXPECT_EQ(make_welcome(3, "anna", false)["player"]["name"], "anna");
  EXPECT_FALSE(make_welcome(3, "anna", false).contains("token"));
  EXPECT_EQ(make_welcome(3, "anna", false, "ab12")["token"], "ab12");
  // A node names itself and the cluster's live nodes; a single server neither.
  EXPECT_FALSE(make_welcome(3, "anna", false).contains("node"));
  EXPECT_FALSE(make_welcome(3, "anna", false).contains("nodes"));
  const Json on_node = make_welcome(68, "AI1", true, "", "a", {"a", "b"});
  EXPECT_EQ(on_node["node"], "a");
  EXPECT_EQ(on_node["nodes"], Json::array({"a", "b"}));
  EXPECT_EQ(make_nodes({"a", "b", "c"}), Json::parse(R"({"type":"nodes","nodes":["a","b","c"]})"));
  EXPECT_EQ(to_string(ErrorCode::RateLimited), "rate_limited");
  LobbyTable t;
  t.table = 1;
  t.seats[0] = LobbySeat{4, "anna", false, true};
  const Json lobby = make_lobby({t}, {LobbyPlayer{4, "anna", false, 1}});
  EXPECT_EQ(lobby["tables"][0]["seats"][0]["name"], "anna");
  EXPECT_TRUE(lobby["tables"][0]["seats"][1].is_null());
  EXPECT_EQ(lobby["online"][0]["table"], 1);
  EXPECT_EQ(make_invite(1, 2)["seat"], 2);
  // Invalid UTF-8 in a server message is replaced, not thrown.
  EXPECT_NO_THROW((void)to_text(Json{{"text", std::string("\xff")}}));
  for (int c = 0; c <= static_cast<int>(ErrorCode::Internal); ++c) EXPECT_NE(to_string(static_cast<ErrorCode>(c)), "");
}

}  // namespace
}  // namespace skat::protocol
