// `skat infer tssr` end to end on the committed held-out games: the report's rows add up to the
// positions read, `none` is uniform sampling itself (ratio 1), the learned column appears with a
// model only, and a fixed seed gives the same report.
#include <gtest/gtest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "tests/cli/cli_run.h"

namespace {

using skat::test::skat;
using skat::test::temp_path;

std::string held_out_games() {
  const std::string path = temp_path("held.pgn");
  const std::string command =
      "zcat '" + std::string(SKAT_SOURCE_DIR) + "/docs/inference-data/held-out.pgn.gz' > '" + path + "'";
  EXPECT_EQ(std::system(command.c_str()), 0);
  return path;
}

TEST(InferTssr, RowsAddUpAndUniformIsOne) {
  const std::string pgn = held_out_games();
  const std::string model = std::string(SKAT_SOURCE_DIR) + "/tables/inference.bin";
  const auto r =
      skat("infer tssr --pgn '" + pgn + "' --model '" + model + "' --positions 150 --count-samples 20 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto report = nlohmann::json::parse(r.out);
  EXPECT_EQ(report["positions"], 150);
  long rows_positions = 0;
  for (const auto& row : report["rows"]) {
    rows_positions += row["positions"].get<long>();
    EXPECT_DOUBLE_EQ(row["none"]["geometric_mean"].get<double>(), 1.0);
    EXPECT_GT(row["learned"]["geometric_mean"].get<double>(), 0.0);
    EXPECT_GT(row["count"]["median"].get<double>(), 0.0);
    EXPECT_GE(row["trick"].get<int>(), 1);
    EXPECT_LE(row["trick"].get<int>(), 8);
  }
  EXPECT_EQ(rows_positions, 150);
  const auto again =
      skat("infer tssr --pgn '" + pgn + "' --model '" + model + "' --positions 150 --count-samples 20 --json");
  EXPECT_EQ(again.out, r.out);
}

TEST(InferTssr, WithoutAModelNoneAndCountOnly) {
  const std::string pgn = held_out_games();
  const auto r = skat("infer tssr --pgn '" + pgn + "' --positions 30 --count-samples 10");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("30 positions"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("count"), std::string::npos);
  EXPECT_EQ(r.out.find("learned"), std::string::npos);
}

}  // namespace
