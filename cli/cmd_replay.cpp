// `skat replay [--format pgn|sgf] FILE|-`: every game of a record file through the engine, one
// JSON line per game (docs/cli.md); exit 0 only when all games replayed and matched their records.
#include <spdlog/spdlog.h>

#include <iostream>
#include <memory>
#include <sstream>

#include "cli/command.h"
#include "cli/record_input.h"
#include "cli/replay_output.h"
#include "engine/records/replay.h"

namespace skat::cli {

namespace {

struct ReplayArgs {
  std::string format;  // empty: detect
  std::string input = "-";
};

struct Tally {
  bool all_ok = true;
  void print(const nlohmann::ordered_json& line, bool ok) {
    std::cout << line.dump() << '\n';
    all_ok = all_ok && ok;
  }
};

void replay_sgf_text(std::string_view text, Tally& tally) {
  int number = 0;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    const auto game = read_sgf_game(line, number);
    if (!game) {
      tally.print(read_error_json(game.error()), false);
      continue;
    }
    const ReplayOutcome outcome = replay_sgf(*game);
    tally.print(replay_json(outcome), outcome.ok());
  }
}

void replay_pgn_text(std::string_view text, Tally& tally) {
  for (const PgnReadResult& read : read_pgn_series_list(text)) {
    for (const PgnGame& game : read.series.games) {
      const ReplayOutcome outcome = replay_pgn(game);
      tally.print(replay_json(outcome), outcome.ok());
    }
    for (const RecordError& e : read.errors) tally.print(read_error_json(e), false);
  }
}

int run_replay(const ReplayArgs& args) {
  const auto input = read_record_input("replay", args.input, args.format);
  if (!input) return 1;
  const std::string& text = input->text;
  const RecordFormat format = input->format;
  if (format == RecordFormat::Unknown) {
    if (text.find_first_not_of(" \t\r\n") == std::string::npos) return 0;  // nothing to replay
    spdlog::error("replay: cannot tell the format of '{}' (use --format pgn|sgf)", args.input);
    return 1;
  }
  Tally tally;
  if (format == RecordFormat::Sgf)
    replay_sgf_text(text, tally);
  else
    replay_pgn_text(text, tally);
  return tally.all_ok ? 0 : 1;
}

}  // namespace

Command add_replay_command(CLI::App& parent) {
  auto args = std::make_shared<ReplayArgs>();
  CLI::App* app =
      parent.add_subcommand("replay", "Replay PGN or ISS SGF records through the engine, one JSON line per game");
  app->add_option("--format", args->format, "Record format (default: detected from the content)")
      ->check(CLI::IsMember({"pgn", "sgf"}));
  app->add_option("input", args->input, "Record file, - for stdin")->required();
  return {app, [args] { return run_replay(*args); }};
}

}  // namespace skat::cli
