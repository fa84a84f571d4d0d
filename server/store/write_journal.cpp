// The write journal (server/store/write_journal.h).
#include "server/store/write_journal.h"

#include <fcntl.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include "server/store/record_json.h"

namespace skat::app {

std::expected<std::unique_ptr<WriteJournal>, std::string> WriteJournal::open(const std::string& path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) return std::unexpected("cannot open " + path + ": " + std::strerror(errno));
  return std::unique_ptr<WriteJournal>(new WriteJournal(path, fd));
}

WriteJournal::~WriteJournal() {
  if (fd_ >= 0) ::close(fd_);
}

bool WriteJournal::append(const nlohmann::json& record) {
  const std::string line = record.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  std::lock_guard lock(mutex_);
  std::size_t done = 0;
  while (done < line.size()) {
    const ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      spdlog::error("journal {}: cannot write: {}", path_, std::strerror(errno));
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fdatasync(fd_) != 0) spdlog::error("journal {}: cannot sync: {}", path_, std::strerror(errno));
  ++pending_;
  return true;
}

void WriteJournal::forget_one() {
  std::lock_guard lock(mutex_);
  if (pending_ > 0) --pending_;
  if (pending_ == 0 && ::ftruncate(fd_, 0) != 0)
    spdlog::error("journal {}: cannot empty: {}", path_, std::strerror(errno));
}

std::expected<std::vector<nlohmann::json>, std::string> WriteJournal::read(const std::string& path) {
  std::vector<nlohmann::json> records;
  std::ifstream in(path);
  if (!in) return records;  // no journal: nothing to replay
  std::string line;
  while (std::getline(in, line)) {
    if (in.eof()) break;  // no newline: cut short by a crash while it was written, never acknowledged
    auto record = nlohmann::json::parse(line, nullptr, false);
    if (record.is_discarded() || !record.is_object())
      return std::unexpected(path + ": a line that is no record: " + line.substr(0, 80));
    records.push_back(std::move(record));
  }
  return records;
}

std::expected<int, std::string> replay_write_journal(const std::string& path, RecordStore& records) {
  auto read = WriteJournal::read(path);
  if (!read) return std::unexpected(read.error());
  int stored = 0;
  for (const nlohmann::json& record : *read) {
    const std::string kind = record.value("kind", "");
    StoreResult<void> saved;
    if (kind == "game") {
      auto game = finished_game_from_json(record);
      if (!game) return std::unexpected(path + ": " + game.error());
      saved = records.save_game(*game);
    } else if (kind == "series") {
      auto series = finished_series_from_json(record);
      if (!series) return std::unexpected(path + ": " + series.error());
      saved = records.save_series(*series);
    } else {
      return std::unexpected(path + ": a record of no known kind");
    }
    if (!saved && saved.error().retryable())
      return std::unexpected(path + ": the database does not take a record yet: " + saved.error().message);
    if (!saved) spdlog::error("journal {}: a {} refused for good: {}", path, kind, saved.error().message);
    ++stored;
  }
  if (!read->empty()) {
    if (::truncate(path.c_str(), 0) != 0) return std::unexpected("cannot empty " + path + ": " + std::strerror(errno));
    spdlog::warn("journal {}: {} record(s) a previous process had not stored are stored now", path, stored);
  }
  return stored;
}

}  // namespace skat::app
