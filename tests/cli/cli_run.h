// Running the built `skat` executable from a test (SKAT_BINARY): its exit code, stdout and stderr,
// with per-test temporary file names.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace skat::test {

struct CliRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A file name in the test's temporary folder, unique to the running test.
inline std::string temp_path(const std::string& name) {
  const auto* info = testing::UnitTest::GetInstance()->current_test_info();
  std::string test = std::string(info->test_suite_name()) + "_" + info->name();
  for (char& c : test)
    if (c == '/') c = '_';  // parameterised tests are named Suite/Test/N
  return testing::TempDir() + "skat_cli_" + test + "_" + name;
}

// Runs `skat <args>` with `input` on stdin (arguments are passed through the shell as given), in
// the folder `dir` when one is named.
inline CliRun skat(const std::string& args, const std::string& input = "", const std::string& dir = "") {
  const std::string in = temp_path("stdin"), out = temp_path("stdout"), err = temp_path("stderr");
  std::ofstream(in, std::ios::binary) << input;
  const std::string command = (dir.empty() ? "" : "cd '" + dir + "' && ") + "'" + SKAT_BINARY + "' " + args + " <'" +
                              in + "' >'" + out + "' 2>'" + err + "'";
  const int status = std::system(command.c_str());
  CliRun r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

inline std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace skat::test
