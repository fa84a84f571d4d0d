// The protocol's examples: one of every message the server sends, built by the server's own code
// (the builders of protocol/; a Table played through a scripted series for the table events,
// act requests and state messages), and client messages the parser accepts, compared with the
// committed fixture web/test/protocolExamples.json, against which the web client's types are
// checked (web/test/protocolExamples.test.ts). SKAT_UPDATE_EXAMPLES=1 rewrites the fixture instead.
// The message types the server's sources emit and the kinds the parser knows must all be in it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "protocol/client_messages.h"
#include "protocol/json_codec.h"
#include "protocol/server_messages.h"
#include "server/table/table.h"
#include "table_test_support.h"

namespace skat::table::test {
namespace {

namespace fs = std::filesystem;
using protocol::make_error;
using protocol::ProtocolError;

const fs::path kFixture = fs::path(SKAT_SOURCE_DIR) / "web/test/protocolExamples.json";

const Participant kAnna{23, "anna", false, ""};
const Participant kBerta{24, "berta", false, ""};
const Participant kBot{68, "AI1", true, "simple"};
const Participant kStandIn{69, "AI2", true, "simple"};

// Every message a scripted series sends, with its audience (seat 0..2, kSpectators; kAllSeats for all).
struct Sent {
  int audience = kAllSeats;
  Json message;
};

// Chooses each answer of the scripted series: an auction of bid, hold and passes, a pickup, the
// first discard, a grand if legal, the first card; the second game is passed in by everyone.
std::optional<Action> scripted_answer(const SeatView& view, int game) {
  const auto first = [&](ActionKind k, const std::function<bool(const Action&)>& also = {}) -> std::optional<Action> {
    for (const Action& a : view.legal)
      if (a.kind == k && (!also || also(a))) return a;
    return std::nullopt;
  };
  if (view.phase == Phase::Bidding) {
    if (game > 0) return first(ActionKind::Pass);
    bool bid_before = false;
    for (const Action& a : view.history) bid_before = bid_before || (a.kind == ActionKind::Bid && a.pos == view.pos);
    if (view.current_bid == 0 && view.pos == 1)
      return first(ActionKind::Bid, [](const Action& a) { return a.bid == 18; });
    if (!bid_before)
      if (auto hold = first(ActionKind::Hold)) return hold;
    return first(ActionKind::Pass);
  }
  if (view.phase == Phase::SkatDecision) return first(ActionKind::PickUp);
  if (view.phase == Phase::Discarding) return first(ActionKind::Discard);
  if (view.phase == Phase::Declaring) {
    if (auto grand = first(ActionKind::Declare, [](const Action& a) { return a.declaration.type == GameType::Grand; }))
      return grand;
    return first(ActionKind::Declare);
  }
  return first(ActionKind::Play);
}

class Script {
 public:
  explicit Script(Table& table) : table_(table) {}

  void take(const TableOutput& out) {
    for (const Outbound& m : out.messages) sent.push_back({m.audience, m.json()});
    for (const FinishedGame& g : out.games) games.push_back(g);
  }
  void take(const std::expected<TableOutput, ProtocolError>& out) {
    ASSERT_TRUE(out.has_value()) << out.error().message;
    take(*out);
  }

  // The act request pending now, if any (the last one sent that the table has not moved past).
  std::optional<Json> pending_act() const {
    if (!table_.game() || table_.game()->finished() || table_.game()->to_act() < 0) return std::nullopt;
    for (auto it = sent.rbegin(); it != sent.rend(); ++it)
      if (it->message.value("type", "") == "act") return it->message;
    return std::nullopt;
  }

