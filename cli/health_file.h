// Health files: the state of a process with no HTTP endpoint (`skat bot`, `skat nightly
// --every-day-at`), for a container's health check (`skat health --file`, docs/cli.md). One JSON
// object, written whole (PATH.tmp, then renamed over PATH), always with `at` (Unix seconds) and
// `ok`; the check reads it back.
#pragma once

#include <chrono>
#include <cstdint>
#include <expected>
#include <nlohmann/json.hpp>
#include <string>

namespace skat::cli {

// How often the processes write their health file.
inline constexpr std::chrono::seconds kHealthEvery{10};

std::int64_t unix_seconds(std::chrono::system_clock::time_point t);

// Writes `state` to `path` atomically; the error names what failed.
std::expected<void, std::string> write_health_file(const std::string& path, const nlohmann::ordered_json& state);

// The file at `path` is healthy at `now`: it parses as an object, its `at` is at most `max_age`
// old and its `ok` is true. Else why not.
std::expected<void, std::string> check_health_file(const std::string& path, std::chrono::seconds max_age,
                                                   std::chrono::system_clock::time_point now);

// Writes a health file every kHealthEvery, logging a failure once until a write succeeds again.
class HealthFileWriter {
 public:
  explicit HealthFileWriter(std::string path) : path_(std::move(path)) {}
  bool enabled() const { return !path_.empty(); }
  void write(const nlohmann::ordered_json& state);

 private:
  std::string path_;
  bool failing_ = false;
};

}  // namespace skat::cli
