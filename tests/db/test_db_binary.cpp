// The database subcommands of the built `skat` binary: selfplay → import → export is
// byte-identical, SGF export and re-import, admin create-bot / list-bots / revoke-bot / check /
// backup, the SGF export of server games, and the exit codes (2 with one line for bad arguments, 1
// with one line for failures).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <regex>

#include "db/accounts.h"
#include "server/table/game_log.h"
#include "tests/app/stored_server_games.h"
#include "tests/db/db_test_support.h"

namespace skat::db {
namespace {

using test::must;

struct CliRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

class DbBinary : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = test::temp_dir();
    db_ = test::fresh_store((dir_ / "data" / "skat.db").string());
  }

  // `skat <args>` with `input` on stdin, run in the test's directory.
  CliRun skat(const std::string& args, const std::string& input = "") {
    const auto in = dir_ / "stdin", out = dir_ / "stdout", err = dir_ / "stderr";
    std::ofstream(in, std::ios::binary) << input;
    const std::string command = "cd '" + dir_.string() + "' && '" + SKAT_BINARY + "' " + args + " <'" + in.string() +
                                "' >'" + out.string() + "' 2>'" + err.string() + "'";
    const int status = std::system(command.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, test::slurp(out), test::slurp(err)};
  }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  std::filesystem::path dir_;
  std::string db_;
};