  // Answers act requests through the JSON protocol until `stop` says so or the series ends.
  void play(TimePoint& now, const std::function<bool(const SeatView&)>& stop = {}) {
    for (int steps = 0; steps < 1000; ++steps) {
      const auto act = pending_act();
      if (!act || !table_.series_running()) return;
      const int seat = (*act)["seat"].get<int>();
      const auto view = protocol::seat_view_from_json((*act)["view"]);
      ASSERT_TRUE(view.has_value()) << view.error().message;
      if (stop && stop(*view)) return;
      const auto chosen = scripted_answer(*view, (*act)["game"].get<int>());
      ASSERT_TRUE(chosen.has_value()) << act->dump();
      Json request = protocol::action_to_json(*chosen);
      request.erase("pos");
      request["table"] = table_.id();
      request["version"] = (*act)["version"];
      const auto parsed = protocol::parse_client_message(request.dump());
      ASSERT_TRUE(parsed.has_value()) << parsed.error().message;
      now += 1s;
      take(table_.command(seat, *protocol::body_as<protocol::GameCommand>(parsed->body), now, parsed->id));
    }
    FAIL() << "the series did not end";
  }

  std::vector<Sent> sent;
  std::vector<FinishedGame> games;

 private:
  Table& table_;
};

constexpr int kAnyone = -100;

// The first message of `type` an audience (kAnyone: any) got that satisfies `also`.
Json pick(const std::vector<Sent>& sent, std::string_view type, int audience,
          const std::function<bool(const Json&)>& also = {}) {
  for (const Sent& s : sent)
    if ((s.audience == audience || s.audience == kAllSeats || audience == kAnyone) &&
        s.message.value("type", "") == type && (!also || also(s.message)))
      return s.message;
  ADD_FAILURE() << "the script sent no " << type << " to audience " << audience << " as wanted";
  return Json{{"type", type}};
}

TableConfig example_config(int deals) {
  TableConfig config;
  config.deals = deals;
  config.deal_source = seeded_deals(36);
  config.seat_seed = [](int game, int seat) { return static_cast<std::uint64_t>(1000 + game * 3 + seat); };
  return config;
}

// Messages of a table through one series of two games (the first played with every kind of table
// event, the second passed in), then a series resumed after a restart that is abandoned.
std::vector<Sent> table_messages(std::vector<Json>& states) {
  TimePoint now = t0();
  Table table(7, example_config(2));
  Script script(table);
  script.take(table.sit(0, kAnna, now));
  script.take(table.sit(1, kBot, now));
  script.take(table.sit(2, kBerta, now));
  script.take(table.remove(2, now));
  script.take(table.sit(2, kBerta, now));
  script.take(table.leave(2, now));
  script.take(table.sit(2, kBerta, now));
  script.take(table.chat(0, "good luck", now));
  states.push_back(table.state_message(kSpectators));
  script.take(table.start_series(0, now));

  // Game 0: the auction and the declaration.
  script.play(now, [](const SeatView& v) { return v.phase == Phase::Playing; });
  states.push_back(table.state_message(0));
  states.push_back(table.state_message(kSpectators));
  // A move out of turn is refused.
  const int waiting = (table.game()->to_act() + 1) % 3;
  const int waiting_seat = (waiting + table.games_played()) % 3;
  script.take(table.command(waiting_seat, protocol::GameCommand{7, Action::pass(0), std::nullopt}, now, 5));
  // Presence: a disconnect within the grace, a timeout, a seat taken over by a bot and taken back.
  script.take(table.disconnect(2, now));
  script.take(table.reconnect(2, now));
  now += std::chrono::milliseconds(table.config().human_move_ms);
  script.take(table.on_clock(now));
  script.take(table.disconnect(2, now));
  now += std::chrono::milliseconds(table.config().grace_ms);
  script.take(table.on_clock(now));
  script.take(table.sit(2, kStandIn, now));
  script.take(table.sit(2, kBerta, now));
  // A defender votes to concede; the game is played to its end, the second passed in.
  const int defender = table.position_of(1) != table.game()->declarer() ? 1 : 2;
  script.take(table.command(defender, protocol::GameCommand{7, Action::concede(0), std::nullopt}, now));
  script.play(now);

  // After a restart: the series goes on at a fresh table, whose players never come back.
  Table resumed(9, example_config(2));
  Script after(resumed);
  SeriesSoFar so_far;
  so_far.seats = {kAnna, kBot, kBerta};
  so_far.started = t0();
  for (const FinishedGame& g : script.games)
    if (g.game_index == 0) so_far.games.push_back(g.pgn);
  after.take(resumed.resume_series(so_far, now));
  now += std::chrono::milliseconds(resumed.config().grace_ms);
  after.take(resumed.on_clock(now));
  now += std::chrono::milliseconds(resumed.config().abandon_after_ms);
  after.take(resumed.on_clock(now));

  std::vector<Sent> all = std::move(script.sent);
  all.insert(all.end(), after.sent.begin(), after.sent.end());
  return all;
}

// Messages of a table with Kontra and Re through one game: a defender says Kontra before his first
// card, the declarer answers Re before his next one.
std::vector<Sent> kontra_table_messages(std::vector<Json>& states) {
  TimePoint now = t0();
  TableConfig config = example_config(1);
  config.kontra = true;
  Table table(10, config);
  Script script(table);
  script.take(table.sit(0, kAnna, now));
  script.take(table.sit(1, kBot, now));
  script.take(table.sit(2, kBerta, now));
  script.take(table.start_series(0, now));
  script.play(now, [](const SeatView& v) { return v.phase == Phase::Playing; });
  const int declarer = table.game()->declarer();
  const int defender_pos = (declarer + 1) % 3;
  const int defender_seat = [&] {
    for (int s = 0; s < 3; ++s)
      if (table.position_of(s) == defender_pos) return s;
    return -1;
  }();
  const int declarer_seat = [&] {
    for (int s = 0; s < 3; ++s)
      if (table.position_of(s) == declarer) return s;
    return -1;
  }();
  script.take(table.command(defender_seat, protocol::GameCommand{10, Action::kontra(0), std::nullopt}, now));
  states.push_back(table.state_message(declarer_seat));
  script.take(table.command(declarer_seat, protocol::GameCommand{10, Action::re(0), std::nullopt}, now));
  script.play(now);
  return std::move(script.sent);
}

std::vector<Json> server_examples() {
  using namespace protocol;
  std::vector<Json> out;
  out.push_back(make_welcome(23, "anna", false, std::string(64, 'f')));
  out.push_back(make_welcome(68, "AI1", true, {}, "a", {"a", "b"}));
  // A message the parser refuses, answered with its id.
  const std::string refused = R"({"type":"bid","table":7,"value":17,"id":4})";
  const auto parsed = parse_client_message(refused);
  EXPECT_FALSE(parsed.has_value());
  if (!parsed) out.push_back(make_error(parsed.error(), message_id(refused)));
  out.push_back(make_error(ProtocolError{ErrorCode::AuthFailed, "unknown bot or wrong token"}));
  out.push_back(make_pong());
  LobbyTable t;
  t.table = 7;
  t.event = "Training";
  t.deals = 36;
  t.running = true;
  t.game = 4;
  t.seats[0] = LobbySeat{23, "anna", false, true};
  t.seats[2] = LobbySeat{68, "AI1", true, false};
  t.spectators = 1;
  LobbyTable mine = t;  // a private table, as its players' lobby lists it
  mine.table = 8;
  mine.is_private = true;
  mine.members = {23};
  mine.kontra = true;
  out.push_back(make_lobby({t, mine}, {LobbyPlayer{23, "anna", false, 7}, LobbyPlayer{25, "carl", false, std::nullopt},
                                       LobbyPlayer{68, "club-1", true, std::nullopt, "club"}}));
  out.push_back(make_table_created(7));
  out.push_back(make_table_created(8, "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"));
  out.push_back(make_invite(7, 2));
  out.push_back(make_nodes({"a", "b", "c"}));
  out.push_back(
      protocol::make_challenge({7, 4, "bob", "b", "rule", "account:anna-bot", 50, "2:1,1:2", std::pair{0.0, 5.0}}));

  std::vector<Json> states;
  const std::vector<Sent> sent = table_messages(states);
  const auto has = [](std::string_view key) { return [key](const Json& m) { return m.contains(key); }; };
  const auto lacks = [](std::string_view key) { return [key](const Json& m) { return !m.contains(key); }; };
  const auto phase_is = [](std::string_view phase) {
    return [phase](const Json& m) { return m["view"]["phase"] == phase && m.contains("hints"); };
  };
  out.push_back(pick(sent, "act", 0));
  out.push_back(pick(sent, "act", 0, phase_is("skat")));
  out.push_back(pick(sent, "act", 0, phase_is("playing")));
  for (const Json& s : states) out.push_back(s);
  out.push_back(pick(sent, "error", kAnyone, has("table")));
  out.push_back(pick(sent, "seated", 0));
  out.push_back(pick(sent, "seated", 0, [](const Json& m) { return m["player"]["bot"] == true; }));
  out.push_back(pick(sent, "left", 0, has("removed")));
  out.push_back(pick(sent, "left", 0, lacks("removed")));
  out.push_back(pick(sent, "chat", 0));
  out.push_back(pick(sent, "series_started", 0));
  out.push_back(pick(sent, "game_started", 0));
  out.push_back(pick(sent, "game_started", kSpectators));
  for (const char* call : {"bid", "hold", "pass"}) out.push_back(pick(sent, call, 0));
  out.push_back(pick(sent, "pickup", 0, has("skat")));
  out.push_back(pick(sent, "pickup", kSpectators));
  out.push_back(pick(sent, "discard", 0, has("cards")));
  out.push_back(pick(sent, "discard", kSpectators));
  out.push_back(pick(sent, "declare", kSpectators));
  out.push_back(pick(sent, "play", kSpectators, lacks("trick_winner")));
  out.push_back(pick(sent, "play", kSpectators, has("trick_winner")));
  out.push_back(pick(sent, "timeout", kSpectators));
  out.push_back(pick(sent, "disconnected", kSpectators));
  out.push_back(pick(sent, "reconnected", kSpectators));
  out.push_back(pick(sent, "replacing", kSpectators));
  out.push_back(pick(sent, "replaced", kSpectators));
  out.push_back(pick(sent, "returned", kSpectators));
  out.push_back(pick(sent, "concede", kSpectators));
  out.push_back(pick(sent, "game_result", kSpectators, [](const Json& m) { return m["result"]["folded"] == false; }));
  out.push_back(pick(sent, "game_result", kSpectators, [](const Json& m) { return m["result"]["folded"] == true; }));
  out.push_back(pick(sent, "series_finished", kSpectators, lacks("abandoned")));
  out.push_back(pick(sent, "series_resumed", kSpectators));
  out.push_back(pick(sent, "series_finished", kSpectators, has("abandoned")));
  const std::vector<Sent> doubled = kontra_table_messages(states);
  out.push_back(states.back());
  out.push_back(pick(doubled, "series_started", 0));
  out.push_back(pick(doubled, "kontra", kSpectators));
  out.push_back(pick(doubled, "re", kSpectators));
  out.push_back(pick(doubled, "act", kAnyone, [](const Json& m) { return m["view"].contains("kontra"); }));
  out.push_back(pick(doubled, "game_result", kSpectators));
  out.push_back(pick(doubled, "series_finished", kSpectators));
  return out;
}

// Client messages as a client writes them: every kind, with and without its optional fields.
const char* const kClientExamples[] = {
    R"({"type":"hello","protocol":1,"name":"anna"})",
    R"({"type":"hello","protocol":1,"name":"anna","token":"5f0c","hints":false,"id":1})",
    R"({"type":"hello","protocol":1,"name":"AI1","token":"secret","bot":true,"kind":"pimc:worlds=20","seats":2})",
    R"({"type":"ping"})",
    R"({"type":"lobby","id":2})",
    R"({"type":"create_table"})",
    R"({"type":"create_table","deals":36,"event":"Training","id":3})",
    R"({"type":"join_table","table":7})",
    R"({"type":"join_table","table":7,"seat":1,"id":4})",
    R"({"type":"create_table","deals":12,"private":true})",
    R"({"type":"join_table","table":7,"key":"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"})",
    R"({"type":"watch_table","table":7,"key":"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"})",
    R"({"type":"leave_table","table":7})",
    R"({"type":"watch_table","table":7})",
    R"({"type":"add_bot","table":7,"seat":2})",
    R"({"type":"add_bot","table":7,"seat":2,"bot":"simple"})",
    R"({"type":"decline_challenge","tournament":7})",
    R"({"type":"start_series","table":7})",
    R"({"type":"remove_player","table":7,"seat":1})",
    R"({"type":"resume","table":7,"version":123})",
    R"({"type":"chat","table":7,"text":"gg"})",
    R"({"type":"result_wait","table":7,"until_ready":true})",
    R"({"type":"ready","table":7,"game":1})",
    R"({"type":"bid","table":7,"value":18,"version":12,"id":9})",
    R"({"type":"hold","table":7,"version":13})",
    R"({"type":"pass","table":7})",
    R"({"type":"pickup","table":7,"version":15})",
    R"({"type":"discard","table":7,"cards":["CJ","S7"],"version":16})",
    R"({"type":"declare","table":7,"game":"G"})",
    R"({"type":"declare","table":7,"game":"N","hand":true,"schneider":false,"schwarz":false,"ouvert":true,"version":17})",
    R"({"type":"play","table":7,"card":"HT","version":18})",
    R"({"type":"concede","table":7})",
    R"({"type":"create_table","deals":12,"kontra":true})",
    R"({"type":"kontra","table":7,"version":19})",
    R"({"type":"re","table":7})",
};

std::vector<std::string> error_codes() {
  std::vector<std::string> codes;
  for (int c = 0; c <= static_cast<int>(protocol::ErrorCode::Internal); ++c)
    codes.emplace_back(protocol::to_string(static_cast<protocol::ErrorCode>(c)));
  return codes;
}

Json built_fixture() {
  Json client = Json::array();
  for (const char* text : kClientExamples) client.push_back(Json::parse(text));
  return Json{{"comment",
               "Written by tests/server/test_protocol_examples.cpp (SKAT_UPDATE_EXAMPLES=1 rewrites it): one "
               "example of every message the server sends, built by its own code, and client messages its "
               "parser accepts; web/test/protocolExamples.test.ts checks them against web/src/lib/protocol.ts."},
              {"server", server_examples()},
              {"client", client},
              {"error_codes", error_codes()}};
}

std::set<std::string> types_in(const Json& list) {
  std::set<std::string> types;
  for (const Json& m : list) types.insert(m.value("type", ""));
  return types;
}

// The message types the server's sources emit: the literal types of the builders ({"type", "pong"}
// and, in JSON text, "type":"act"), the events the table emits by name, and the actions (emitted
// under the action's name).
std::set<std::string> types_in_server_sources() {
  const std::regex typed(R"re(\{"type",\s*"(\w+)"\}|\\?"type\\?":\\?"(\w+))re");
  const std::regex emitted(R"re(emit(?:_public)?\(\s*out,\s*"(\w+)")re");
  const std::regex comment(R"(//[^\n]*)");
  std::set<std::string> types;
  for (const char* dir : {"protocol", "server/table", "server/play", "server/http", "server/app"}) {
    const fs::path root = fs::path(SKAT_SOURCE_DIR) / dir;
    if (!fs::is_directory(root)) {
      ADD_FAILURE() << "no source folder " << root << ": the list of folders to scan is out of date";
      continue;
    }
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
      if (entry.path().extension() != ".cpp" || entry.path().filename() == "parse.cpp") continue;
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      const std::string code = std::regex_replace(text.str(), comment, "");
      for (const std::regex* re : {&typed, &emitted})
        for (std::sregex_iterator it(code.begin(), code.end(), *re), end; it != end; ++it)
          types.insert((*it)[1].matched ? (*it)[1].str() : (*it)[2].str());
    }
  }
  for (int k = 0; k <= static_cast<int>(ActionKind::Re); ++k)
    types.insert(std::string(protocol::action_name(static_cast<ActionKind>(k))));
  return types;
}

// The type names of every kind the parser produces.
template <class Variant>
void add_kinds(std::set<std::string>& names) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (names.insert(
         std::string(protocol::type_name(protocol::ClientBody{Variant{std::variant_alternative_t<I, Variant>{}}}))),
     ...);
  }
  (std::make_index_sequence<std::variant_size_v<Variant>>{});
}

