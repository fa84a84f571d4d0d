// End-to-end tests of the built `skat` executable: exit codes, one-line errors, stdout formats
// of value / elo / bench, the selfplay → replay round trip, and health files.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "bots/bot_factory.h"
#include "bots/play_deal.h"
#include "bots/rng.h"
#include "bots/simple_player.h"
#include "common/csprng.h"
#include "db/migrations.h"
#include "db/nightly.h"
#include "db/series.h"
#include "db/tournaments.h"
#include "engine/records/pgn.h"
#include "engine/records/sgf.h"
#include "tests/cli/cli_run.h"
#include "tests/support/eventually.h"

namespace {

using skat::test::CliRun;
using skat::test::lines;
using skat::test::skat;
using skat::test::slurp;
using skat::test::temp_path;

TEST(Binary, HelpOnEverySubcommandExitsZero) {
  for (const char* sub : {"", "value", "elo", "bench", "selfplay", "replay"}) {
    const CliRun r = skat(std::string(sub) + " --help");
    EXPECT_EQ(r.exit_code, 0) << sub;
    EXPECT_NE(r.out.find("Usage:"), std::string::npos) << sub;
  }
}

// The help of the commands that take a bot spec names every kind a spec may name.
TEST(Binary, BotSpecHelpNamesEveryKind) {
  for (const char* sub : {"tournament", "bot", "selfplay"}) {
    const CliRun r = skat(std::string(sub) + " --help");
    EXPECT_EQ(r.exit_code, 0) << sub;
    for (const std::string_view kind : skat::bots::kBotKinds)
      EXPECT_TRUE(r.out.find(" " + std::string(kind) + ",") != std::string::npos ||
                  r.out.find(" " + std::string(kind) + "[") != std::string::npos)
          << sub << " --help lacks " << kind;
  }
}

TEST(Binary, BadArgumentsExitTwoWithOneLine) {
  for (const char* args : {"", "nosuchcommand", "value --nope", "elo --k abc", "elo --k -1", "elo --start 0", "bench",
                           "bench nosuchbench", "bench solver --nope", "selfplay --series 0", "selfplay --deals x",
                           "replay", "replay --format xml -", "elo extra"}) {
    const CliRun r = skat(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_EQ(lines(r.err).size(), 1u) << args << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << args;
  }
}

TEST(Binary, ValuePrintsTheResult) {
  const CliRun r = skat("value", R"({"game":"G","hand":true,"schneider_announced":true,"schwarz_announced":false,
    "ouvert":false,"declarer_cards":["CJ","SJ","HJ","DJ","CA","CT","SA","ST","HA","D7"],"skat":["D8","D9"],
    "bid":18,"declarer_points":89,"declarer_tricks":7})");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "{\"won\":false,\"overbid\":false,\"matadors\":4,\"value\":-384}\n");
}

TEST(Binary, ValueErrorsExitOne) {
  const std::string cards = R"("declarer_cards":["CJ","SJ","HJ","DJ","CA","CT","SA","ST","HA","D7"])";
  for (const std::string& input :
       {std::string("not json"),
        R"({"game":"C",)" + cards + R"(,"skat":["D8","QQ"],"bid":18,"declarer_points":70,"declarer_tricks":6})",
        R"({"game":"C",)" + cards + R"(,"skat":["D8","D7"],"bid":18,"declarer_points":70,"declarer_tricks":6})",
        R"({"game":"C","schneider_announced":true,)" + cards +
            R"(,"skat":["D8","D9"],"bid":18,"declarer_points":70,"declarer_tricks":6})",
        R"({"game":"N",)" + cards + R"(,"skat":["D8","D9"],"bid":30,"declarer_tricks":0})"}) {
    const CliRun r = skat("value", input);
    EXPECT_EQ(r.exit_code, 1) << input;
    EXPECT_TRUE(r.out.starts_with("{\"error\":\"")) << r.out;
    EXPECT_EQ(lines(r.out).size(), 1u);
  }
}

TEST(Binary, EloRankingAndTrace) {
  const std::string csv =
      "series,player1,player2,player3,score1,score2,score3\n1,alice,bob,carol,1200,800,800\n"
      "2,alice,bob,dave,300,-200,1000\n";
  const CliRun r = skat("elo", csv);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "player,rating,series\ndave,812.67,1\nalice,803.96,2\ncarol,797.33,1\nbob,786.03,2\n");
  const CliRun t = skat("elo --trace", csv);
  EXPECT_EQ(t.exit_code, 0);
  EXPECT_EQ(t.out,
            "series,player,score,expected,rating\n1,alice,1200,933.33,805.33\n1,bob,800,933.33,797.33\n"
            "1,carol,800,933.33,797.33\n2,alice,300,368.70,803.96\n2,bob,-200,365.04,786.03\n"
            "2,dave,1000,366.26,812.67\n");
  const CliRun k = skat("elo --k 0.04 --start 1000", csv);
  EXPECT_EQ(k.exit_code, 0);
  EXPECT_NE(k.out.find("carol,994.67,1"), std::string::npos) << k.out;
  // The start rating from the first series: series 1 sets alice, bob and carol to their scores;
  // in series 2 dave enters at 800 (R = 2800, S = 1100) and then takes his score.
  const CliRun s = skat("elo --start-from-series 1", csv);
  EXPECT_EQ(s.exit_code, 0) << s.err;
  EXPECT_EQ(s.out, "player,rating,series\nalice,1196.57,2\ndave,1000.00,1\ncarol,800.00,1\nbob,789.71,2\n");
}

