// `skat bench <what> [--quick]`: fixed seeded benchmarks, `name: value unit` per line and
// `bench: <digest>` last (docs/cli.md).
#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <stdexcept>

#include "bots/bot_factory.h"
#include "cli/bench_analysis.h"
#include "cli/bench_decisions.h"
#include "cli/bench_elo.h"
#include "cli/bench_engine.h"
#include "cli/bench_fold.h"
#include "cli/bench_pimc.h"
#include "cli/bench_sampler.h"
#include "cli/bench_solver.h"
#include "cli/command.h"

namespace skat::cli {

namespace {

struct BenchArgs {
  std::string what;
  bool quick = false;
  std::string tables = "tables/t0.wtab";
  int deals = 0;
  std::string per_deal;
  std::string bot;                             // pimc: the card play of this bot spec
  std::string model = "tables/inference.bin";  // sampler: the learned model
  bool null_model = false;                     // decisions: with the open-card null model
};

BenchReport report_of(const BenchArgs& args) {
  if (args.what == "solver") return run_solver_bench({args.quick, args.deals, args.per_deal});
  if (args.what == "pimc") {
    if (args.bot.empty()) return run_pimc_bench(args.quick);
    const auto spec = bots::parse_bot_spec(args.bot, false);
    if (!spec) throw std::runtime_error(spec.error());
    if (spec->kind != "pimc" && spec->kind != "full") throw std::runtime_error("--bot must be a pimc or full spec");
    return run_pimc_bench(args.quick, bots::pimc_settings(*spec));
  }
  if (args.what == "fold") return run_fold_bench(args.quick);
  if (args.what == "sampler") return run_sampler_bench(args.quick, args.model);
  if (args.what == "decisions") return run_decisions_bench(args.quick, args.tables, args.null_model);
  if (args.what == "elo") return run_elo_bench(args.quick, args.tables);
  if (args.what == "analysis") return run_analysis_bench(args.quick);
  return run_engine_bench(args.quick);
}

int run_bench(const BenchArgs& args) {
  BenchReport report;
  try {
    report = report_of(args);
  } catch (const std::exception& e) {
    std::cerr << "bench: " << e.what() << '\n';
    return 1;
  }
  for (const BenchFigure& f : report.figures)
    std::cout << fmt::format("{}: {:.{}f} {}\n", f.name, f.value, f.decimals, f.unit);
  std::cout << fmt::format("bench: {:016x}\n", report.digest);
  return 0;
}

}  // namespace

Command add_bench_command(CLI::App& parent) {
  auto args = std::make_shared<BenchArgs>();
  CLI::App* app =
      parent.add_subcommand("bench", "Fixed, seeded benchmarks: name: value unit, last line bench: <digest>");
  app->add_option("benchmark", args->what,
                  "Which benchmark: engine, solver, pimc, fold, decisions, elo, sampler, analysis")
      ->required()
      ->check(CLI::IsMember({"engine", "solver", "pimc", "fold", "decisions", "elo", "sampler", "analysis"}));
  app->add_option("--tables", args->tables, "decisions and elo: the table file")->capture_default_str();
  app->add_option("--model", args->model, "sampler: the learned model file")->capture_default_str();
  app->add_option("--deals", args->deals, "solver: only the first N of its deals")->check(CLI::Range(1, 1000));
  app->add_option("--per-deal", args->per_deal, "solver: write time, nodes and answer per deal and question (TSV)");
  app->add_option("--bot", args->bot,
                  "pimc: measure the card play of this spec (pimc:... or full:...; worlds, budget, tt, threads, "
                  "nodes, stop)");
  app->add_flag("--null-model", args->null_model, "decisions: null games rated by the open-card null model");
  app->add_flag("--quick", args->quick, "A short workload (same figures, different digest)");
  return {app, [args] { return run_bench(*args); }};
}

}  // namespace skat::cli
