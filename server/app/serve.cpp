#include "server/app/serve.h"

#include <fcntl.h>
#include <spdlog/spdlog.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "server/app/hub.h"
#include "server/app/server.h"
#include "server/app/sqlite_read_model.h"
#include "server/app/sqlite_store.h"

namespace skat::app {

namespace fs = std::filesystem;

std::expected<std::string, std::string> load_or_create_admin_token(const std::string& file) {
  std::error_code ec;
  if (fs::exists(file, ec)) {
    std::ifstream in(file);
    std::string token;
    std::getline(in, token);
    while (!token.empty() && (token.back() == '\r' || token.back() == ' ')) token.pop_back();
    if (token.size() < 16) return std::unexpected("admin token in '" + file + "' is shorter than 16 characters");
    return token;
  }
  if (const fs::path parent = fs::path(file).parent_path(); !parent.empty()) fs::create_directories(parent, ec);
  const std::string token = random_token();
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd < 0) return std::unexpected("cannot create admin token file '" + file + "'");
  const std::string line = token + "\n";
  const bool ok = ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size());
  ::close(fd);
  if (!ok) return std::unexpected("cannot write admin token file '" + file + "'");
  spdlog::info("admin token created in {} (mode 0600)", file);
  return token;
}

int run_serve(const ServeConfig& config) {
  std::error_code ec;
  if (const fs::path parent = fs::path(config.db_path).parent_path(); !parent.empty())
    fs::create_directories(parent, ec);
  auto store = SqliteStore::open(config.db_path, config.db_max_bytes);
  if (!store) {
    spdlog::error("serve: database '{}': {}{}", config.db_path, store.error(),
                  store.error().starts_with("busy")
                      ? " (another process holds a write lock on it: stop that process or use another --db)"
                      : "");
    return 1;
  }
  auto recovery = (*store)->recover_unfinished_series();
  if (!recovery) {
    spdlog::warn("serve: the series left running by the last process: {}", recovery.error());
    recovery = Recovery{};
  } else if (recovery->aborted + recovery->completed + std::ssize(recovery->resumable) > 0) {
    spdlog::info("serve: of the series left running by the last process, {} resumed, {} finished, {} aborted",
                 recovery->resumable.size(), recovery->completed, recovery->aborted);
  }
  const std::string token_file = config.admin_token_file.empty()
                                     ? (fs::path(config.db_path).parent_path() / "admin-token").string()
                                     : config.admin_token_file;
  auto admin_token = load_or_create_admin_token(token_file);
  if (!admin_token) {
    spdlog::error("serve: {}", admin_token.error());
    return 1;
  }
  spdlog::info("serve: admin token in {}", token_file);
  Server server(config, **store, std::make_shared<SqliteReadModel>(config.db_path), *admin_token);
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