std::size_t line_count(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

TEST_F(DbBinary, SelfplayImportExportIsByteIdentical) {
  ASSERT_EQ(skat("selfplay --series 3 --deals 12 --seed 5 --out series.pgn").exit_code, 0);
  const std::string original = test::slurp(path("series.pgn"));
  const CliRun imported = skat("import --db '" + db_ + "' series.pgn");
  ASSERT_EQ(imported.exit_code, 0) << imported.err;
  EXPECT_EQ(imported.out, "imported 3 series (36 games), skipped 0 imported before, refused 0 series and 0 games\n");
  const CliRun again = skat("import --db '" + db_ + "' --format pgn -", original);
  EXPECT_EQ(again.exit_code, 0);
  EXPECT_NE(again.out.find("skipped 3"), std::string::npos) << again.out;

  const CliRun to_stdout = skat("export --db '" + db_ + "'");
  ASSERT_EQ(to_stdout.exit_code, 0) << to_stdout.err;
  EXPECT_EQ(to_stdout.out, original);
  ASSERT_EQ(skat("export --db '" + db_ + "' --format pgn --out copy.pgn").exit_code, 0);
  EXPECT_EQ(test::slurp(path("copy.pgn")), original);

  const CliRun one = skat("export --db '" + db_ + "' --player simple2 --from 2000-01-01 --to 2999-12-31");
  EXPECT_EQ(one.out, original);
  const CliRun none = skat("export --db '" + db_ + "' --to 2000-01-01");
  EXPECT_EQ(none.exit_code, 0);
  EXPECT_TRUE(none.out.empty());
  EXPECT_TRUE(skat("export --db '" + db_ + "' --table 1").out.empty());  // imported series have no table
}

// A database with series, a bot, a tournament and a nightly run's table version and ratings is
// copied into the store under test (a second SQLite file, or PostgreSQL in the ".pg" copy) with
// nothing lost: the command compares every table's rows and every series, and the exports of both
// are byte for byte the same. The copy goes on where the source stopped (new ids follow the copied
// ones), refuses a destination that holds data, and copies back from PostgreSQL to SQLite.
TEST_F(DbBinary, MigrateStoreCopiesEverythingAndProvesIt) {
  const std::string source = path("source.db");
  ASSERT_EQ(skat("selfplay --series 3 --deals 12 --seed 5 --db '" + source + "' --out series.pgn").exit_code, 0);
  ASSERT_EQ(skat("admin create-bot --db '" + source + "' --name Robo").exit_code, 0);
  ASSERT_EQ(skat("tournament --a simple --b rule --deals 2 --seed 4 --db '" + source + "'").exit_code, 0);
  const std::string base = std::string(SKAT_SOURCE_DIR) + "/tables/t0.wtab";
  ASSERT_EQ(skat("nightly --db '" + source + "' --tables-dir tables --base-tables '" + base + "'").exit_code, 0);

  const CliRun copy = skat("admin migrate-store --from 'sqlite:" + source + "' --to '" + db_ + "'");
  ASSERT_EQ(copy.exit_code, 0) << copy.err << copy.out;
  EXPECT_NE(copy.out.find("players\t"), std::string::npos) << copy.out;
  EXPECT_NE(copy.out.find("games\t"), std::string::npos) << copy.out;
  EXPECT_NE(copy.out.find("rating_history\t"), std::string::npos) << copy.out;
  EXPECT_NE(copy.out.find("identical: "), std::string::npos) << copy.out;
  for (const char* table : {"players", "bot_accounts", "series", "games", "tournaments", "table_versions",
                            "rating_snapshots", "ratings", "rating_history"})
    EXPECT_EQ(("\n" + copy.out).find("\n" + std::string(table) + "\t0\n"), std::string::npos)
        << table << " was empty: " << copy.out;

  const std::string exported = skat("export --db '" + source + "'").out;
  EXPECT_FALSE(exported.empty());
  EXPECT_EQ(skat("export --db '" + db_ + "'").out, exported);
  EXPECT_EQ(skat("export --db '" + db_ + "' --format sgf").out, skat("export --db '" + source + "' --format sgf").out);
  EXPECT_EQ(skat("admin check --db '" + db_ + "'").out, "ok\n");

  const CliRun twice = skat("admin migrate-store --from 'sqlite:" + source + "' --to '" + db_ + "'");
  EXPECT_EQ(twice.exit_code, 1);
  EXPECT_NE(twice.err.find("already holds"), std::string::npos) << twice.err;

  ASSERT_EQ(skat("admin create-bot --db '" + db_ + "' --name Later").exit_code, 0);  // the ids go on
  const std::string bots = skat("admin list-bots --db '" + db_ + "'").out;
  EXPECT_NE(bots.find("Robo\tsimple"), std::string::npos) << bots;
  EXPECT_NE(bots.find("Later\tsimple"), std::string::npos) << bots;

  const CliRun back = skat("admin migrate-store --from '" + db_ + "' --to back.db");
  ASSERT_EQ(back.exit_code, 0) << back.err << back.out;
  EXPECT_EQ(skat("export --db back.db").out, exported);
}

TEST_F(DbBinary, SgfExportReplaysAndReimports) {
  ASSERT_EQ(skat("selfplay --series 1 --deals 9 --seed 8 --out series.pgn").exit_code, 0);
  ASSERT_EQ(skat("import --db '" + db_ + "' series.pgn").exit_code, 0);
  const CliRun sgf = skat("export --db '" + db_ + "' --format sgf --out games.sgf");
  ASSERT_EQ(sgf.exit_code, 0) << sgf.err;
  EXPECT_EQ(line_count(test::slurp(path("games.sgf"))), 9u);
  const CliRun replay = skat("replay games.sgf");
  EXPECT_EQ(replay.exit_code, 0) << replay.out;
  const std::string other = path("other.db");
  const CliRun back = skat("import --db '" + other + "' games.sgf");
  ASSERT_EQ(back.exit_code, 0) << back.err;
  EXPECT_NE(back.out.find("imported 1 series (9 games)"), std::string::npos) << back.out;
  EXPECT_EQ(skat("export --db '" + other + "' --format sgf").out, test::slurp(path("games.sgf")));
}

// Games a table played and the SQLite store saved: `skat export --format sgf` writes each game's
// auction as its event log has it, call by call (from the line the store wrote, and rebuilt from
// the event log when a game was stored without one), and `skat replay` replays every line.
TEST_F(DbBinary, SgfExportOfServerGamesHasTheAuctionsAsPlayed) {
  {
    auto store = app::DatabaseStore::open(db_).value();
    app::test::play_and_store(*store, app::test::scripted_auctions(), 12, 21, "cli");
  }
  Connection c = must(open_database(db_));
  const SeriesRecord series = must(list_series(c, {})).at(0);
  const auto games = must(list_games(c, series.id));
  const CliRun sgf = skat("export --db '" + db_ + "' --format sgf --out games.sgf");
  ASSERT_EQ(sgf.exit_code, 0) << sgf.err;
  const std::string text = test::slurp(path("games.sgf"));
  const auto lines = read_sgf(text);
  ASSERT_TRUE(lines.ok());
  ASSERT_EQ(lines.games.size(), games.size());
  for (std::size_t i = 0; i < games.size(); ++i) {
    const auto log = table::auction_calls(games[i].event_log);
    ASSERT_TRUE(log) << log.error();
    EXPECT_EQ(app::test::text_of(app::test::auction_of(lines.games[i])), app::test::text_of(*log)) << "game " << i;
  }
  const CliRun replay = skat("replay --format sgf games.sgf");
  EXPECT_EQ(replay.exit_code, 0) << replay.out << replay.err;

  must(c.exec("UPDATE games SET sgf = NULL"));
  const CliRun rebuilt = skat("export --db '" + db_ + "' --format sgf");
  ASSERT_EQ(rebuilt.exit_code, 0) << rebuilt.err;
  EXPECT_EQ(rebuilt.out, text);
}

TEST_F(DbBinary, AdminBots) {
  const CliRun created = skat("admin create-bot --db '" + db_ + "' --name Robo --kind simple");
  ASSERT_EQ(created.exit_code, 0) << created.err;
  ASSERT_TRUE(std::regex_match(created.out, std::regex("[0-9a-f]{64}\n"))) << created.out;
  const std::string secret = created.out.substr(0, 64);
  {
    Connection c = must(open_database(db_));
    EXPECT_TRUE(verify_bot(c, "Robo", secret));
  }
  const CliRun twice = skat("admin create-bot --db '" + db_ + "' --name robo");
  EXPECT_EQ(twice.exit_code, 1);
  EXPECT_EQ(line_count(twice.err), 1u) << twice.err;
  EXPECT_TRUE(twice.out.empty());

  const CliRun listed = skat("admin list-bots --db '" + db_ + "'");
  ASSERT_EQ(listed.exit_code, 0);
  EXPECT_TRUE(listed.out.starts_with("name\tkind\tplayer_id\tcreated_at\tstatus\nRobo\tsimple\t")) << listed.out;
  EXPECT_NE(listed.out.find("\tactive\n"), std::string::npos);
  EXPECT_EQ(listed.out.find(secret), std::string::npos);

  EXPECT_EQ(skat("admin revoke-bot --db '" + db_ + "' Robo").exit_code, 0);
  EXPECT_NE(skat("admin list-bots --db '" + db_ + "'").out.find("\trevoked "), std::string::npos);
  {
    Connection c = must(open_database(db_));
    EXPECT_FALSE(verify_bot(c, "Robo", secret));
  }
  const CliRun missing = skat("admin revoke-bot --db '" + db_ + "' Nobody");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_EQ(line_count(missing.err), 1u);
}

TEST_F(DbBinary, AdminCheckAndBackup) {
  ASSERT_EQ(skat("admin create-bot --db '" + db_ + "' --name Robo").exit_code, 0);
  const CliRun check = skat("admin check --db '" + db_ + "'");
  EXPECT_EQ(check.exit_code, 0);
  EXPECT_EQ(check.out, "ok\n");
  if (test::on_postgres()) {  // a PostgreSQL database is backed up with pg_dump (or migrate-store)
    const CliRun refused = skat("admin backup --db '" + db_ + "' --out backup/copy.db");
    EXPECT_EQ(refused.exit_code, 1);
    EXPECT_NE(refused.err.find("pg_dump"), std::string::npos) << refused.err;
    return;
  }
  ASSERT_EQ(skat("admin backup --db '" + db_ + "' --out backup/copy.db").exit_code, 0);
  EXPECT_NE(skat("admin list-bots --db backup/copy.db").out.find("Robo\tsimple"), std::string::npos);
}

TEST_F(DbBinary, DefaultDatabasePath) {
  SKAT_SQLITE_ONLY();
  ASSERT_EQ(skat("admin create-bot --name Robo").exit_code, 0);
  EXPECT_TRUE(std::filesystem::exists(dir_ / "data" / "skat.db"));
  EXPECT_NE(skat("admin list-bots").out.find("Robo"), std::string::npos);
}

TEST_F(DbBinary, BadArgumentsExitTwoWithOneLine) {
  for (const char* args : {"export --format xml", "export --from 2024-13-01", "export --to yesterday",
                           "export --table x", "export --status odd", "import", "import --format xml -",
                           "import --new-players alien -", "admin", "admin create-bot", "admin create-bot --name",
                           "admin revoke-bot", "admin nosuch", "admin backup", "export extra"}) {
    const CliRun r = skat(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_EQ(line_count(r.err), 1u) << args << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << args;
  }
  for (const char* sub : {"export", "import", "admin", "admin create-bot", "admin list-bots"}) {
    const CliRun r = skat(std::string(sub) + " --help");
    EXPECT_EQ(r.exit_code, 0) << sub;
    EXPECT_NE(r.out.find("Usage:"), std::string::npos) << sub;
  }
}

TEST_F(DbBinary, FailuresExitOneWithOneLine) {
  const CliRun no_db = skat("export --db missing.db");
  EXPECT_EQ(no_db.exit_code, 1);
  EXPECT_EQ(line_count(no_db.err), 1u) << no_db.err;
  EXPECT_FALSE(std::filesystem::exists(path("missing.db")));
  const CliRun no_file = skat("import --db '" + db_ + "' nosuchfile.pgn");
  EXPECT_EQ(no_file.exit_code, 1);
  EXPECT_EQ(line_count(no_file.err), 1u) << no_file.err;
  const CliRun garbage = skat("import --db '" + db_ + "' -", "hello\n");
  EXPECT_EQ(garbage.exit_code, 1);
  EXPECT_EQ(line_count(garbage.err), 1u) << garbage.err;
  const CliRun unknown_player = skat("export --db '" + db_ + "' --player nobody");
  EXPECT_EQ(unknown_player.exit_code, 1);
  EXPECT_EQ(line_count(unknown_player.err), 1u) << unknown_player.err;
}

TEST_F(DbBinary, ImportReportsGamesThatDoNotReplay) {
  const CliRun play = skat("selfplay --series 1 --deals 3 --seed 3 --out -");
  ASSERT_EQ(play.exit_code, 0);
  std::string text = play.out;
  // Break the first card of the first game's first trick into a card of another hand: illegal.
  const std::string sgf_bad = "(;GM[Skat]PC[x]SE[1]ID[9]P0[a]P1[b]P2[c]MV[w CJ 1 p]R[passed] ;)\n";
  const CliRun r = skat("import --db '" + db_ + "' --format sgf -", sgf_bad);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("refused 0 series and 1 games"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("game 9"), std::string::npos) << r.err;
  EXPECT_EQ(skat("import --db '" + db_ + "' -", text).exit_code, 0);
}

}  // namespace
}  // namespace skat::db