TEST(Binary, EloBadInputExitsOne) {
  const CliRun r = skat("elo", "1,a,b,a,1,2,3\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(lines(r.err).size(), 1u);
}

// A bench's output: one `name: value unit` line per expected figure, in order, and the digest last.
void expect_figures(const std::vector<std::string>& out, const std::vector<std::string>& names) {
  ASSERT_EQ(out.size(), names.size() + 1);
  const std::regex figure(R"(([a-z0-9_]+): [0-9]+(\.[0-9]+)? [A-Za-z/]+)");
  for (std::size_t i = 0; i < names.size(); ++i) {
    std::smatch m;
    ASSERT_TRUE(std::regex_match(out[i], m, figure)) << out[i];
    EXPECT_EQ(m[1], names[i]);
  }
  EXPECT_TRUE(std::regex_match(out.back(), std::regex("bench: [0-9a-f]{16}")));
}

TEST(Binary, BenchQuickFormatAndStableDigest) {
  const CliRun a = skat("bench engine --quick");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  const auto out = lines(a.out);
  ASSERT_EQ(out.size(), 4u) << a.out;
  const std::regex figure(R"([a-z_]+: [0-9]+ [a-z/]+)");
  for (std::size_t i = 0; i + 1 < out.size(); ++i) EXPECT_TRUE(std::regex_match(out[i], figure)) << out[i];
  EXPECT_TRUE(out[0].starts_with("playouts_per_second: "));
  EXPECT_TRUE(out[1].starts_with("legal_movegen_per_second: "));
  EXPECT_TRUE(out[2].starts_with("game_playouts_per_second: "));
  EXPECT_TRUE(std::regex_match(out[3], std::regex("bench: [0-9a-f]{16}")));
  const CliRun b = skat("bench engine --quick");
  ASSERT_EQ(b.exit_code, 0);
  EXPECT_EQ(lines(b.out).back(), out[3]);
}

TEST(Binary, SolveValuesAPositionAndEveryLegalCard) {
  // Forehand led the club ace, middlehand followed with the seven; the declarer (rearhand) is void
  // in clubs and trumps with the queen or the king of diamonds, then wins the last trick too.
  const CliRun r = skat("solve", R"({"game":"D","declarer":2,"hands":["SA","HA","DQ DK"],
    "skat":"D7 D8","played":["CA","C7"],"declarer_points_so_far":30,"cards":true})");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const auto out = nlohmann::json::parse(r.out);
  // DK now (11 + 4) and DQ in the last trick (3 + 11 + 11), or the other way round: 70 either way.
  EXPECT_EQ(out["declarer_points"], 30 + 15 + 25);
  EXPECT_EQ(out["declarer_wins"], true);
  EXPECT_EQ(out["cards"]["DK"], 70);
  EXPECT_EQ(out["cards"]["DQ"], 30 + 14 + 26);
  EXPECT_GT(out["nodes"].get<int>(), 0);
  EXPECT_GE(out["ms"].get<double>(), 0);
  // A threshold question answers only the verdict (no exact value); cards only when asked.
  const CliRun t = skat("solve", R"({"game":"D","declarer":2,"hands":["SA","HA","DQ DK"],
    "skat":"D7 D8","played":["CA","C7"],"declarer_points_so_far":30,"question":90})");
  const auto verdict = nlohmann::json::parse(t.out);
  EXPECT_EQ(verdict["declarer_wins"], false);
  EXPECT_FALSE(verdict.contains("declarer_points"));
  EXPECT_FALSE(verdict.contains("cards"));
  const CliRun tc = skat("solve", R"({"game":"D","declarer":2,"hands":["SA","HA","DQ DK"],
    "skat":"D7 D8","played":["CA","C7"],"declarer_points_so_far":30,"question":70,"cards":true})");
  EXPECT_EQ(nlohmann::json::parse(tc.out)["cards"], (nlohmann::json{{"DK", true}, {"DQ", true}}));
  // Null: the declarer (forehand) must lead; C7 stays under everything, CA takes the trick.
  const CliRun n = skat("solve", R"({"game":"N","declarer":0,"hands":["C7 CA","C8 C9","CT CK"],"cards":true})");
  ASSERT_EQ(n.exit_code, 0) << n.out;
  const auto null = nlohmann::json::parse(n.out);
  EXPECT_EQ(n.out, "{\"declarer_wins\":false,\"cards\":{\"C7\":false,\"CA\":false},\"nodes\":" + null["nodes"].dump() +
                       ",\"ms\":" + null["ms"].dump() + "}\n");
}

