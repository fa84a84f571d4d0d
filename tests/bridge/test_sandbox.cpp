// The sandbox of uploaded programs (bridge/sandbox.h): a program inside reaches no network, sees no
// file of the host but its own (read-only) and /usr, writes nowhere but its own /tmp, which the next
// process does not see, runs under a user id of its own when the server is root, and is held to its
// process limit. Then the cheater (tests/bridge/cheater_bot.py), which keeps every hand it is dealt
// where its other processes can read it: outside the sandbox it learns cards of other seats and its
// games differ from its honest twin's; in the sandbox they are the same game for game, so it gains
// exactly nothing. Skipped, saying why, where bubblewrap cannot make a sandbox.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "bots/tournament/tournament.h"
#include "bots/tournament/tournament_report.h"
#include "bridge/program_player.h"
#include "bridge/program_process.h"
#include "bridge/sandbox.h"

namespace skat::bridge {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

#define SKIP_WITHOUT_SANDBOX()                    \
  if (auto works = sandbox_available(); !works) { \
    GTEST_SKIP() << works.error();                \
  }

fs::path test_folder() {
  const auto* info = testing::UnitTest::GetInstance()->current_test_info();
  fs::path dir = fs::temp_directory_path() / (std::string("skat_sandbox_") + info->name());
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::permissions(dir, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
  return dir;
}

fs::path write_program(const fs::path& dir, const std::string& name, const std::string& source) {
  const fs::path file = dir / name;
  std::ofstream(file) << source;
  fs::permissions(file,
                  fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read);
  return file;
}

// The one JSON line a program prints, within 20 s.
nlohmann::json run_once(const std::string& command) {
  auto process = ProgramProcess::start(command);
  EXPECT_TRUE(process) << (process ? "" : process.error());
  if (!process) return nullptr;
  std::string line;
  const auto got = (*process)->read_line(line, ProgramProcess::Clock::now() + 20s);
  (*process)->close(ProgramProcess::kGrace);
  EXPECT_EQ(got, ProgramProcess::Read::Line) << (*process)->exit_text();
  return nlohmann::json::parse(line, nullptr, false);
}

TEST(Sandbox, OffersTheLanguagesWhoseInterpreterIsInstalled) {
  const auto offered = offered_languages();
  EXPECT_TRUE(offered_language("sh"));
  EXPECT_TRUE(offered_language("python3"));  // the test command installs python3
  EXPECT_FALSE(offered_language("cobol"));
  for (const SandboxLanguage& l : offered)
    EXPECT_TRUE(std::ranges::any_of(known_languages(), [&](const auto& k) { return k.name == l.name; }));
}

TEST(Sandbox, AProgramSeesOnlyItsOwnFileAndATmpThatDiesWithIt) {
  SKIP_WITHOUT_SANDBOX();
  const fs::path dir = test_folder();
  const fs::path secret = write_program(dir, "secret.txt", "the other hands\n");
  // A listener on the host's loopback that the program tries to reach.
  const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(listener, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  ASSERT_EQ(::listen(listener, 4), 0);
  socklen_t size = sizeof address;
  ::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &size);
  const int port = ntohs(address.sin_port);

  std::ostringstream source;
  source << "import json, os, socket\n"
            "out = {}\n"
            "try:\n"
            "    socket.create_connection(('127.0.0.1', "
         << port
         << "), timeout=1).close(); out['network'] = True\n"
            "except OSError: out['network'] = False\n"
            "out['host_file'] = os.path.exists('"
         << secret.string()
         << "')\n"
            "out['own_file'] = os.path.exists('/bot/main.py')\n"
            "def writable(path):\n"
            "    try:\n"
            "        open(path, 'w').write('x'); return True\n"
            "    except OSError: return False\n"
            "out['usr'] = writable('/usr/skat-x')\n"
            "out['bot'] = writable('/bot/main.py')\n"
            "out['tmp_before'] = os.path.exists('/tmp/memory')\n"
            "out['tmp'] = writable('/tmp/memory')\n"
            "out['uid'] = os.getuid()\n"
            "out['pid'] = os.getpid()\n"
            "out['processes'] = len([p for p in os.listdir('/proc') if p.isdigit()])\n"
            "print(json.dumps(out), flush=True)\n";
  const fs::path program = write_program(dir, "probe.py", source.str());
  const SandboxLanguage python = *offered_language("python3");
  for (int run = 0; run < 2; ++run) {
    SCOPED_TRACE("run " + std::to_string(run));
    const nlohmann::json seen = run_once(sandbox_command(python, program));
    ASSERT_TRUE(seen.is_object());
    EXPECT_FALSE(seen["network"]);
    EXPECT_FALSE(seen["host_file"]);
    EXPECT_TRUE(seen["own_file"]);
    EXPECT_FALSE(seen["usr"]);
    EXPECT_FALSE(seen["bot"]);
    EXPECT_FALSE(seen["tmp_before"]);  // the first run's file died with it
    EXPECT_TRUE(seen["tmp"]);
    EXPECT_LE(seen["processes"].get<int>(), 3);  // its own process namespace
    if (::geteuid() == 0) {
      EXPECT_GE(seen["uid"].get<int>(), static_cast<int>(kFirstSandboxUid));
    }
  }
  ::close(listener);
}

TEST(Sandbox, AProgramIsHeldToItsProcessLimit) {
  SKIP_WITHOUT_SANDBOX();
  if (::geteuid() != 0) GTEST_SKIP() << "the process limit needs a user id per sandbox: the server runs as root";
  const fs::path dir = test_folder();
  const fs::path program = write_program(dir, "forks.py",
                                         "import os, time\n"
                                         "n = 0\n"
                                         "try:\n"
                                         "    for i in range(200):\n"
                                         "        if os.fork() == 0:\n"
                                         "            time.sleep(5); os._exit(0)\n"
                                         "        n += 1\n"
                                         "except OSError: pass\n"
                                         "print(n, flush=True)\n");
  SandboxLimits limits;
  limits.processes = 8;
  const nlohmann::json forked = run_once(sandbox_command(*offered_language("python3"), program, limits));
  ASSERT_TRUE(forked.is_number_integer());
  EXPECT_LT(forked.get<int>(), 8);
}

// The cheater against its honest twin, in-process on the same duplicate deals (both seatings).
std::vector<bots::TournamentGame> cheater_against_twin(const std::string& cheater, const std::string& twin) {
  bots::TournamentConfig config;
  config.a = *bots::parse_bot_spec("program:" + cheater, false);
  config.b = *bots::parse_bot_spec("program:" + twin, false);
  config.deals = 4;
  config.seed = 5301;
  config.judge = false;
  config.threads = 1;
  config.make_player = [](const bots::BotSpec& spec, std::uint64_t seed, int position) {
    return make_program_player(spec.program, seed, position);
  };
  return bots::run_tournament(config);
}

std::string cheater_source(bool cheat) {
  std::ifstream in(std::string(SKAT_SOURCE_DIR) + "/tests/bridge/cheater_bot.py");
  std::string source((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!cheat) {
    const auto at = source.find("CHEAT = True");
    EXPECT_NE(at, std::string::npos);
    source.replace(at, 12, "CHEAT = False");
  }
  return source;
}

// Games of A and B at the tables of the same deal, seating and rotation alike: same declarer,
// declaration, result and points.
int games_differing(const std::vector<bots::TournamentGame>& games) {
  int differ = 0;
  for (const bots::TournamentGame& g : games)
    for (const bots::TournamentGame& h : games)
      if (g.deal == h.deal && g.rotation == h.rotation && g.b_seats != h.b_seats && g.b_seats == 1 &&
          (g.declarer != h.declarer || g.declaration != h.declaration || g.points != h.points || g.won != h.won ||
           g.folded != h.folded))
        ++differ;
  return differ;
}

TEST(Sandbox, ACheaterLearnsCardsOutsideTheSandboxAndNothingInIt) {
  SKIP_WITHOUT_SANDBOX();
  const fs::path dir = test_folder();
  const fs::path cheater = write_program(dir, "cheater.py", cheater_source(true));
  const fs::path twin = write_program(dir, "twin.py", cheater_source(false));
  const SandboxLanguage python = *offered_language("python3");

  // Outside: the cheater's processes share the host's /tmp, and what it learns changes its games.
  fs::remove_all("/tmp/skat-cheat-shared");
  const auto open_games =
      cheater_against_twin("/usr/bin/python3 " + cheater.string(), "/usr/bin/python3 " + twin.string());
  EXPECT_GT(games_differing(open_games), 0);
  fs::remove_all("/tmp/skat-cheat-shared");

  // Inside: a fresh sandbox per seat and game; the cheater plays exactly its twin's games.
  const auto sandboxed = cheater_against_twin(sandbox_command(python, cheater), sandbox_command(python, twin));
  ASSERT_EQ(sandboxed.size(), 4U * 6U);
  EXPECT_EQ(games_differing(sandboxed), 0);
  bots::TournamentConfig config;
  config.deals = 4;
  const auto report = bots::make_report(config, sandboxed, 1.0);
  EXPECT_EQ(report.seatings.back().difference, 0.0);
  EXPECT_EQ(report.seatings.back().ci_low, 0.0);
  EXPECT_EQ(report.seatings.back().ci_high, 0.0);
  EXPECT_FALSE(fs::exists("/tmp/skat-cheat-shared"));  // nothing of it reached the host
}

}  // namespace
}  // namespace skat::bridge
