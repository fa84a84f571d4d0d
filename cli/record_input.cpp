#include "cli/record_input.h"

#include <spdlog/spdlog.h>

#include <fstream>
#include <iostream>
#include <iterator>

namespace skat::cli {

std::optional<RecordInput> read_record_input(const std::string& command, const std::string& path,
                                             const std::string& forced) {
  RecordInput in;
  if (path == "-") {
    in.text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  } else {
    std::ifstream file(path, std::ios::binary);
    if (!file) {
      spdlog::error("{}: cannot open '{}'", command, path);
      return std::nullopt;
    }
    in.text.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
  }
  in.format = detect_format(in.text);
  if (forced == "pgn") in.format = RecordFormat::Pgn;
  if (forced == "sgf") in.format = RecordFormat::Sgf;
  return in;
}

}  // namespace skat::cli