// One process answers many positions, one line each in input order; a bad line gets its error
// line and the next one is still answered (the exit status then says that one was bad).
TEST(Binary, SolveAnswersEveryLineOfAStream) {
  const std::string position = R"({"game":"D","declarer":2,"hands":["SA","HA","DQ DK"],"skat":"D7 D8",)"
                               R"("played":["CA","C7"],"declarer_points_so_far":30)";
  const CliRun r = skat("solve", position + "}\nnot json\n" + position + R"(,"question":61})" + "\n" +
                                     R"({"game":"N","declarer":0,"hands":["C7 CA","C8 C9","CT CK"]})" + "\n");
  EXPECT_EQ(r.exit_code, 1);
  const auto answers = lines(r.out);
  ASSERT_EQ(answers.size(), 4u) << r.out;
  EXPECT_EQ(nlohmann::json::parse(answers[0])["declarer_points"], 70);
  EXPECT_TRUE(nlohmann::json::parse(answers[1]).contains("error"));
  EXPECT_EQ(nlohmann::json::parse(answers[2])["declarer_wins"], true);
  EXPECT_EQ(nlohmann::json::parse(answers[3])["declarer_wins"], false);
  for (const std::string& a : {answers[0], answers[2], answers[3]})
    EXPECT_TRUE(nlohmann::json::parse(a).contains("ms"));
  // Every line good: exit status 0.
  EXPECT_EQ(skat("solve", position + "}\n" + position + "}\n").exit_code, 0);
}

TEST(Binary, SolveErrorsExitOne) {
  for (const std::string& input :
       {std::string("not json"), std::string(R"({"game":"X","declarer":0,"hands":["C7","C8","C9"]})"),
        std::string(R"({"game":"G","declarer":0,"hands":["C7","C8","C9"],"skat":"C7 D7"})"),
        std::string(R"({"game":"G","declarer":0,"hands":["C7 CA","C8","C9"],"skat":"D8 D7"})"),
        std::string(R"({"game":"C","declarer":0,"hands":["C7","SA","C9"],"skat":"D8 D7","played":["C8","S7"]})"),
        std::string(R"({"game":"G","declarer":0,"hands":["C7","C8","C9"],"skat":"D8 D7","extra":1})")}) {
    const CliRun r = skat("solve", input);
    EXPECT_EQ(r.exit_code, 1) << input;
    EXPECT_TRUE(r.out.starts_with("{\"error\":\"")) << input << " -> " << r.out;
  }
}

TEST(Binary, BenchSolverQuickReportsEveryFigure) {
  const CliRun r = skat("bench solver --quick");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto out = lines(r.out);
  const std::vector<std::string> names = {
      "deals",       "suit_grand_deals", "null_deals", "query61_mean",     "query61_p50", "query61_p99",
      "query61_max", "exact_mean",       "exact_p50",  "exact_p99",        "exact_max",   "null_mean",
      "null_p50",    "null_p99",         "null_max",   "nodes_per_second", "tt_memory"};
  expect_figures(out, names);
  EXPECT_EQ(out[0], "deals: 6 deals");
  EXPECT_TRUE(std::regex_match(out.back(), std::regex("bench: [0-9a-f]{16}")));
}

