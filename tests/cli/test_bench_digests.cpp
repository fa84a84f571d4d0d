// The bench signatures: every line of tests/data/bench-digests.txt ("DIGEST ARGS") is run as
// `skat bench ARGS` in the source folder, and its last line must be `bench: DIGEST`. The digests
// cover counts and answers only, so they are the same on every machine and build; a different one
// means the search or the play changed.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "tests/cli/cli_run.h"

namespace {

using skat::test::CliRun;
using skat::test::lines;
using skat::test::skat;

constexpr const char* kDigestFile = "tests/data/bench-digests.txt";

struct RecordedDigest {
  std::string digest;  // 16 hex digits
  std::string args;    // after `skat bench`
};

// Test names show the line as it stands in the file.
void PrintTo(const RecordedDigest& d, std::ostream* os) { *os << d.digest << " " << d.args; }

std::vector<RecordedDigest> recorded_digests() {
  std::ifstream in(std::string(SKAT_SOURCE_DIR) + "/" + kDigestFile);
  std::vector<RecordedDigest> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line.starts_with("#")) continue;
    const auto space = line.find(' ');
    out.push_back({line.substr(0, space), space == std::string::npos ? "" : line.substr(space + 1)});
  }
  return out;
}

class BenchDigest : public testing::TestWithParam<RecordedDigest> {};

TEST(BenchDigests, TheFileRecordsTheSolverAndTheEngine) {
  const auto digests = recorded_digests();
  const std::regex form("[0-9a-f]{16}");
  for (const RecordedDigest& d : digests) EXPECT_TRUE(std::regex_match(d.digest, form)) << d.digest << " " << d.args;
  for (const std::string kind : {"engine --quick", "solver --quick"})
    EXPECT_TRUE(std::ranges::any_of(digests, [&](const RecordedDigest& d) { return d.args == kind; }))
        << kDigestFile << " has no line for bench " << kind;
}

TEST_P(BenchDigest, IsTheRecordedOne) {
  const RecordedDigest& recorded = GetParam();
  const CliRun r = skat("bench " + recorded.args, "", SKAT_SOURCE_DIR);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto out = lines(r.out);
  ASSERT_FALSE(out.empty());
  const std::string digest = out.back().substr(out.back().find(' ') + 1);
  EXPECT_EQ(digest, recorded.digest)
      << "skat bench " << recorded.args << " gives the digest " << digest << ", " << kDigestFile << " records "
      << recorded.digest << ": the behaviour changed. If the change is meant to change it, record the new digest:\n"
      << "  sed -i 's/^" << recorded.digest << " /" << digest << " /' " << kDigestFile;
}

// One test per line of the file, named after the benchmark ("solver", "engine", …).
INSTANTIATE_TEST_SUITE_P(Recorded, BenchDigest, testing::ValuesIn(recorded_digests()),
                         [](const testing::TestParamInfo<RecordedDigest>& param) {
                           std::string name = param.param.args.substr(0, param.param.args.find(' '));
                           return name + "_" + std::to_string(param.index);
                         });

}  // namespace
