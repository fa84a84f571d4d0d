// Crash safety: a child process inserts games in a loop and reports each id on a pipe once
// insert_game has returned; it is SIGKILLed at a random moment. After each kill the database
// opens, passes integrity_check, and holds every game the child reported (none is lost).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <random>
#include <set>

#include "tests/db/db_test_support.h"

namespace skat::db {
namespace {

using test::must;

// The child: never returns. Writes each committed game id (8 bytes) to `fd`.
[[noreturn]] void insert_forever(const std::string& path, SeriesId series, int first_index,
                                 const std::vector<PgnGame>& lines, int fd) {
  auto c = open_database(path);
  if (!c) _exit(3);
  for (int n = first_index;; ++n) {
    PgnGame line = lines[static_cast<std::size_t>(n) % lines.size()];
    line.id = n;  // the index in the series; the content is a valid line either way
    auto id = insert_game(*c, game_record_from(series, line));
    if (!id) _exit(4);
    const GameId value = *id;
    if (write(fd, &value, sizeof(value)) != static_cast<ssize_t>(sizeof(value))) _exit(5);
  }
}

std::vector<GameId> read_ids(int fd) {
  std::vector<GameId> ids;
  GameId id = 0;
  ssize_t got = 0;
  while ((got = read(fd, &id, sizeof(id))) == static_cast<ssize_t>(sizeof(id))) ids.push_back(id);
  return ids;
}

TEST(CrashSafety, KilledWriterLosesNoCommittedGame) {
  const std::string path = test::fresh_store((test::temp_dir() / "crash.db").string());
  SeriesId series = 0;
  {
    Connection c = must(open_database(path));
    series = test::running_series(c, test::three_players(c));
  }  // no connection crosses the fork
  const std::vector<PgnGame> lines = test::selfplay_series(99, 12).games;
  std::mt19937 rng(std::random_device{}());
  std::uniform_int_distribution<int> delay_ms(5, 120);
  std::set<GameId> committed;
  int next_index = 0;
  for (int round = 0; round < 6; ++round) {
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      close(fds[0]);
      insert_forever(path, series, next_index, lines, fds[1]);
    }
    close(fds[1]);
    usleep(static_cast<useconds_t>(delay_ms(rng) * 1000));
    ASSERT_EQ(kill(child, SIGKILL), 0);
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the child stopped by itself with " << WEXITSTATUS(status);
    const std::vector<GameId> reported = read_ids(fds[0]);
    close(fds[0]);
    committed.insert(reported.begin(), reported.end());

    Connection c = must(open_database(path));
    must(c.integrity_check());
    const auto games = must(list_games(c, series));
    std::set<GameId> present;
    for (const GameRecord& g : games) present.insert(g.id);
    for (GameId id : committed) EXPECT_TRUE(present.contains(id)) << "game " << id << " was lost";
    // The last insert may have committed without being reported: never more than one extra.
    EXPECT_LE(present.size(), committed.size() + static_cast<std::size_t>(round) + 1);
    next_index = games.empty() ? 0 : games.back().index + 1;
  }
  EXPECT_GT(committed.size(), 0u);
}

}  // namespace
}  // namespace skat::db