TEST(Binary, TournamentReportsBothSeatingsAsJsonAndText) {
  const CliRun r = skat("tournament --a random --b rule --deals 4 --seed 8 --json --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto report = nlohmann::json::parse(r.out);
  EXPECT_EQ(report["a"], "random");
  EXPECT_EQ(report["b"], "rule");
  ASSERT_EQ(report["seatings"].size(), 3u);
  EXPECT_EQ(report["seatings"][0]["seating"], "2:1");
  EXPECT_EQ(report["seatings"][1]["seating"], "1:2");
  const auto& total = report["seatings"][2];
  EXPECT_EQ(total["seating"], "total");
  EXPECT_EQ(total["games"], 24);
  EXPECT_EQ(total["a"]["seat_games"].get<int>() + total["b"]["seat_games"].get<int>(), 72);
  EXPECT_LE(total["ci95"][0].get<double>(), total["difference"].get<double>());
  EXPECT_GE(total["ci95"][1].get<double>(), total["difference"].get<double>());
  for (const char* c : {"suit", "grand", "null"}) EXPECT_TRUE(total["classes"].contains(c));
  const CliRun text = skat("tournament --a random --b rule --deals 4 --seed 8 --seating 2:1 --quiet");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("[2:1] 4 deals, 12 games"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("duplicate difference B - A"), std::string::npos) << text.out;
  EXPECT_EQ(skat("tournament --a nobody --deals 1").exit_code, 2);
  EXPECT_EQ(skat("tournament --b pimc:worlds=0 --deals 1").exit_code, 2);
}

// The report without what depends on the machine (times).
nlohmann::json without_times(nlohmann::json j) {
  if (j.is_object()) {
    for (const char* key : {"seconds", "move_mean_ms", "move_p99_ms"}) j.erase(key);
    for (auto& [key, value] : j.items()) value = without_times(value);
  } else if (j.is_array()) {
    for (auto& value : j) value = without_times(value);
  }
  return j;
}

// Outside programs of the line protocol (examples/bots, Debian's python3) play in-process: the
// tournament completes, is the same twice, and the report shows the program's faults (none).
TEST(Binary, TournamentPlaysOutsideProgramsAlikeTwice) {
  for (const char* bot : {"random_bot.py", "heuristic_bot.py"}) {
    const std::string program = std::string("program:/usr/bin/python3 ") + SKAT_SOURCE_DIR + "/examples/bots/" + bot;
    const std::string args = "tournament --a '" + program + "' --b random --deals 3 --seed 5 --quiet";
    const CliRun text = skat(args);
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_NE(text.out.find("A = " + program + ", B = random, 3 deals"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("[total] 3 deals, 18 games"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("program A: 0 timeouts, 0 crashes, 0 garbage answers"), std::string::npos) << text.out;
    const CliRun first = skat(args + " --json"), second = skat(args + " --json");
    ASSERT_EQ(first.exit_code, 0) << first.err;
    ASSERT_EQ(second.exit_code, 0) << second.err;
    const auto report = nlohmann::json::parse(first.out);
    EXPECT_EQ(report["a"], program);
    EXPECT_EQ(report["seatings"][2]["games"], 18);
    EXPECT_EQ(report["seatings"][2]["a"]["program_faults"],
              nlohmann::json::parse(R"({"timeouts":0,"crashes":0,"garbage":0})"));
    EXPECT_FALSE(report["seatings"][2]["b"].contains("program_faults"));
    EXPECT_EQ(without_times(report), without_times(nlohmann::json::parse(second.out))) << bot;
  }
}

TEST(Binary, TournamentCountsAProgramsFaultsAndRefusesOneThatCannotStart) {
  const std::string garbage =
      std::string("program:/usr/bin/python3 ") + SKAT_SOURCE_DIR + "/tests/bridge/scripted_bot.py always-garbage";
  const std::string games = temp_path("games.jsonl");
  const CliRun faulty =
      skat("tournament --a '" + garbage + "' --b random --deals 1 --seed 2 --quiet --games '" + games + "'");
  ASSERT_EQ(faulty.exit_code, 0) << faulty.err;
  std::smatch counted;
  ASSERT_TRUE(
      std::regex_search(faulty.out, counted, std::regex("program A: 0 timeouts, 0 crashes, [1-9][0-9]* garbage")))
      << faulty.out;
  EXPECT_NE(faulty.err.find("unusable answer 'this is not JSON'"), std::string::npos);
  // The games file keeps the counts: the merged report shows them again.
  const CliRun merged = skat("tournament --merge '" + games + "'");
  ASSERT_EQ(merged.exit_code, 0) << merged.err;
  EXPECT_NE(merged.out.find(counted.str()), std::string::npos) << merged.out;
  std::remove(games.c_str());
  const CliRun missing = skat("tournament --a 'program:/nonexistent/skat-bot' --b random --deals 1 --quiet");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("program:/nonexistent/skat-bot cannot start"), std::string::npos) << missing.err;
  EXPECT_EQ(skat("tournament --a account:someone --b random --deals 1 --quiet").exit_code, 2);
}

TEST(Binary, TournamentAndSelfplayStoreIntoTheDatabase) {
  const std::string db_path = temp_path("store.db");
  std::remove(db_path.c_str());
  const CliRun t = skat("tournament --a random --b rule --deals 4 --seed 8 --json --quiet --db '" + db_path + "'");
  ASSERT_EQ(t.exit_code, 0) << t.err;
  const CliRun s = skat("selfplay --bot rule --series 2 --deals 3 --seed 5 --out - --db '" + db_path + "'");
  ASSERT_EQ(s.exit_code, 0) << s.err;
  auto conn = skat::db::open_database(db_path);
  ASSERT_TRUE(conn);
  const auto stored = skat::db::get_tournament(*conn, 1);
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->mode, "inprocess");
  EXPECT_EQ(stored->status, "finished");
  EXPECT_EQ(stored->deals_done, 4);
  EXPECT_EQ(nlohmann::json::parse(stored->report), nlohmann::json::parse(t.out));
  const auto curve = nlohmann::json::parse(stored->curve);
  ASSERT_FALSE(curve.empty());
  EXPECT_EQ(curve.back()["deals"], 4);
  const auto series = skat::db::list_series(*conn, {}, {});
  ASSERT_TRUE(series);
  EXPECT_EQ(series->size(), 2U);
  std::remove(db_path.c_str());
}

TEST(Binary, BenchFoldQuickReportsEveryFigure) {
  const CliRun r = skat("bench fold --quick");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto out = lines(r.out);
  const std::vector<std::string> names = {"games",        "folded",     "excluded",   "lead_samples",
                                          "fold_time",    "fold_rate",  "buckets",    "binary_size",
                                          "binary_write", "table_load", "lookup_mean"};
  expect_figures(out, names);
  EXPECT_EQ(out[0], "games: 5000 games");
  EXPECT_TRUE(std::regex_match(out.back(), std::regex("bench: [0-9a-f]{16}")));
  // The digest covers the counts only: a second run gives the same one.
  EXPECT_EQ(lines(skat("bench fold --quick").out).back(), out.back());
}

// The nightly job SIGKILLed at many moments, then run to the end, leaves what one clean run leaves:
// one table version holding every game once, and the same ratings.
TEST(Binary, NightlyKilledAtRandomMomentsEndsAsOneCleanRun) {
  const std::string tables = std::string(SKAT_SOURCE_DIR) + "/tables/t0.wtab";
  const std::string killed = temp_path("killed.db"), clean = temp_path("clean.db");
  for (const std::string& f : {killed, clean}) std::filesystem::remove(f);
  const CliRun games =
      skat("selfplay --bot rule --series 30 --deals 36 --seed 9 --out /dev/null --db '" + killed + "'");
  ASSERT_EQ(games.exit_code, 0) << games.err;
  std::filesystem::copy_file(killed, clean);
  auto nightly = [&](const std::string& db, const std::string& prefix) {
    return prefix + "'" + SKAT_BINARY + "' nightly --db '" + db + "' --tables-dir '" + db + ".tables' --base-tables '" +
           tables + "' --hand-luck >/dev/null 2>&1";
  };
  skat::bots::FastRng rng(5);
  for (int k = 0; k < 12; ++k) {
    const int ms = 2 + static_cast<int>(rng() % 60);
    (void)std::system(nightly(killed, "timeout -s KILL " + std::to_string(ms / 1000.0) + " ").c_str());
  }
  ASSERT_EQ(std::system(nightly(killed, "").c_str()), 0);
  ASSERT_EQ(std::system(nightly(clean, "").c_str()), 0);
  auto a = skat::db::open_database(killed), b = skat::db::open_database(clean);
  ASSERT_TRUE(a && b);
  EXPECT_TRUE(a->integrity_check());
  const auto va = skat::db::table_versions(*a), vb = skat::db::table_versions(*b);
  ASSERT_TRUE(va && vb);
  ASSERT_EQ(va->size(), 1U);
  ASSERT_EQ(vb->size(), 1U);
  EXPECT_EQ((*va)[0].watermark, (*vb)[0].watermark);
  EXPECT_EQ((*va)[0].games_folded, (*vb)[0].games_folded);
  EXPECT_EQ((*va)[0].stats, (*vb)[0].stats);
  const auto sa = skat::db::latest_snapshot(*a), sb = skat::db::latest_snapshot(*b);
  ASSERT_TRUE(sa && sb && *sa && *sb);
  const auto ra = skat::db::snapshot_ratings(*a, (*sa)->id), rb = skat::db::snapshot_ratings(*b, (*sb)->id);
  ASSERT_TRUE(ra && rb);
  ASSERT_EQ(ra->size(), rb->size());
  for (std::size_t i = 0; i < ra->size(); ++i) EXPECT_DOUBLE_EQ((*ra)[i].rating, (*rb)[i].rating);
  for (const std::string& f : {killed, clean}) {
    std::filesystem::remove_all(f + ".tables");
    std::filesystem::remove(f);
  }
}

// `skat nightly` corrects the leaderboard's ratings for hand luck unless told not to, and the
// snapshot says which corrections it used.
TEST(Binary, NightlyCorrectsForHandLuckUnlessTurnedOff) {
  const std::string tables = std::string(SKAT_SOURCE_DIR) + "/tables/t0.wtab";
  const std::string db = temp_path("skat.db");
  std::filesystem::remove(db);
  std::filesystem::remove_all(db + ".tables");
  const CliRun games = skat("selfplay --bot rule --series 3 --deals 9 --seed 4 --out /dev/null --db '" + db + "'");
  ASSERT_EQ(games.exit_code, 0) << games.err;
  const auto options = [&](const std::string& flags) {
    const CliRun r =
        skat("nightly --db '" + db + "' --tables-dir '" + db + ".tables' --base-tables '" + tables + "' " + flags);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    auto c = skat::db::open_database(db);
    const auto snapshot = skat::db::latest_snapshot(*c);
    EXPECT_TRUE(snapshot && *snapshot);
    return nlohmann::json::parse((*snapshot)->options);
  };
  nlohmann::json o = options("");
  EXPECT_EQ(o["hand_luck"], true);
  EXPECT_EQ(o["high_value"], false);
  EXPECT_EQ(o["start_series"], 0);
  o = options("--no-hand-luck");
  EXPECT_EQ(o["hand_luck"], false);
  o = options("--high-value --mean-from-games --start-from-series 2");
  EXPECT_EQ(o["hand_luck"], true);
  EXPECT_EQ(o["high_value"], true);
  EXPECT_EQ(o["mean_value_source"], "games");
  EXPECT_EQ(o["start_series"], 2);
  EXPECT_EQ(skat("nightly --db '" + db + "' --mean-value 40 --mean-from-games").exit_code, 2);
  std::filesystem::remove_all(db + ".tables");
  std::filesystem::remove(db);
}

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// `skat health --file`: a fresh file that says ok passes (0, "ok"); a stale one, one that says not
// ok, one that is not JSON and a missing one fail (1, the reason on stderr in one line).
TEST(Binary, HealthChecksAHealthFile) {
  const std::string file = temp_path("health.json");
  auto write = [&](const nlohmann::json& j) { std::ofstream(file, std::ios::trunc) << j.dump() << '\n'; };
  auto check = [&](const std::string& flags = "") { return skat("health --file '" + file + "' " + flags); };
  write({{"at", unix_now()}, {"ok", true}, {"connected", 1}, {"connections", 1}});
  CliRun r = check();
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "ok\n");
  write({{"at", unix_now() - 120}, {"ok", true}});
  r = check();
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("s ago (at most 60 s)"), std::string::npos) << r.err;
  EXPECT_EQ(lines(r.err).size(), 1u) << r.err;
  EXPECT_TRUE(r.out.empty());
  r = check("--max-age-s 300");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  write({{"at", unix_now()}, {"ok", false}, {"last_run", unix_now() - 5}, {"next_run", unix_now() + 86000}});
  r = check();
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("not ok"), std::string::npos) << r.err;
  std::ofstream(file, std::ios::trunc) << "{\"at\":";
  r = check();
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("not a JSON object"), std::string::npos) << r.err;
  std::filesystem::remove(file);
  r = check();
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("cannot read"), std::string::npos) << r.err;
  EXPECT_EQ(lines(r.err).size(), 1u) << r.err;
  // --file replaces --url; --max-age-s is --file's.
  EXPECT_EQ(skat("health --file '" + file + "' --url http://127.0.0.1:1").exit_code, 2);
  EXPECT_EQ(skat("health --max-age-s 5").exit_code, 2);
}

