// Tournament JSON: a real report and its games survive the round trip through JSON (what `skat
// tournament --server` reads back; the shard files of --games and --merge), and a stored tournament's API forms carry
// the totals, curve and series.
#include <gtest/gtest.h>

#include "bots/bot_factory.h"
#include "server/play/tournament_json.h"

namespace skat::app {
namespace {

TEST(TournamentJson, ReportRoundTrip) {
  bots::TournamentConfig c;
  c.a = *bots::parse_bot_spec("random");
  c.b = *bots::parse_bot_spec("rule");
  // Judged (the report then carries the solver's accuracy) on deals whose open-card solves are
  // quick: seed 12 held one that took a minute under the sanitizers.
  c.deals = 3;
  c.seed = 5;
  const auto games = bots::run_tournament(c);
  const bots::TournamentReport report = bots::make_report(c, games, 1.5);
  ASSERT_NE(bots::report_text(report).find("solver accuracy"), std::string::npos);
  const nlohmann::json j = tournament_report_json(report);
  const auto back = tournament_report_from_json(j);
  ASSERT_TRUE(back);
  EXPECT_EQ(tournament_report_json(*back), j);
  EXPECT_EQ(bots::report_text(*back), bots::report_text(report));
  EXPECT_FALSE(tournament_report_from_json(nlohmann::json{{"a", "x"}}));
  EXPECT_FALSE(tournament_report_from_json(nlohmann::json("text")));
}

TEST(TournamentJson, GamesRoundTrip) {
  bots::TournamentConfig c;
  c.a = *bots::parse_bot_spec("random");
  c.b = *bots::parse_bot_spec("rule");
  c.deals = 3;
  c.seed = 5;
  c.judge = true;
  const auto games = bots::run_tournament(c);
  std::vector<bots::TournamentGame> back;
  for (const bots::TournamentGame& g : games) {
    const auto read = tournament_game_from_json(nlohmann::json::parse(tournament_game_json(g).dump()));
    ASSERT_TRUE(read);
    EXPECT_EQ(tournament_game_json(*read), tournament_game_json(g));
    back.push_back(*read);
  }
  EXPECT_EQ(bots::report_text(bots::make_report(c, back, 0)), bots::report_text(bots::make_report(c, games, 0)));
  EXPECT_FALSE(tournament_game_from_json(nlohmann::json{{"deal", 1}}));
  nlohmann::json bad = tournament_game_json(games.front());
  bad["rotation"] = 7;
  EXPECT_FALSE(tournament_game_from_json(bad));
}

TEST(TournamentJson, SummaryAndDetailOfAStoredTournament) {
  db::TournamentRecord t;
  t.id = 5;
  t.mode = "server";
  t.a = "rule";
  t.b = "simple";
  t.seed = 9;
  t.deals = 10;
  t.seatings = "1:2";
  t.status = "running";
  t.deals_done = 0;
  nlohmann::json summary = tournament_summary_json(t);
  EXPECT_EQ(summary["seatings"], nlohmann::json::array({"1:2"}));
  EXPECT_TRUE(summary["difference"].is_null());
  EXPECT_TRUE(summary["finished_at"].is_null());

  t.deals_done = 2;
  t.report = R"({"seatings":[{"seating":"1:2"},{"seating":"total","difference":-3.5,"ci95":[-9,2],"verdict":"no"}]})";
  t.curve = curve_json({{1, -4, -4, -4}, {2, -3.5, -9, 2}}).dump();
  summary = tournament_summary_json(t);
  EXPECT_EQ(summary["difference"], -3.5);
  EXPECT_EQ(summary["ci95"], nlohmann::json::array({-9, 2}));
  const nlohmann::json detail = tournament_detail_json(t, {{41, 2, 1, 0, {7, 8}}});
  EXPECT_EQ(detail["curve"].size(), 2U);
  EXPECT_EQ(detail["curve"][1]["deals"], 2);
  ASSERT_EQ(detail["series"].size(), 2U);
  EXPECT_EQ(detail["series"][0],
            (nlohmann::json{{"id", 7}, {"table", 41}, {"seating", "1:2"}, {"rotation", 1}, {"first_deal", 0}}));
  EXPECT_EQ(detail["report"]["seatings"].size(), 2U);
}

}  // namespace
}  // namespace skat::app
