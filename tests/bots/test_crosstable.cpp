// Tournaments of more than two bots (bots/tournament/crosstable.h): the pairings of a gauntlet and a
// round-robin, the crosstable's signs and intervals from the pairings' reports, its text, and a
// small round-robin of the baselines that ranks them as they must (rule above random).
#include <gtest/gtest.h>

#include "bots/bot_factory.h"
#include "bots/tournament/crosstable.h"

namespace skat::bots {
namespace {

TEST(Crosstable, PairingsOfEachFormat) {
  using P = std::vector<std::pair<int, int>>;
  EXPECT_EQ(group_pairings(GroupFormat::Gauntlet, 4), (P{{0, 1}, {0, 2}, {0, 3}}));
  EXPECT_EQ(group_pairings(GroupFormat::RoundRobin, 4), (P{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}));
  EXPECT_EQ(group_pairings(GroupFormat::RoundRobin, 6).size(), 15U);
  EXPECT_EQ(group_format_named("gauntlet"), GroupFormat::Gauntlet);
  EXPECT_EQ(group_format_named("round-robin"), GroupFormat::RoundRobin);
  EXPECT_FALSE(group_format_named("swiss"));
}

PairingResult pairing(int a, int b, double difference, double low, double high, std::optional<std::string> sprt = {}) {
  PairingResult r;
  r.a = a;
  r.b = b;
  SeatingReport total;
  total.seating = "total";
  total.deals = 100;
  total.difference = difference;
  total.ci_low = low;
  total.ci_high = high;
  r.report.seatings.push_back(total);
  if (sprt) {
    r.report.sprt = SprtResult{};
    r.report.sprt->verdict = *sprt;
  }
  return r;
}

TEST(Crosstable, EachCellIsTheRowMinusTheColumn) {
  // B − A of (0, 1) is +4 [+1, +7]: bot 1 is 4 better than bot 0.
  const Crosstable t =
      make_crosstable({"rule", "simple", "random"}, {pairing(0, 1, 4, 1, 7, "H1"), pairing(0, 2, -10, -14, -6)});
  ASSERT_EQ(t.names, (std::vector<std::string>{"rule", "simple", "random"}));
  ASSERT_TRUE(t.cells[1][0]);
  EXPECT_DOUBLE_EQ(t.cells[1][0]->difference, 4);
  EXPECT_DOUBLE_EQ(t.cells[1][0]->ci_low, 1);
  EXPECT_EQ(t.cells[1][0]->sprt, "H1");
  ASSERT_TRUE(t.cells[0][1]);
  EXPECT_DOUBLE_EQ(t.cells[0][1]->difference, -4);
  EXPECT_DOUBLE_EQ(t.cells[0][1]->ci_low, -7);
  EXPECT_DOUBLE_EQ(t.cells[0][1]->ci_high, -1);
  EXPECT_EQ(t.cells[0][1]->sprt, "");
  EXPECT_FALSE(t.cells[1][2]);  // a gauntlet: 1 and 2 did not play
  EXPECT_FALSE(t.cells[0][0]);
  EXPECT_DOUBLE_EQ(t.row_mean[0], (-4 + 10) / 2.0);
  EXPECT_DOUBLE_EQ(t.row_mean[1], 4);
  EXPECT_DOUBLE_EQ(t.row_mean[2], -10);
  const std::string text = crosstable_text(t);
  EXPECT_NE(text.find("+4.00 [+1.00, +7.00] H1"), std::string::npos) << text;
  EXPECT_NE(text.find("-4.00 [-7.00, -1.00]"), std::string::npos) << text;
  // Two bots of one name are told apart by their place.
  const Crosstable same = make_crosstable({"rule", "rule"}, {pairing(0, 1, 0, -1, 1)});
  EXPECT_EQ(same.names, (std::vector<std::string>{"rule (1)", "rule (2)"}));
}

TEST(Crosstable, ARoundRobinOfTheBaselinesRanksThem) {
  TournamentConfig base;
  base.deals = 30;
  base.seed = 3;
  base.judge = false;
  base.threads = 2;
  const std::vector<BotSpec> bots{*parse_bot_spec("random"), *parse_bot_spec("rule"), *parse_bot_spec("simple")};
  int calls = 0;
  const auto results = run_group(bots, GroupFormat::RoundRobin, base, [&](int, const Progress&) { ++calls; });
  ASSERT_EQ(results.size(), 3U);
  EXPECT_EQ(calls, 3 * 30);
  for (const PairingResult& r : results) EXPECT_EQ(r.report.deals, 30);
  // Every pairing played the same deals.
  EXPECT_EQ(results[0].games.front().deal_id, results[2].games.front().deal_id);
  const Crosstable t = make_crosstable({"random", "rule", "simple"}, results);
  ASSERT_TRUE(t.cells[1][0]);
  EXPECT_GT(t.cells[1][0]->difference, 0);  // rule above random
  EXPECT_GT(t.row_mean[1], t.row_mean[0]);
}

}  // namespace
}  // namespace skat::bots