// `skat nightly --every-day-at HH:MM --health-file F` writes F while it waits: ok (no run failed),
// no last run, the next run at that time; SIGTERM ends it with 0.
TEST(Binary, NightlyOnAScheduleKeepsItsHealthFile) {
  const std::string db = temp_path("skat.db"), health = temp_path("nightly-health.json");
  std::filesystem::remove(db);
  std::filesystem::remove(health);
  // Half a day away, so that no run starts during the test.
  const std::int64_t later = (unix_now() + 12 * 3600) % 86400;
  auto two = [](std::int64_t n) { return (n < 10 ? "0" : "") + std::to_string(n); };
  const std::string at = two(later / 3600) + ":" + two(later / 60 % 60);
  const pid_t pid = fork();
  if (pid == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(null, 2);
    execl(SKAT_BINARY, SKAT_BINARY, "nightly", "--db", db.c_str(), "--every-day-at", at.c_str(), "--health-file",
          health.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  ASSERT_GT(pid, 0);
  nlohmann::json state;
  EXPECT_TRUE(skat::test::eventually(
      [&] {
        state = nlohmann::json::parse(slurp(health), nullptr, false);
        return state.is_object();
      },
      std::chrono::seconds(60)));
  kill(pid, SIGTERM);
  int status = 0;
  waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  ASSERT_TRUE(state.is_object());
  EXPECT_EQ(state["ok"], true);
  EXPECT_TRUE(state["last_run"].is_null()) << state;
  const std::int64_t until = state["next_run"].get<std::int64_t>() - state["at"].get<std::int64_t>();
  EXPECT_GT(until, 11 * 3600) << state;
  EXPECT_LE(until, 12 * 3600) << state;
  EXPECT_EQ(skat("nightly --db '" + db + "' --health-file '" + health + "'").exit_code, 2);  // needs --every-day-at
  std::filesystem::remove(health);
  std::filesystem::remove(db);
}

TEST(Binary, BenchEloQuickRecomputesTheSameRatings) {
  const std::string tables = std::string(SKAT_SOURCE_DIR) + "/tables/t0.wtab";
  const CliRun r = skat("bench elo --quick --tables '" + tables + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto out = lines(r.out);
  expect_figures(out,
                 {"series", "games", "players", "recompute_hand_luck", "recompute_hand_luck_rate", "recompute_plain"});
  EXPECT_EQ(out[1], "games: 2160 games");
  EXPECT_EQ(lines(skat("bench elo --quick --tables '" + tables + "'").out).back(), out.back());
}

TEST(Binary, BenchDecisionsQuickReportsEveryFigureWithTheShippedTables) {
  const CliRun r = skat(std::string("bench decisions --quick --tables ") + SKAT_SOURCE_DIR + "/tables/t0.wtab");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto out = lines(r.out);
  const std::vector<std::string> names = {
      "hands",           "bid_mean",      "bid_p99",      "skat_decision_mean", "skat_decision_p99", "declaration_mean",
      "declaration_p99", "per_game_mean", "per_game_p99", "tables_games"};
  expect_figures(out, names);
  EXPECT_EQ(out[0], "hands: 9 hands");
  EXPECT_EQ(
      lines(skat(std::string("bench decisions --quick --tables ") + SKAT_SOURCE_DIR + "/tables/t0.wtab").out).back(),
      out.back());
  EXPECT_EQ(skat("bench decisions --quick --tables /nonexistent.wtab").exit_code, 1);
}

TEST(Binary, BenchPimcQuickReportsDecisionTimesPerTrick) {
  const CliRun r = skat("bench pimc --quick");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto out = lines(r.out);
  ASSERT_EQ(out.size(), 3u + 20u + 4u + 6u + 1u) << r.out;
  EXPECT_EQ(out[0], "deals: 2 deals");
  const std::regex figure(R"(([a-z0-9_]+): [0-9]+(\.[0-9]+)? [a-z/]+)");
  for (std::size_t i = 0; i + 1 < out.size(); ++i) EXPECT_TRUE(std::regex_match(out[i], figure)) << out[i];
  EXPECT_TRUE(out[3].starts_with("trick1_mean: "));
  EXPECT_TRUE(out[22].starts_with("trick10_p99: "));
  EXPECT_EQ(out[23], "decisions: 30 decisions");
  EXPECT_EQ(out[24], "stopped_early: 0 decisions");  // the fixed workload does not race
  EXPECT_TRUE(out[27].starts_with("trick1_worlds: ")) << out[27];
  EXPECT_TRUE(std::regex_match(out.back(), std::regex("bench: [0-9a-f]{16}")));
}

TEST(Binary, SelfplayReplaysCleanly) {
  const std::string pgn = temp_path("series.pgn");
  const CliRun play = skat("selfplay --series 3 --deals 36 --seed 42 --out '" + pgn + "'");
  ASSERT_EQ(play.exit_code, 0) << play.err;
  EXPECT_TRUE(play.out.empty());
  EXPECT_EQ(lines(play.err).size(), 1u) << play.err;
  const CliRun replay = skat("replay '" + pgn + "'");
  EXPECT_EQ(replay.exit_code, 0) << replay.out << replay.err;
  const auto games = lines(replay.out);
  ASSERT_EQ(games.size(), 108u);
  for (const auto& g : games) {
    EXPECT_TRUE(g.starts_with("{\"id\":\"")) << g;
    EXPECT_EQ(g.find("error"), std::string::npos) << g;
    EXPECT_EQ(g.find("mismatch"), std::string::npos) << g;
  }
  const CliRun explicit_format = skat("replay --format pgn -", slurp(pgn));
  EXPECT_EQ(explicit_format.exit_code, 0);
  EXPECT_EQ(explicit_format.out, replay.out);
}

// The game lines of a PGN text (the header carries the wall-clock date).
std::vector<std::string> games_of(const std::string& text) {
  std::vector<std::string> out;
  for (const auto& l : lines(text))
    if (!l.empty() && l[0] != '[') out.push_back(l);
  return out;
}

TEST(Binary, SelfplayIsDeterministicForASeed) {
  const CliRun a = skat("selfplay --series 2 --deals 12 --seed 9 --out -");
  const CliRun b = skat("selfplay --series 2 --deals 12 --seed 9 --out -");
  const CliRun c = skat("selfplay --series 2 --deals 12 --seed 10 --out -");
  ASSERT_EQ(a.exit_code, 0);
  EXPECT_EQ(games_of(a.out).size(), 24u);
  EXPECT_EQ(games_of(a.out), games_of(b.out));
  EXPECT_NE(games_of(a.out), games_of(c.out));
  // Series run in parallel give the same games.
  const CliRun threaded = skat("selfplay --series 2 --deals 12 --seed 9 --threads 2 --out -");
  EXPECT_EQ(games_of(a.out), games_of(threaded.out));
}

TEST(Binary, SelfplaySeatsUpToThreeBotsInTurn) {
  const CliRun one = skat("selfplay --bot rule --series 2 --deals 9 --seed 7 --out -");
  const CliRun same = skat("selfplay --bot rule --bot rule --bot rule --series 2 --deals 9 --seed 7 --out -");
  const CliRun mixed = skat("selfplay --bot rule --bot simple --bot random --series 2 --deals 9 --seed 7 --out -");
  const CliRun two = skat("selfplay --bot rule --bot random --series 1 --deals 3 --seed 7 --out -");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  ASSERT_EQ(mixed.exit_code, 0) << mixed.err;
  ASSERT_EQ(two.exit_code, 0) << two.err;
  // The same bot three times is the one bot in every seat: the same games.
  EXPECT_EQ(games_of(one.out), games_of(same.out));
  EXPECT_EQ(games_of(mixed.out).size(), 18U);
  EXPECT_NE(games_of(one.out), games_of(mixed.out));
  // Seat i is named for the bot it plays; with two bots the first takes seats 1 and 3.
  for (const char* seat : {"[Seat1: Rule1 (ID: 1)]", "[Seat2: Simple2 (ID: 2)]", "[Seat3: Random3 (ID: 3)]"})
    EXPECT_NE(mixed.out.find(seat), std::string::npos) << seat;
  for (const char* seat : {"[Seat1: Rule1 (ID: 1)]", "[Seat2: Random2 (ID: 2)]", "[Seat3: Rule3 (ID: 3)]"})
    EXPECT_NE(two.out.find(seat), std::string::npos) << seat;
  // Deterministic for a seed with a mixed table too, and the series replay as recorded.
  EXPECT_EQ(games_of(mixed.out),
            games_of(skat("selfplay --bot rule --bot simple --bot random --series 2 --deals 9 --seed 7 --out -").out));
  const CliRun replay = skat("replay -", mixed.out);
  EXPECT_EQ(replay.exit_code, 0) << replay.err;
  EXPECT_EQ(skat("selfplay --bot rule --bot rule --bot rule --bot rule --out -").exit_code, 2);
}

TEST(Binary, SelfplayOfAnyBotWithStatisticsAndStrengths) {
  const std::string tables = std::string(SKAT_SOURCE_DIR) + "/tables/t0.wtab";
  const CliRun r =
      skat("selfplay --bot rule --series 2 --deals 6 --seed 4 --judge --stats --strengths '" + tables + "' --out -");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* part : {"games 12, folded", "suit  share", "grand share", "null  share", "solver accuracy"})
    EXPECT_NE(r.err.find(part), std::string::npos) << part << "\n" << r.err;
  // The paper's Table 1: the judged suit games by verdict and result add up to the judged count.
  std::smatch judged, table;
  ASSERT_TRUE(std::regex_search(r.err, judged, std::regex(R"(suit .*\((\d+) judged\))"))) << r.err;
  ASSERT_TRUE(std::regex_search(
      r.err, table,
      std::regex(R"(suit  verdict won: declarer won (\d+), lost (\d+); verdict lost: declarer won (\d+), lost (\d+))")))
      << r.err;
  EXPECT_EQ(std::stoi(table[1]) + std::stoi(table[2]) + std::stoi(table[3]) + std::stoi(table[4]),
            std::stoi(judged[1]));
  EXPECT_NE(r.out.find("[Seat1: Rule1 (ID: 1)]"), std::string::npos) << r.out.substr(0, 200);
  // Hand strengths (fields 17..19) come from the tables: 0..10, not all zero.
  int total = 0;
  for (const auto& series : skat::read_pgn_series_list(r.out)) {
    ASSERT_TRUE(series.ok());
    for (const skat::PgnGame& g : series.series.games)
      for (int s : g.strength) {
        EXPECT_GE(s, 0);
        EXPECT_LE(s, 10);
        total += s;
      }
  }
  EXPECT_GT(total, 0);
  EXPECT_EQ(skat("selfplay --bot nobody --out -").exit_code, 2);
}

TEST(Binary, ReplayReportsABrokenRecord) {
  const CliRun play = skat("selfplay --series 1 --deals 6 --seed 3 --out -");
  ASSERT_EQ(play.exit_code, 0);
  // Corrupt the card points (field 16) of the first played game line.
  auto text = lines(play.out);
  bool changed = false;
  for (auto& l : text) {
    if (l.empty() || l[0] == '[') continue;
    std::istringstream words(l);
    std::vector<std::string> f;
    for (std::string w; words >> w;) f.push_back(w);
    if (f.size() < 16 || f[13] == "1") continue;  // folded
    f[15] = f[15] == "0" ? "1" : "0";
    l.clear();
    for (const auto& w : f) l += (l.empty() ? "" : " ") + w;
    changed = true;
    break;
  }
  ASSERT_TRUE(changed);
  std::string input;
  for (const auto& l : text) input += l + "\n";
  const CliRun r = skat("replay -", input);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("mismatch"), std::string::npos) << r.out;
}

// ISS SGF lines of simple-player games, as the records library writes them.
std::string simple_games_as_sgf(int count) {
  skat::bots::SimplePlayer p0(1), p1(2), p2(3);
  skat::Csprng deals = skat::Csprng::from_seed(77);
  std::vector<skat::SgfGame> games;
  for (int n = 0; n < count; ++n) {
    const auto game = skat::bots::play_deal(skat::random_deal(deals), {&p0, &p1, &p2});
    if (!game) throw std::runtime_error(game.error());
    games.push_back(
        skat::sgf_game_from(*game, {"a", "b", "c"}, "1", std::to_string(100 + n), "2025-01-12/13:19:00/UTC"));
  }
  return skat::write_sgf(games);
}

TEST(Binary, ReplaysSgfLines) {
  const std::string sgf = simple_games_as_sgf(20);
  const CliRun detected = skat("replay -", sgf);
  EXPECT_EQ(detected.exit_code, 0) << detected.out << detected.err;
  const auto out = lines(detected.out);
  ASSERT_EQ(out.size(), 20u);
  EXPECT_TRUE(out[0].starts_with("{\"id\":\"100\",\"passed\":")) << out[0];
  const CliRun forced = skat("replay --format sgf -", sgf);
  EXPECT_EQ(forced.out, detected.out);
}

TEST(Binary, SgfErrorsAreReportedAndTheRunGoesOn) {
  std::string sgf = "(;GM[Skat]ID[bad]MV[w nonsense ]R[passed] ;)\n" + simple_games_as_sgf(3);
  const CliRun r = skat("replay -", sgf);
  EXPECT_EQ(r.exit_code, 1);
  const auto out = lines(r.out);
  ASSERT_EQ(out.size(), 4u) << r.out;
  EXPECT_TRUE(out[0].starts_with("{\"id\":\"bad\",\"error\":")) << out[0];
}

}  // namespace