std::set<std::string> client_kinds() {
  std::set<std::string> names;
  add_kinds<protocol::ConnectionBody>(names);
  add_kinds<protocol::LobbyBody>(names);
  add_kinds<protocol::TableBody>(names);
  for (int k = 0; k <= static_cast<int>(ActionKind::Re); ++k)
    names.insert(std::string(protocol::action_name(static_cast<ActionKind>(k))));
  return names;
}

std::optional<Json> committed_fixture() {
  std::ifstream in(kFixture);
  if (!in) return std::nullopt;
  return Json::parse(in, nullptr, false);
}

TEST(ProtocolExamples, TheFixtureHoldsWhatTheServerBuilds) {
  const Json built = built_fixture();
  if (const char* update = std::getenv("SKAT_UPDATE_EXAMPLES"); update && std::string(update) == "1") {
    std::ofstream out(kFixture);
    out << built.dump(2) << '\n';
    ASSERT_TRUE(out.good()) << "cannot write " << kFixture;
    std::cout << "wrote " << kFixture << '\n';
    return;
  }
  const auto committed = committed_fixture();
  ASSERT_TRUE(committed && committed->is_object()) << "no readable fixture at " << kFixture;
  const std::string hint = " (after a deliberate change: SKAT_UPDATE_EXAMPLES=1 rewrites the fixture)";
  for (const char* list : {"server", "client"}) {
    const Json& want = built[list];
    const Json& have = (*committed)[list];
    ASSERT_TRUE(have.is_array()) << list << hint;
    for (std::size_t i = 0; i < std::max(want.size(), have.size()); ++i) {
      const Json w = i < want.size() ? want[i] : Json();
      const Json h = i < have.size() ? have[i] : Json();
      EXPECT_EQ(w, h) << list << " example " << i << " differs" << hint << "\nbuilt:   " << w.dump()
                      << "\nfixture: " << h.dump();
    }
  }
  EXPECT_EQ(built["error_codes"], (*committed)["error_codes"]) << hint;
  EXPECT_EQ(built, *committed) << hint;
}

TEST(ProtocolExamples, EveryServerMessageTypeHasAnExample) {
  const auto committed = committed_fixture();
  ASSERT_TRUE(committed && committed->is_object());
  const std::set<std::string> in_sources = types_in_server_sources();
  EXPECT_GE(in_sources.size(), 30u);  // the scan finds the builders
  EXPECT_EQ(types_in(built_fixture()["server"]), in_sources);
  EXPECT_EQ(types_in((*committed)["server"]), in_sources);
}

TEST(ProtocolExamples, EveryClientExampleParsesAndEveryKindHasOne) {
  std::set<std::string> seen;
  for (const char* text : kClientExamples) {
    const auto parsed = protocol::parse_client_message(text);
    ASSERT_TRUE(parsed.has_value()) << text << ": " << parsed.error().message;
    const std::string type = Json::parse(text)["type"];
    EXPECT_EQ(protocol::type_name(parsed->body), type) << text;
    seen.insert(type);
  }
  EXPECT_EQ(seen, client_kinds());
  const auto committed = committed_fixture();
  ASSERT_TRUE(committed && committed->is_object());
  EXPECT_EQ(types_in((*committed)["client"]), client_kinds());
}

}  // namespace
}  // namespace skat::table::test
