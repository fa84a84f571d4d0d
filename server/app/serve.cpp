#include "server/app/serve.h"

#include <fcntl.h>
#include <spdlog/spdlog.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <thread>

#include "bots/tables/table_files.h"
#include "db/node_lock.h"
#include "nightly/provisional_ratings.h"
#include "server/app/server.h"
#include "server/http/database_read_model.h"
#include "server/store/database_store.h"
#include "server/store/random_token.h"
#include "server/store/write_journal.h"

namespace skat::app {

namespace fs = std::filesystem;

namespace {

// The token of an existing token file, read from the descriptor whose mode was checked.
std::expected<std::string, std::string> read_admin_token_file(const std::string& file) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::unexpected("cannot open admin token file '" + file + "': " + std::strerror(errno));
  struct stat st {};
  std::string text;
  std::string problem;
  if (::fstat(fd, &st) != 0) {
    problem = std::string("cannot stat it: ") + std::strerror(errno);
  } else if (!S_ISREG(st.st_mode)) {
    problem = "it is not a regular file";
  } else if ((st.st_mode & 077) != 0) {
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
    problem = std::string("its mode is ") + mode +
              ": its group or others may read or write it; make it private (chmod 600) or remove it to have a "
              "new token created";
  } else {
    char buf[512];
    ssize_t n = 0;
    while ((n = ::read(fd, buf, sizeof buf)) > 0 && text.size() < 4096) text.append(buf, static_cast<std::size_t>(n));
    if (n < 0) problem = std::string("cannot read it: ") + std::strerror(errno);
  }
  ::close(fd);
  if (!problem.empty()) return std::unexpected("admin token file '" + file + "' refused: " + problem);
  std::string token = text.substr(0, text.find('\n'));
  while (!token.empty() && (token.back() == '\r' || token.back() == ' ')) token.pop_back();
  if (token.size() < kMinAdminTokenChars)
    return std::unexpected("admin token in '" + file + "' is shorter than " + std::to_string(kMinAdminTokenChars) +
                           " characters");
  return token;
}

// A token file another node has just created is empty for a moment: wait (up to 2 s) for its token.
std::expected<std::string, std::string> read_admin_token_once_written(const std::string& file) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::error_code ec;
    if (fs::file_size(file, ec) > 0 || ec) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return read_admin_token_file(file);
}

}  // namespace

std::expected<std::string, std::string> load_or_create_admin_token(const std::string& file) {
  std::error_code ec;
  if (fs::exists(file, ec)) return read_admin_token_once_written(file);
  if (const fs::path parent = fs::path(file).parent_path(); !parent.empty()) fs::create_directories(parent, ec);
  const std::string token = random_token();
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  // Another node sharing the file created it a moment ago: its token is ours.
  if (fd < 0 && errno == EEXIST) return read_admin_token_once_written(file);
  if (fd < 0) return std::unexpected("cannot create admin token file '" + file + "'");
  const std::string line = token + "\n";
  const bool ok = ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size());
  ::close(fd);
  if (!ok) return std::unexpected("cannot write admin token file '" + file + "'");
  spdlog::info("admin token created in {} (mode 0600)", file);
  return token;
}

namespace {

// Rates each finished series right away (docs/ratings.md §6), judging hand luck with the tables of
// `tables_path` (the server's strength tables; none: without hand luck).
DatabaseStore::SeriesRater provisional_rater(const std::string& tables_path) {
  std::shared_ptr<const bots::TableSet> tables;
  if (auto loaded = bots::load_tables(tables_path)) tables = std::make_shared<const bots::TableSet>(std::move(*loaded));
  return [tables](db::Connection& c, db::SeriesId series) -> std::expected<void, std::string> {
    nightly::RatingOptions defaults;
    defaults.chance.hand_luck = tables != nullptr;
    auto rated = nightly::rate_series_provisionally(
        c, series, defaults, tables ? nightly::table_win_probability(*tables) : nightly::WinProbabilityFn{});
    if (!rated) return std::unexpected(rated.error());
    return {};
  };
}

}  // namespace

