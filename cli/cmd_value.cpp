// `skat value`: JSON game description on stdin → its value on stdout (docs/cli.md).
#include <iostream>
#include <iterator>

#include "cli/command.h"
#include "cli/game_value.h"

namespace skat::cli {

namespace {

int run_value() {
  const std::string input{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
  const auto description = nlohmann::json::parse(input, nullptr, /*allow_exceptions=*/false);
  std::expected<GameValue, std::string> value =
      description.is_discarded() ? std::unexpected(std::string("input is not valid JSON")) : evaluate_game(description);
  if (!value) {
    std::cout << nlohmann::ordered_json{{"error", value.error()}}.dump() << '\n';
    return 1;
  }
  std::cout << to_json(*value).dump() << '\n';
  return 0;
}

}  // namespace

Command add_value_command(CLI::App& parent) {
  CLI::App* app = parent.add_subcommand("value", "Value of one game from a JSON description on stdin (cli.md)");
  app->footer(
      "Input: {\"game\":\"C\",\"hand\":true,\"schneider_announced\":false,\"schwarz_announced\":false,\n"
      "        \"ouvert\":false,\"declarer_cards\":[10 cards],\"skat\":[2 cards],\"bid\":24,\n"
      "        \"declarer_points\":75,\"declarer_tricks\":8}\n"
      "Output: {\"won\":…,\"overbid\":…,\"matadors\":…,\"value\":…}; invalid input: {\"error\":…}, exit 1");
  return {app, run_value};
}

}  // namespace skat::cli
