// Games files of `skat tournament --games` name what played them (the build's commit, the solver
// bench digest, the SHA-256 of each data file the bots loaded), and --replay and --merge refuse
// games of another solver or other data files unless --allow-other-build; files written before
// the header named its build are still read, with a warning.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "bots/tables/table_files.h"
#include "tests/cli/cli_run.h"

namespace {

using skat::test::CliRun;
using skat::test::lines;
using skat::test::skat;
using skat::test::slurp;
using skat::test::temp_path;

// The shipped tables saved under `path` with another provenance note: other bytes, same decisions.
void save_table_copy(const std::string& path, const std::string& note) {
  auto tables = skat::bots::load_tables(std::string(SKAT_SOURCE_DIR) + "/tables/t0.wtab");
  ASSERT_TRUE(tables) << tables.error();
  tables->meta().provenance += note;
  ASSERT_TRUE(skat::bots::save_tables(path, *tables, skat::bots::TableFileFormat::Binary));
}

// The file's SHA-256 as coreutils' sha256sum prints it.
std::string sha256sum(const std::string& path) {
  std::FILE* pipe = ::popen(("sha256sum '" + path + "'").c_str(), "r");
  std::string out(64, '\0');
  const std::size_t got = pipe ? std::fread(out.data(), 1, out.size(), pipe) : 0;
  if (pipe) ::pclose(pipe);
  return got == out.size() ? out : "";
}

// The recorded digest of `skat bench solver --quick` (tests/data/bench-digests.txt).
std::string recorded_solver_digest() {
  std::ifstream in(std::string(SKAT_SOURCE_DIR) + "/tests/data/bench-digests.txt");
  for (std::string line; std::getline(in, line);)
    if (line.ends_with(" solver --quick")) return line.substr(0, 16);
  return "";
}

nlohmann::json header_of(const std::string& games) { return nlohmann::json::parse(lines(slurp(games)).front()); }

// Rewrites the header line of a games file.
void set_header(const std::string& games, const nlohmann::json& header) {
  auto text = lines(slurp(games));
  text.front() = header.dump();
  std::ofstream out(games, std::ios::trunc);
  for (const std::string& line : text) out << line << '\n';
}

class TournamentFiles : public testing::Test {
 protected:
  void SetUp() override {
    std::filesystem::create_directories(dir_);
    save_table_copy(tables_, "");
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // One deal of the rule bot against the complete bot on the table copy, its games in `games`.
  CliRun play(const std::string& games, int first_deal = 0) {
    return skat("tournament --a rule --b full:worlds=1,tables=" + tables_ +
                " --deals 1 --seed 3 --seating 2:1 --threads 1 --no-judge --quiet --first-deal " +
                std::to_string(first_deal) + " --games '" + games + "'");
  }

  const std::string dir_ = temp_path("dir");
  const std::string tables_ = dir_ + "/t.wtab";
};

TEST_F(TournamentFiles, TheHeaderNamesTheBuildAndTheDataFiles) {
  const std::string games = dir_ + "/g.jsonl";
  const CliRun r = play(games);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto build = header_of(games)["build"];
  EXPECT_TRUE(std::regex_match(build["commit"].get<std::string>(), std::regex("[0-9a-f]{40}(-dirty)?|unknown")))
      << build;
  EXPECT_EQ(build["solver_bench"], recorded_solver_digest()) << build;
  EXPECT_EQ(build["files"], nlohmann::json({{tables_, sha256sum(tables_)}})) << build;
  const CliRun again = skat("tournament --replay '" + games + "' --quiet");
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.out.find("replayed 3 games of " + games + ": every outcome as recorded"), std::string::npos)
      << again.out;
}

TEST_F(TournamentFiles, OtherDataFileBytesRefuseTheReplayUnlessAllowed) {
  const std::string games = dir_ + "/g.jsonl";
  ASSERT_EQ(play(games).exit_code, 0);
  const std::string commit = header_of(games)["build"]["commit"];
  save_table_copy(tables_, " (copied)");
  const CliRun refused = skat("tournament --replay '" + games + "' --quiet");
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_TRUE(refused.out.empty()) << refused.out;
  EXPECT_NE(refused.err.find(tables_ + " has SHA-256 "), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("commit " + commit), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("--allow-other-build"), std::string::npos) << refused.err;
  const CliRun allowed = skat("tournament --replay '" + games + "' --quiet --allow-other-build");
  EXPECT_EQ(allowed.exit_code, 0) << allowed.err;
  EXPECT_NE(allowed.err.find("[warning]"), std::string::npos) << allowed.err;
  EXPECT_NE(allowed.err.find(tables_ + " has SHA-256 "), std::string::npos) << allowed.err;
  EXPECT_NE(allowed.out.find("every outcome as recorded"), std::string::npos) << allowed.out;
}

TEST_F(TournamentFiles, AnotherSolverDigestRefusesAnotherCommitOnlyWarns) {
  const std::string games = dir_ + "/g.jsonl";
  ASSERT_EQ(play(games).exit_code, 0);
  auto header = header_of(games);
  header["build"]["commit"] = "0123456789abcdef0123456789abcdef01234567";
  set_header(games, header);
  const CliRun commit = skat("tournament --replay '" + games + "' --quiet");
  EXPECT_EQ(commit.exit_code, 0) << commit.err;
  EXPECT_NE(commit.err.find("played by commit 0123456789abcdef0123456789abcdef01234567"), std::string::npos)
      << commit.err;
  header["build"]["solver_bench"] = "0000000000000000";
  set_header(games, header);
  const CliRun digest = skat("tournament --replay '" + games + "' --quiet");
  EXPECT_EQ(digest.exit_code, 1);
  EXPECT_NE(digest.err.find("solver bench digest 0000000000000000"), std::string::npos) << digest.err;
}

TEST_F(TournamentFiles, ShardsOfOtherDataFilesAreNotMergedUnlessAllowed) {
  const std::string first = dir_ + "/s0.jsonl", second = dir_ + "/s1.jsonl";
  ASSERT_EQ(play(first, 0).exit_code, 0);
  save_table_copy(tables_, " (copied)");
  ASSERT_EQ(play(second, 1).exit_code, 0);
  const std::string shards = " '" + first + "' '" + second + "'";
  const CliRun refused = skat("tournament --merge" + shards);
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.err.find(tables_ + " has SHA-256 "), std::string::npos) << refused.err;
  const CliRun allowed = skat("tournament --merge" + shards + " --allow-other-build");
  EXPECT_EQ(allowed.exit_code, 0) << allowed.err;
  EXPECT_NE(allowed.out.find("[total] 2 deals, 6 games"), std::string::npos) << allowed.out;
}

