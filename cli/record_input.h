// Reading a record file (or stdin) for the subcommands that take PGN or ISS SGF input
// (`skat replay`, `skat import`): the text and its format, detected unless forced.
#pragma once

#include <optional>
#include <string>

#include "engine/records/replay.h"

namespace skat::cli {

struct RecordInput {
  std::string text;
  RecordFormat format = RecordFormat::Unknown;  // Unknown when it cannot be told (or the text is empty)
};

// `path` "-" reads stdin; `forced` is "pgn", "sgf" or empty (detect). Logs and returns nothing
// when the file cannot be opened.
std::optional<RecordInput> read_record_input(const std::string& command, const std::string& path,
                                             const std::string& forced);

}  // namespace skat::cli
