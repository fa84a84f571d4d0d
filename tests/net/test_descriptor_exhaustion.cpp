// The real `skat serve` at a lowered descriptor limit (RLIMIT_NOFILE set in the forked child):
// connections are opened until its accepts fail for want of descriptors, and held. The server
// backs off instead of spinning on the failing accept, so its log stays a few lines long; once the
// connections close it answers a fresh HTTP request again.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

#include "tests/net/ws_test_client.h"
#include "tests/support/eventually.h"

namespace {

namespace fs = std::filesystem;
namespace asio = boost::asio;
using namespace std::chrono_literals;

constexpr rlim_t kDescriptors = 64;

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::size_t lines_containing(const std::string& text, const std::string& word) {
  std::size_t count = 0;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) count += line.find(word) != std::string::npos;
  return count;
}

std::string tail(const std::string& text) { return text.substr(text.size() > 2000 ? text.size() - 2000 : 0); }

// `skat serve` with at most kDescriptors open files, its output in `log`.
pid_t spawn_server(const fs::path& dir, const fs::path& log) {
  const std::vector<std::string> args{SKAT_BINARY,
                                      "serve",
                                      "--port",
                                      "0",
                                      "--db",
                                      (dir / "skat.db").string(),
                                      "--web",
                                      (dir / "no-web").string(),
                                      "--strength-tables",
                                      "",
                                      "--max-connections-per-address",
                                      "0"};
  const pid_t pid = fork();
  if (pid == 0) {
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
    dup2(fd, 1);
    dup2(fd, 2);
    const rlimit limit{kDescriptors, kDescriptors};
    if (setrlimit(RLIMIT_NOFILE, &limit) != 0) _exit(126);
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  return pid;
}

TEST(DescriptorExhaustionTest, AcceptBacksOffWithAShortLogAndTheServerRecovers) {
  const fs::path dir = fs::path(testing::TempDir()) / ("skat_net_descriptors_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path log = dir / "serve.log";
  const pid_t server = spawn_server(dir, log);
  ASSERT_GT(server, 0);
  unsigned short port = 0;
  skat::test::eventually(
      [&] {
        std::smatch m;
        const std::string text = slurp(log);
        if (std::regex_search(text, m, std::regex("listening on http://[0-9.]+:([0-9]+)/")))
          port = static_cast<unsigned short>(std::stoi(m[1]));
        return port != 0;
      },
      120s, 50ms);
  ASSERT_NE(port, 0) << slurp(log);
  // (This first request also runs the server's request path once while descriptors are plenty:
  // the sanitizers' runtime needs a descriptor the first time it checks some calls.)
  ASSERT_EQ(skat::nettest::http_get(port, "/healthz").status, 200);

  // Twice as many connections as the server has descriptors: the kernel completes them all (the
  // listen backlog), the server accepts until it has no descriptor left.
  asio::io_context io;
  std::vector<asio::ip::tcp::socket> hogs;
  for (rlim_t i = 0; i < 2 * kDescriptors; ++i) {
    hogs.emplace_back(io);
    hogs.back().connect({asio::ip::make_address("127.0.0.1"), port});
  }
  EXPECT_TRUE(skat::test::eventually([&] { return lines_containing(slurp(log), "accept") > 0; }, 60s))
      << tail(slurp(log));
  // Held for a while: a server retrying the failing accept at once writes thousands of lines here.
  std::this_thread::sleep_for(3s);
  hogs.clear();

  bool answered = skat::test::eventually(
      [&] {
        try {
          return skat::nettest::http_get(port, "/healthz").status == 200;
        } catch (const std::exception&) {
          return false;
        }
      },
      60s, 100ms);
  EXPECT_TRUE(answered);
  kill(server, SIGTERM);
  int status = 0;
  waitpid(server, &status, 0);
  const std::string text = slurp(log);
  EXPECT_LT(lines_containing(text, "accept"), 20u) << tail(text);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << tail(text);
  if (!HasFailure()) fs::remove_all(dir);
}

}  // namespace
