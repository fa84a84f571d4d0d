// Calls out of turn at a table (docs/protocol.md §4). Kontra and Re (docs/rules.md §8): the option
// in the state, the views and the lobby; each said out of turn sends the player to move a new
// request (the old one stale); the doubled game result and PGN line; refused at other tables.
#include "protocol/server_messages.h"
#include "tests/server/table_test_support.h"

namespace skat::table::test {
namespace {

constexpr std::uint64_t kDeal = 123456789;

TableConfig kontra_config(bool kontra, int deals = 3) {
  TableConfig c;
  c.deals = deals;
  c.kontra = kontra;
  c.deal_source = [](int) { return kDeal; };
  return c;
}

TableOutput send(Table& table, int seat, const std::string& text, TimePoint now) {
  auto m = protocol::parse_client_message(text);
  EXPECT_TRUE(m.has_value()) << text;
  if (!m) return {};
  const auto* command = protocol::body_as<protocol::GameCommand>(m->body);
  EXPECT_NE(command, nullptr) << text;
  return command ? table.command(seat, *command, now, m->id) : TableOutput{};
}

std::string error_code(const TableOutput& out, int seat) {
  auto e = last_of_type(out, seat, "error");
  return e ? (*e)["code"].get<std::string>() : "";
}

bool offers(const Json& act, std::string_view kind) {
  for (const Json& a : act["view"]["legal"])
    if (a["type"] == kind) return true;
  return false;
}

// Middlehand passes, rearhand (seat 2) bids 18, forehand passes: seat 2 declares a hand grand and
// forehand (seat 0) is asked to lead. Returns that output.
TableOutput grand_by_seat_2(Table& table, TimePoint now) {
  seat_three_and_start(table, now);
  EXPECT_EQ(error_code(send(table, 1, R"({"type":"pass","table":7})", now), 1), "");
  EXPECT_EQ(error_code(send(table, 2, R"({"type":"bid","table":7,"value":18})", now), 2), "");
  EXPECT_EQ(error_code(send(table, 0, R"({"type":"pass","table":7})", now), 0), "");
  return send(table, 2, R"({"type":"declare","table":7,"game":"G","hand":true})", now);
}

TEST(TableKontra, KontraAndReOutOfTurnDoubleTheGameTwice) {
  Table table(7, kontra_config(true));
  const TimePoint now = t0();
  auto out = grand_by_seat_2(table, now);
  const auto lead = last_of_type(out, 0, "act");
  ASSERT_TRUE(lead);
  EXPECT_EQ((*lead)["view"]["kontra"], (Json{{"by", -1}, {"re", false}}));
  EXPECT_TRUE(offers(*lead, "kontra"));
  EXPECT_EQ(table.state_message(0)["kontra"], true);
  const std::int64_t asked = (*lead)["version"].get<std::int64_t>();
  const std::int64_t deadline = (*lead)["deadline"].get<std::int64_t>();

  // Middlehand (seat 1) says Kontra while forehand is to lead: everyone hears it, forehand gets
  // its request again without Kontra (its clock running on), and its old request is stale.
  out = send(table, 1, R"({"type":"kontra","table":7})", now + 1s);
  EXPECT_EQ(error_code(out, 1), "");
  for (int audience : {0, 1, 2, kSpectators}) {
    const auto said = last_of_type(out, audience, "kontra");
    ASSERT_TRUE(said) << audience;
    EXPECT_EQ((*said)["seat"], 1);
  }
  const auto again = last_of_type(out, 0, "act");
  ASSERT_TRUE(again);
  EXPECT_GT((*again)["version"].get<std::int64_t>(), asked);
  EXPECT_EQ((*again)["deadline"].get<std::int64_t>(), deadline);
  EXPECT_FALSE(offers(*again, "kontra"));
  EXPECT_EQ((*again)["view"]["kontra"]["by"], 1);  // positions: seat 1 is middlehand
  EXPECT_EQ(error_code(send(table, 0, R"({"type":"kontra","table":7})", now + 2s), 0), "illegal_action");
  EXPECT_EQ(error_code(send(table, 1, R"({"type":"re","table":7})", now + 2s), 1), "illegal_action");
  const auto stale = send(table, 0, R"({"type":"pass","table":7,"version":)" + std::to_string(asked) + "}", now + 2s);
  EXPECT_EQ(error_code(stale, 0), "stale");

  // The declarer, not to move, may answer Re now.
  const auto declarer_view = table.view(2);
  ASSERT_TRUE(declarer_view);
  EXPECT_TRUE(std::ranges::any_of(declarer_view->legal, [](const Action& a) { return a.kind == ActionKind::Re; }));
  out = send(table, 2, R"({"type":"re","table":7})", now + 3s);
  EXPECT_EQ(error_code(out, 2), "");
  ASSERT_TRUE(last_of_type(out, 0, "re"));
  EXPECT_EQ(table.view(0)->doubling, Doubling::Re);

  // The declarer gives up: the game costs four times its value, twice over as a loss.
  out = send(table, 2, R"({"type":"concede","table":7})", now + 4s);
  const auto result = last_of_type(out, 0, "game_result");
  ASSERT_TRUE(result) << "no game_result";
  const Json& r = (*result)["result"];
  EXPECT_EQ(r["doubling"], 4);
  EXPECT_EQ((*result)["doublings"], Json::array({4}));  // the list's games, each with its factor
  EXPECT_EQ(table.state_message(0)["doublings"], Json::array({4}));
  EXPECT_EQ(r["list_entry"].get<int>(), -2 * r["value"].get<int>());
  EXPECT_EQ(r["value"].get<int>(), 4 * 24 * r["levels"].get<int>());
  ASSERT_EQ(out.games.size(), 1u);
  EXPECT_EQ(out.games[0].pgn.doubling, Doubling::Re);
  EXPECT_EQ(out.games[0].pgn.kontra_by, 1);
  EXPECT_EQ(out.games[0].points[2], r["list_entry"].get<int>() - 50);
  EXPECT_EQ(out.games[0].points[1], 40);  // the defenders' 40 stay as they are
}

TEST(TableKontra, RefusedAtATableWithoutIt) {
  Table table(7, kontra_config(false));
  auto out = grand_by_seat_2(table, t0());
  const auto lead = last_of_type(out, 0, "act");
  ASSERT_TRUE(lead);
  EXPECT_FALSE((*lead)["view"].contains("kontra"));
  EXPECT_FALSE(offers(*lead, "kontra"));
  EXPECT_EQ(table.state_message(0)["kontra"], false);
  EXPECT_FALSE(table.state_message(0).contains("doublings"));
  const auto refused = send(table, 1, R"({"type":"kontra","table":7})", t0() + 1s);
  EXPECT_EQ(error_code(refused, 1), "illegal_action");
  EXPECT_NE(last_of_type(refused, 1, "error")->dump().find("kontra_not_allowed"), std::string::npos);
}

// A whole series where every seat doubles whenever it may: no card leaks, every answer is taken,
// and each stored line carries what was said.
TEST(TableKontra, ASeriesOfDoubledGamesPlaysThrough) {
  Table table(7, kontra_config(true, 6));
  TimePoint now = t0();
  BotDriver driver(56);
  driver.choose = [](int, const SeatView& view) -> std::optional<Action> {
    for (const Action& a : view.legal)
      if (a.kind == ActionKind::Kontra || a.kind == ActionKind::Re) return a;
    return std::nullopt;
  };
  driver.run(table, seat_three_and_start(table, now), now);
  ASSERT_EQ(driver.games_.size(), 6u);
  int doubled = 0;
  for (const FinishedGame& g : driver.games_) {
    if (g.game.folded()) continue;
    EXPECT_EQ(g.game.doubling(), Doubling::Re);  // Kontra at the first chance, Re at the declarer's
    EXPECT_EQ(g.pgn.doubling, Doubling::Re);
    EXPECT_EQ(g.result["doubling"], 4);
    ++doubled;
  }
  EXPECT_GT(doubled, 0);
  ASSERT_EQ(driver.series_.size(), 1u);
}

}  // namespace
}  // namespace skat::table::test
