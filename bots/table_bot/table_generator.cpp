#include "bots/table_bot/table_generator.h"

#include <memory>
#include <stdexcept>

#include "bots/play_deal.h"
#include "bots/table_bot/contract_explorer.h"
#include "bots/table_bot/explorer_player.h"
#include "bots/table_bot/open_card_play.h"
#include "engine/seat_view.h"

namespace skat::bots {

namespace {

constexpr std::uint64_t kGolden = 0x9E3779B97F4A7C15ULL;
// The solver's table, cleared before every game: small enough that clearing costs little.
constexpr std::size_t kGeneratorTableBytes = std::size_t{4} << 20;

std::uint64_t game_seed(std::uint64_t seed, std::uint64_t index) {
  return (seed * kGolden) ^ (index * 0xD1B54A32D192ED03ULL) ^ 0x8CB92BA72F3D8DD7ULL;
}

// The auction, the skat and the declaration by three explorers; card play stays to the caller.
void explore_contract(Game& game, std::uint64_t seed) {
  std::array<ContractExplorer, 3> explorers{ContractExplorer(seed + 1), ContractExplorer(seed + 2),
                                            ContractExplorer(seed + 3)};
  const std::array<ContractExplorer*, 3> players{&explorers[0], &explorers[1], &explorers[2]};
  if (auto r = play_until(game, players, Phase::Playing); !r)
    throw std::logic_error("generator: an explorer's " + r.error());
}

}  // namespace

Deal generator_deal(std::uint64_t seed, std::uint64_t index) {
  FastRng rng(game_seed(seed, index));
  return random_deal(rng);
}

Game generate_game(const GeneratorConfig& config, std::uint64_t index, OpenSolver* solver, OpenPlayCounts* counts) {
  const Deal deal = generator_deal(config.seed, index);
  const std::uint64_t seed = game_seed(config.seed, index) * kGolden;
  if (config.card_play == GeneratedCardPlay::Pimc) {
    ExplorerPlayer a(seed + 1, config.pimc), b(seed + 2, config.pimc), c(seed + 3, config.pimc);
    auto game = play_deal(deal, {&a, &b, &c});
    if (!game) throw std::logic_error("generator: game " + std::to_string(index) + ": " + game.error());
    return std::move(*game);
  }
  Game game(deal);
  explore_contract(game, seed);
  if (!game.finished()) {
    FastRng rng(seed + 4);
    if (!solver) throw std::invalid_argument("generator: open-card play needs a solver");
    solver->clear();  // a limited search's reach must not depend on the games before this one
    const OpenPlayout playout = play_out_open(game, *solver, rng, config.node_limit);
    if (counts) {
      ++counts->played;
      counts->verdict_from_first_card += playout.verdict_from_first_card ? 1 : 0;
      counts->cards_by_rule_unsolved += static_cast<std::uint64_t>(playout.cards_by_rule_unsolved);
    }
  }
  return game;
}

GeneratedTables generate_tables(const GeneratorConfig& config, const ProgressFn& progress) {
  const int threads = std::max(1, config.threads);
  struct Worker {
    TableSet tables;
    std::unique_ptr<Folder> folder;
    std::unique_ptr<OpenSolver> solver;
    OpenPlayCounts open;
  };
  std::vector<Worker> workers(static_cast<std::size_t>(threads));
  for (Worker& w : workers) {
    w.folder = std::make_unique<Folder>(w.tables);
    if (config.card_play == GeneratedCardPlay::Open)
      w.solver = std::make_unique<OpenSolver>(SolverOptions{.tt_bytes = kGeneratorTableBytes});
  }
  GeneratedTables out;
  if (config.keep_games) out.games.resize(static_cast<std::size_t>(std::max(0, config.games)));
  parallel_for(
      config.games, threads,
      [&](int i, int worker) {
        Worker& w = workers[static_cast<std::size_t>(worker)];
        const std::uint64_t index = config.first_game + static_cast<std::uint64_t>(i);
        const Game game = generate_game(config, index, w.solver.get(), &w.open);
        PgnGame record = pgn_game_from(game, static_cast<int>(index), {0, 0, 0});
        // Each worker's indices rise, so its own fold's watermark never skips one.
        w.folder->add(index + 1, record);
        if (config.keep_games) out.games[static_cast<std::size_t>(i)] = std::move(record);
      },
      progress);
  for (const Worker& w : workers) {
    out.tables.merge(w.tables);
    out.stats += w.folder->stats();
    out.open += w.open;
  }
  return out;
}

}  // namespace skat::bots
