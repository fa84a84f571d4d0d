// Splitting a command's or an export's text output into its lines (the line breaks dropped; a
// final line break does not start an empty line) for tests to compare line by line.
#pragma once

#include <sstream>
#include <string>
#include <vector>

namespace skat::test {

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace skat::test
