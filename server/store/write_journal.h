// The write journal: every finished game and series a table hands to the DbWriter is appended to
// a file beside the database (one JSON line each, record_json.h, flushed to the disk with fsync)
// before the players are sent its result, and forgotten once the database has it: the file is
// emptied whenever every record in it is stored. A record the database could not take (full,
// locked, a crash or SIGKILL before it was written) is still in the file at the next start,
// which stores it before any series resumes (replay_write_journal). Thread-safe.
#pragma once

#include <cstddef>
#include <expected>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server/store/record_store.h"

namespace skat::app {

class WriteJournal {
 public:
  // Opens (creating) the file for appending; what it holds stays until replayed.
  static std::expected<std::unique_ptr<WriteJournal>, std::string> open(const std::string& path);
  ~WriteJournal();
  WriteJournal(const WriteJournal&) = delete;
  WriteJournal& operator=(const WriteJournal&) = delete;

  // Appends one record and waits for the disk; false (logged) when the file cannot be written.
  bool append(const nlohmann::json& record);
  // One appended record is stored (or refused for good): once all are, the file is emptied.
  void forget_one();
  const std::string& path() const { return path_; }

  // The records of a journal file, in order (a last line cut short by a crash is left out).
  static std::expected<std::vector<nlohmann::json>, std::string> read(const std::string& path);

 private:
  WriteJournal(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}
  std::string path_;
  int fd_ = -1;
  std::mutex mutex_;
  std::size_t pending_ = 0;  // appended and not yet forgotten
};

// At start, before any series resumes: stores each record of the journal at `path` in order
// (records stored before are skipped by the store) and empties the file; how many it stored. An
// error (the file kept as it is) when one cannot be read or stored: the server must not start
// while games players have seen are not in the database.
std::expected<int, std::string> replay_write_journal(const std::string& path, RecordStore& records);

}  // namespace skat::app
