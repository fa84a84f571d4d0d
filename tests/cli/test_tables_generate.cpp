// `skat tables generate` end to end: the table file with its provenance, a run that picks up the
// parts an earlier run left (the same tables as one run), a part from another run refused, and the
// tables the bots load.
#include <gtest/gtest.h>

#include <filesystem>

#include "bots/tables/table_files.h"
#include "tests/cli/cli_run.h"

namespace skat::cli {
using test::CliRun;
using test::skat;
using test::temp_path;
namespace {

namespace fs = std::filesystem;

std::string counts_of(const std::string& path) {
  auto tables = bots::load_tables(path);
  EXPECT_TRUE(tables) << path;
  if (!tables) return "";
  tables->meta() = bots::TableMeta{};
  return bots::write_tables_text(*tables);
}

TEST(TablesGenerate, WritesTablesThatSayHowTheyWereMade) {
  const std::string out = temp_path("g.wtab");
  fs::remove_all(out + ".parts");
  const CliRun r = skat("tables generate --games 24 --block 10 --threads 2 --seed 5 --nodes 300000 --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("skat tables generate --games 24 --first-game 0 --seed 5 --card-play open --nodes 300000"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("played 24 games"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(out + ".parts"));
  const auto tables = bots::load_tables(out);
  ASSERT_TRUE(tables) << tables.error();
  EXPECT_GT(tables->meta().games_folded, 20U);
  EXPECT_NE(tables->meta().provenance.find("--seed 5"), std::string::npos);
}

TEST(TablesGenerate, ALaterRunTakesTheEarlierRunsPartsAndEndsWithTheSameTables) {
  const std::string once = temp_path("once.wtab"), twice = temp_path("twice.wtab");
  fs::remove_all(once + ".parts");
  fs::remove_all(twice + ".parts");
  const std::string common = " --block 10 --threads 2 --seed 9 --nodes 300000 --out ";
  ASSERT_EQ(skat("tables generate --games 30" + common + once).exit_code, 0);
  ASSERT_EQ(skat("tables generate --games 20 --keep-parts" + common + twice).exit_code, 0);
  const CliRun second = skat("tables generate --games 30" + common + twice);
  ASSERT_EQ(second.exit_code, 0) << second.err;
  EXPECT_NE(second.out.find("played 10 games"), std::string::npos) << second.out;
  EXPECT_NE(second.out.find("20 resumed from parts"), std::string::npos) << second.out;
  EXPECT_EQ(counts_of(twice), counts_of(once));

  // Parts of a run with another seed are not taken.
  ASSERT_EQ(skat("tables generate --games 10 --keep-parts" + common + twice).exit_code, 0);
  const CliRun other =
      skat("tables generate --games 10 --block 10 --threads 2 --seed 10 --nodes 300000 --out " + twice);
  EXPECT_EQ(other.exit_code, 1);
  EXPECT_NE(other.err.find("is not a part of this run"), std::string::npos) << other.err;
}

TEST(TablesGenerate, ShardsMergeIntoTheTablesOfOneRun) {
  const std::string whole = temp_path("whole.wtab"), a = temp_path("a.wtab"), b = temp_path("b.wtab"),
                    merged = temp_path("merged.wtab");
  const std::string common = " --seed 11 --nodes 300000 --threads 2 --out ";
  ASSERT_EQ(skat("tables generate --games 24" + common + whole).exit_code, 0);
  ASSERT_EQ(skat("tables generate --games 14" + common + a).exit_code, 0);
  ASSERT_EQ(skat("tables generate --games 10 --first-game 14" + common + b).exit_code, 0);
  ASSERT_EQ(skat("tables merge --out " + merged + " " + a + " " + b).exit_code, 0);
  EXPECT_EQ(counts_of(merged), counts_of(whole));
}

}  // namespace
}  // namespace skat::cli
