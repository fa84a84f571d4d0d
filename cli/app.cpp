#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <iostream>
#include <optional>
#include <string>

#include "cli/command.h"

namespace skat::cli {

namespace {

constexpr int kBadArguments = 2;

void set_up_logging(const std::string& level) {
  auto logger = spdlog::stderr_color_mt("skat");
  logger->set_pattern("skat: [%l] %v");
  logger->set_level(spdlog::level::from_str(level));
  spdlog::set_default_logger(logger);
}

// CLI11's messages can span lines; the contract is one line on stderr.
std::string one_line(std::string message) {
  for (char& c : message)
    if (c == '\n' || c == '\r') c = ' ';
  while (!message.empty() && message.back() == ' ') message.pop_back();
  return message;
}

// CLI11 reports a mistyped subcommand as "A subcommand is required"; name it instead.
std::optional<std::string> unknown_subcommand(const CLI::App& app, int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--log-level") {
      ++i;
      continue;
    }
    if (arg.starts_with("-")) continue;
    for (const CLI::App* sub : app.get_subcommands({}))
      if (sub->get_name() == arg) return std::nullopt;
    return arg;
  }
  return std::nullopt;
}

CLI::Validator number_check(const char* description, bool (*accept)(double)) {
  return CLI::Validator(
      [accept, description](std::string& text) -> std::string {
        double v = 0;
        if (!CLI::detail::lexical_cast(text, v) || !accept(v)) return "'" + text + "' is not " + description;
        return {};
      },
      "", description);
}

}  // namespace

CLI::Validator non_negative_number() {
  return number_check("a number >= 0", [](double v) { return v >= 0 && v < 1e300; });
}
CLI::Validator positive_number() {
  return number_check("a number > 0", [](double v) { return v > 0 && v < 1e300; });
}

int run_cli(int argc, char** argv) {
  CLI::App app{"skat: Skat server, bots and tools", "skat"};
  app.require_subcommand(1);
  std::string log_level = "info";
  app.add_option("--log-level", log_level, "Log level on stderr")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "off"}))
      ->capture_default_str();

  std::vector<Command> commands = {add_value_command(app),    add_elo_command(app),        add_bench_command(app),
                                   add_selfplay_command(app), add_replay_command(app),     add_export_command(app),
                                   add_import_command(app),   add_admin_command(app),      add_serve_command(app),
                                   add_bot_command(app),      add_loadgen_command(app),    add_idle_command(app),
                                   add_solve_command(app),    add_tournament_command(app), add_tables_command(app),
                                   add_nightly_command(app),  add_health_command(app),     add_infer_command(app)};
  app.set_help_all_flag("--help-all", "Print help for all subcommands and exit");
  if (const auto unknown = unknown_subcommand(app, argc, argv)) {
    std::cerr << "skat: error: unknown subcommand '" << *unknown << "' (see --help)\n";
    return kBadArguments;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "skat: error: " << one_line(e.what()) << " (see --help)\n";
    return kBadArguments;
  }
  set_up_logging(log_level);
  for (const Command& c : commands) {
    if (!c.app->parsed()) continue;
    try {
      return c.run();
    } catch (const std::exception& e) {
      spdlog::error("{}: {}", c.app->get_name(), one_line(e.what()));
      return 1;
    }
  }
  return kBadArguments;
}

}  // namespace skat::cli