// A file written before headers named their build: merged and replayed, with a warning.
TEST_F(TournamentFiles, AFileWithoutBuildIsStillReadWithAWarning) {
  const std::string games = dir_ + "/g.jsonl";
  ASSERT_EQ(play(games).exit_code, 0);
  auto header = header_of(games);
  header.erase("build");
  set_header(games, header);
  for (const std::string mode : {"--merge", "--replay"}) {
    const CliRun r = skat("tournament " + mode + " '" + games + "' --quiet");
    EXPECT_EQ(r.exit_code, 0) << mode << ": " << r.err;
    EXPECT_NE(r.err.find("provenance unknown"), std::string::npos) << mode << ": " << r.err;
  }
}

// A sequential test stops the tournament: its report and JSON say where, its games file holds the
// deals up to there and is replayed as recorded; bad bounds are refused.
TEST_F(TournamentFiles, ASequentialTestStopsAndItsGamesReplay) {
  const std::string games = dir_ + "/sprt.jsonl";
  const CliRun r = skat(
      "tournament --a random --b rule --deals 300 --seed 5 --threads 2 --no-judge --quiet --sprt 0,5 "
      "--json --games '" +
      games + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto report = nlohmann::json::parse(r.out);
  ASSERT_TRUE(report.contains("sprt")) << r.out;
  EXPECT_EQ(report["sprt"]["verdict"], "H1");
  const int deals = report["sprt"]["deals"].get<int>();
  EXPECT_LT(deals, 300);
  EXPECT_EQ(report["deals"], deals);
  EXPECT_EQ(report["sprt"]["bounds"].size(), 2U);
  EXPECT_EQ(header_of(games)["deals"], deals);
  EXPECT_EQ(lines(slurp(games)).size(), 1U + 6U * static_cast<std::size_t>(deals));
  const CliRun again = skat("tournament --replay '" + games + "' --quiet --threads 2");
  EXPECT_EQ(again.exit_code, 0) << again.out << again.err;
  EXPECT_NE(again.out.find("every outcome as recorded"), std::string::npos) << again.out;
  const CliRun merged = skat("tournament --merge '" + games + "'");
  EXPECT_NE(merged.out.find("H1 accepted after " + std::to_string(deals) + " deals"), std::string::npos) << merged.out;
  for (const char* bad : {"5,0", "0", "x,y", "0,5,9"})
    EXPECT_EQ(skat(std::string("tournament --a random --b rule --deals 5 --quiet --sprt ") + bad).exit_code, 2) << bad;
}

// `--sgf FILE`: every game card by card, which `skat replay` replays through the engine.
TEST_F(TournamentFiles, TheGamesCardByCardReplay) {
  const std::string sgf = dir_ + "/games.sgf";
  const CliRun r =
      skat("tournament --a rule --b simple --deals 2 --seed 4 --threads 1 --no-judge --quiet --sgf '" + sgf + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto records = lines(slurp(sgf));
  ASSERT_EQ(records.size(), 12U);  // 2 deals × 2 seatings × 3 rotations
  EXPECT_NE(records.front().find("A_rule"), std::string::npos) << records.front();
  EXPECT_NE(records.front().find("B_simple"), std::string::npos) << records.front();
  const CliRun replay = skat("replay --format sgf '" + sgf + "'");
  EXPECT_EQ(replay.exit_code, 0) << replay.err;
  EXPECT_EQ(lines(replay.out).size(), 12U) << replay.out;
}

// A gauntlet of three bots: two pairings on the same deals, each reported, then the crosstable.
TEST_F(TournamentFiles, AGauntletReportsEachPairingAndTheCrosstable) {
  const CliRun r = skat(
      "tournament --bots rule random simple --format gauntlet --deals 6 --seed 2 --threads 2 "
      "--no-judge --quiet --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto out = nlohmann::json::parse(r.out);
  EXPECT_EQ(out["format"], "gauntlet");
  ASSERT_EQ(out["pairings"].size(), 2U);
  EXPECT_EQ(out["pairings"][1]["a"], 0);
  EXPECT_EQ(out["pairings"][1]["b"], 2);
  EXPECT_EQ(out["pairings"][1]["report"]["b"], "simple");
  const auto& rows = out["crosstable"]["rows"];
  ASSERT_EQ(rows.size(), 3U);
  EXPECT_TRUE(rows[1]["cells"][2].is_null());  // random and simple did not meet
  EXPECT_DOUBLE_EQ(rows[1]["cells"][0]["difference"].get<double>(), -rows[0]["cells"][1]["difference"].get<double>());
  const CliRun text = skat("tournament --bots rule random --deals 3 --quiet --no-judge");
  EXPECT_NE(text.out.find("crosstable: the row's bot minus the column's"), std::string::npos) << text.out;
  EXPECT_EQ(skat("tournament --bots rule --deals 3 --quiet").exit_code, 2);
  EXPECT_NE(skat("tournament --bots a b c d e f g --deals 3 --quiet").exit_code, 0);
}

}  // namespace
