// The fast generator of winning-table games (bots/table_bot/table_generator.h, open_card_play.h):
// open-card play without a limit ends as the solver's verdict on the declared game; every game is
// a legal record that replays and folds like any other; the tables depend on the seed and the
// game range, not on the threads; folds of disjoint ranges merge exactly.
#include <gtest/gtest.h>

#include "bots/table_bot/open_card_play.h"
#include "bots/table_bot/table_generator.h"
#include "bots/tables/table_files.h"
#include "bots/tournament/tournament.h"
#include "engine/records/replay.h"

namespace skat::bots {
namespace {

GeneratorConfig open_config(int games, std::uint64_t first = 0, int threads = 1, std::uint64_t nodes = 0) {
  GeneratorConfig config;
  config.seed = 7;
  config.first_game = first;
  config.games = games;
  config.threads = threads;
  config.node_limit = nodes;
  return config;
}

// The tables without their meta line: what the counts say.
std::string counts_text(TableSet tables) {
  tables.meta() = TableMeta{};
  return write_tables_text(tables);
}

TEST(OpenCardPlay, WithoutALimitTheGameEndsAsTheVerdictOnTheDeclaredGame) {
  // Games 14-29 of seed 7: unbounded proofs are quick there (game 13 alone takes two seconds).
  const GeneratorConfig config = open_config(16, 14);
  OpenSolver solver;
  OpenSolver judge;
  int played = 0, won = 0, lost = 0;
  for (std::uint64_t i = 14; i < 30; ++i) {
    OpenPlayCounts counts;
    const Game game = generate_game(config, i, &solver, &counts);
    ASSERT_TRUE(game.finished());
    if (game.folded()) continue;
    ++played;
    EXPECT_EQ(counts.verdict_from_first_card, 1U);
    EXPECT_EQ(counts.cards_by_rule_unsolved, 0U);
    const bool verdict = solver_verdict(game, judge);
    // The overbid rule comes on top of the verdict: an overbid game is lost whatever the cards.
    EXPECT_EQ(game.result().won, verdict && !game.result().overbid) << "game " << i;
    (game.result().won ? won : lost) += 1;
  }
  EXPECT_GT(played, 12);
  EXPECT_GT(won, 2);  // both outcomes occur: the explorers' contracts are mixed on purpose
  EXPECT_GT(lost, 2);
}

TEST(OpenCardPlay, ALimitedSearchPlaysByRuleUntilTheVerdictIsWithinReach) {
  OpenSolver solver;
  OpenPlayCounts tiny, generous;
  for (std::uint64_t i = 0; i < 16; ++i) {
    const Game a = generate_game(open_config(16, 0, 1, 2000), i, &solver, &tiny);
    const Game b = generate_game(open_config(16, 0, 1, 300000), i, &solver, &generous);
    ASSERT_TRUE(a.finished());
    ASSERT_TRUE(b.finished());
  }
  EXPECT_EQ(tiny.played, generous.played);
  EXPECT_LT(tiny.verdict_from_first_card, generous.verdict_from_first_card);
  EXPECT_GT(tiny.cards_by_rule_unsolved, 0U);
}

TEST(TableGenerator, EveryGameReplaysAndFoldsAsARecord) {
  GeneratorConfig config = open_config(40, 0, 2, 300000);
  config.keep_games = true;
  const GeneratedTables out = generate_tables(config);
  ASSERT_EQ(out.games.size(), 40U);
  for (const PgnGame& g : out.games) {
    const ReplayOutcome r = replay_pgn(g);
    EXPECT_TRUE(r.ok()) << r.error.value_or("") << (r.mismatches.empty() ? "" : r.mismatches.front());
  }
  TableSet refolded;
  const FoldStats stats = fold_games(refolded, out.games, 1);
  EXPECT_EQ(stats, out.stats);
  EXPECT_EQ(counts_text(refolded), counts_text(out.tables));
  EXPECT_EQ(out.tables.meta().games_folded, out.stats.folded);
  EXPECT_GT(out.stats.folded, 32U);
  EXPECT_GT(out.stats.lead_samples, 25U);
}

TEST(TableGenerator, TheTablesDependOnTheSeedAndTheRangeNotOnTheThreads) {
  const GeneratedTables one = generate_tables(open_config(30, 0, 1, 300000));
  const GeneratedTables two = generate_tables(open_config(30, 0, 2, 300000));
  EXPECT_EQ(counts_text(one.tables), counts_text(two.tables));
  EXPECT_EQ(one.stats, two.stats);
  GeneratorConfig other = open_config(30, 0, 1, 300000);
  other.seed = 8;
  EXPECT_NE(counts_text(generate_tables(other).tables), counts_text(one.tables));
}

TEST(TableGenerator, FoldsOfDisjointRangesMergeExactly) {
  const GeneratedTables whole = generate_tables(open_config(30, 100, 2, 300000));
  GeneratedTables first = generate_tables(open_config(12, 100, 1, 300000));
  const GeneratedTables second = generate_tables(open_config(18, 112, 2, 300000));
  first.tables.merge(second.tables);
  first.stats += second.stats;
  EXPECT_EQ(counts_text(first.tables), counts_text(whole.tables));
  EXPECT_EQ(first.tables.meta().games_folded, whole.tables.meta().games_folded);
  EXPECT_EQ(first.stats, whole.stats);
}

TEST(TableGenerator, DealsAreAFunctionOfTheSeedAndTheIndex) {
  EXPECT_EQ(generator_deal(3, 12345).hands, generator_deal(3, 12345).hands);
  EXPECT_NE(generator_deal(3, 12345).hands, generator_deal(3, 12346).hands);
  EXPECT_NE(generator_deal(3, 12345).hands, generator_deal(4, 12345).hands);
}

}  // namespace
}  // namespace skat::bots