int run_serve(const ServeConfig& config) {
  std::error_code ec;
  const bool postgres = db::is_postgres_url(config.db_path);
  if (const fs::path parent = fs::path(config.db_path).parent_path(); !parent.empty() && !postgres)
    fs::create_directories(parent, ec);
  // Before anything reads or writes the database: a second server as the same node would recover
  // (abort or resume) the series this one is playing (db/node_lock.h).
  auto lock = db::NodeLock::acquire(config.db_path, config.node);
  if (!lock) {
    spdlog::error("serve: database '{}': {}", config.db_path, lock.error().message);
    return 1;
  }
  auto store = DatabaseStore::open(config.db_path, config.db_max_bytes);
  if (!store) {
    spdlog::error("serve: database '{}': {}{}", config.db_path, store.error().message,
                  store.error().kind == StoreError::Kind::Busy
                      ? " (another process holds a write lock on it: stop that process or use another --db)"
                      : "");
    return 1;
  }
  if (!config.node.empty() || !config.take_over.empty()) {
    if (auto joined = (*store)->join_as_node(config.node, config.node_heartbeat_every, config.node_silent_after);
        !joined) {
      spdlog::error("serve: node '{}': {}", config.node, joined.error().message);
      return 1;
    }
    for (const std::string& silent : config.take_over)
      if (auto moved = (*store)->take_over(silent, config.node_silent_after); !moved)
        spdlog::warn("serve: taking over node '{}': {}", silent, moved.error().message);
      else if (*moved == 0)
        spdlog::info("serve: node '{}' has no running series to take over, or is alive", silent);
  }
  (*store)->rate_finished_series_with(provisional_rater(config.strength_tables));
  // What the last process could not store, before any series resumes from the database.
  const std::string journal_path =
      !config.journal_path.empty() ? config.journal_path
      : postgres ? (config.node.empty() ? std::string("data/writes.jsonl") : "data/writes-" + config.node + ".jsonl")
                 : config.db_path + (config.node.empty() ? "" : "-" + config.node) + "-writes.jsonl";
  if (const fs::path parent = fs::path(journal_path).parent_path(); !parent.empty()) fs::create_directories(parent, ec);
  if (auto replayed = replay_write_journal(journal_path, **store); !replayed) {
    spdlog::error("serve: the write journal: {} (the file is kept; start again once the database takes writes)",
                  replayed.error());
    return 1;
  }
  auto journal = WriteJournal::open(journal_path);
  if (!journal) {
    spdlog::error("serve: the write journal: {}", journal.error());
    return 1;
  }
  auto recovery = (*store)->recover_unfinished_series();
  if (!recovery) {
    spdlog::warn("serve: the series left running by the last process: {}", recovery.error().message);
    recovery = Recovery{};
  } else if (recovery->aborted + recovery->completed + std::ssize(recovery->resumable) > 0) {
    spdlog::info("serve: of the series left running by the last process, {} resumed, {} finished, {} aborted",
                 recovery->resumable.size(), recovery->completed, recovery->aborted);
  }
  // Beside an SQLite file; with PostgreSQL in data/ (nodes sharing a database pass one file).
  const std::string token_file = !config.admin_token_file.empty() ? config.admin_token_file
                                 : postgres                       ? std::string("data/admin-token")
                                            : (fs::path(config.db_path).parent_path() / "admin-token").string();
  auto admin_token = load_or_create_admin_token(token_file);
  if (!admin_token) {
    spdlog::error("serve: {}", admin_token.error());
    return 1;
  }
  spdlog::info("serve: admin token in {}", token_file);
  Server server(config, **store,
                std::make_shared<DatabaseReadModel>(config.db_path, static_cast<std::size_t>(config.read_threads)),
                *admin_token, journal->get());
  for (UnfinishedSeries& series : recovery->resumable) server.hub().resume_table(std::move(series));
  try {
    const unsigned short port = server.start(true);
    spdlog::info("serve: listening on http://{}:{}/ (WebSocket /ws)", config.bind, port);
  } catch (const std::exception& e) {
    spdlog::error("serve: cannot listen on {}:{}: {}", config.bind, config.port, e.what());
    return 1;
  }
  server.wait();
  spdlog::info("serve: stopped");
  return 0;
}

}  // namespace skat::app
