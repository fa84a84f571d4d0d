// The fast generator of winning-table games (docs/tables.md, "The generator"): seeded deals, each
// a function of (seed, game index) alone, contracts by three contract explorers, card play with
// every hand open (open_card_play.h: the result is the open-card verdict) or by PIMC (as T0 was
// built), each game folded at once. Games are handed to the threads by index and every thread
// folds into tables of its own; the sums are added at the end, so the tables depend on the seed
// and the game range only, and the folds of disjoint ranges merge exactly (TableSet::merge).
#pragma once

#include <cstdint>
#include <vector>

#include "bots/parallel.h"
#include "bots/pimc/pimc_player.h"
#include "bots/solver/open_solver.h"
#include "bots/tables/fold.h"
#include "bots/tables/winning_table.h"
#include "engine/deal.h"
#include "engine/game.h"
#include "engine/records/pgn.h"

namespace skat::bots {

enum class GeneratedCardPlay : std::uint8_t {
  Open,  // open-card play: the winner by the solver's verdict keeps it, the loser plays by rule
  Pimc,  // PIMC for every seat (the settings below), as the base tables T0 were played
};

struct GeneratorConfig {
  std::uint64_t seed = 1;
  std::uint64_t first_game = 0;  // game indices first_game … first_game + games − 1
  int games = 10000;
  int threads = 1;
  GeneratedCardPlay card_play = GeneratedCardPlay::Open;
  std::uint64_t node_limit = 0;  // Open: nodes per solver question (0: none; see open_card_play.h)
  PimcSettings pimc;             // for GeneratedCardPlay::Pimc
  bool keep_games = false;       // also return every game as a PGN game line
};

// How the open-card games went (GeneratedCardPlay::Open).
struct OpenPlayCounts {
  std::uint64_t played = 0;                   // games that reached card play
  std::uint64_t verdict_from_first_card = 0;  // of those, solved before the first card
  std::uint64_t cards_by_rule_unsolved = 0;   // cards played by rule while the verdict was out of reach
  OpenPlayCounts& operator+=(const OpenPlayCounts& o) {
    played += o.played;
    verdict_from_first_card += o.verdict_from_first_card;
    cards_by_rule_unsolved += o.cards_by_rule_unsolved;
    return *this;
  }
};

struct GeneratedTables {
  TableSet tables;  // watermark: the highest game index + 1; games_folded: the games counted
  FoldStats stats;
  OpenPlayCounts open;
  std::vector<PgnGame> games;  // with keep_games, in index order (game id = index)
};

// The deal of game `index` of a generator run with `seed`.
Deal generator_deal(std::uint64_t seed, std::uint64_t index);

// One game of the run, finished. Open-card play needs `solver` (cleared first, so that a limited
// search reaches as far whatever the solver did before) and counts into `counts`.
Game generate_game(const GeneratorConfig& config, std::uint64_t index, OpenSolver* solver,
                   OpenPlayCounts* counts = nullptr);

GeneratedTables generate_tables(const GeneratorConfig& config, const ProgressFn& progress = {});

}  // namespace skat::bots
