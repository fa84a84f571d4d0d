// How the skat command is assembled: each subcommand file registers its CLI11 sub-app and
// returns the function that runs it (exit code: 0 ok, 1 failed on valid arguments; bad
// arguments exit 2 before any command runs).
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <vector>

namespace skat {
struct EloOptions;
}
namespace skat::nightly {
struct NightlyOptions;
}

namespace skat::cli {

struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};

Command add_value_command(CLI::App& parent);
Command add_elo_command(CLI::App& parent);
Command add_bench_command(CLI::App& parent);
Command add_selfplay_command(CLI::App& parent);
Command add_replay_command(CLI::App& parent);
Command add_solve_command(CLI::App& parent);       // cmd_solve.cpp: the open-card solver on one position
Command add_tournament_command(CLI::App& parent);  // cmd_tournament.cpp: bot against bot
Command add_tables_command(CLI::App& parent);      // cmd_tables.cpp: winning-table files
Command add_infer_command(CLI::App& parent);       // cmd_infer.cpp: the learned card-location inference
// The database subcommands (cmd_export.cpp, cmd_import.cpp, cmd_admin.cpp).
Command add_export_command(CLI::App& parent);
Command add_import_command(CLI::App& parent);
Command add_admin_command(CLI::App& parent);
// The game server, the bot client and the load generator (cmd_serve.cpp, cmd_bot.cpp, cmd_loadgen.cpp).
Command add_serve_command(CLI::App& parent);
Command add_bot_command(CLI::App& parent);
Command add_loadgen_command(CLI::App& parent);
Command add_idle_command(CLI::App& parent);     // cmd_idle.cpp: many idle connections held
Command add_nightly_command(CLI::App& parent);  // cmd_nightly.cpp: the nightly job by hand
Command add_health_command(CLI::App& parent);   // cmd_health.cpp: is a server up
// The nightly job's settings (tables folder, base tables, Elo K and start, corrections), shared by
// `skat nightly` and `skat serve --nightly-at`.
void add_nightly_options(CLI::App& app, nightly::NightlyOptions& options);
// The newcomer K options of the Elo (--newcomer-k, --newcomer-series; cmd_elo.cpp), shared by
// `skat elo` and the nightly job's options.
void add_newcomer_k_options(CLI::App& app, EloOptions& options);

// Validators with one-line messages (CLI11's numeric ones print the whole double range).
CLI::Validator non_negative_number();
CLI::Validator positive_number();

// Parses argv and runs the chosen subcommand; returns the process exit code.
int run_cli(int argc, char** argv);

}  // namespace skat::cli
