// Health files written and checked (cli/health_file.h).
#include "cli/health_file.h"

#include <spdlog/spdlog.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

namespace skat::cli {

std::int64_t unix_seconds(std::chrono::system_clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch()).count();
}

std::expected<void, std::string> write_health_file(const std::string& path, const nlohmann::ordered_json& state) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << state.dump() << '\n';
    out.close();
    if (!out) return std::unexpected("cannot write '" + tmp + "'");
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    return std::unexpected("cannot rename '" + tmp + "' to '" + path + "': " + std::strerror(errno));
  return {};
}

std::expected<void, std::string> check_health_file(const std::string& path, std::chrono::seconds max_age,
                                                   std::chrono::system_clock::time_point now) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::unexpected("cannot read '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  const auto state = nlohmann::json::parse(text.str(), nullptr, false);
  if (!state.is_object()) return std::unexpected("'" + path + "' is not a JSON object");
  const auto at = state.find("at");
  if (at == state.end() || !at->is_number_integer())
    return std::unexpected("'" + path + "' has no \"at\" (Unix seconds)");
  const std::int64_t age = unix_seconds(now) - at->get<std::int64_t>();
  if (age > max_age.count())
    return std::unexpected("'" + path + "' was written " + std::to_string(age) + " s ago (at most " +
                           std::to_string(max_age.count()) + " s)");
  const auto ok = state.find("ok");
  if (ok == state.end() || !ok->is_boolean()) return std::unexpected("'" + path + "' has no \"ok\"");
  if (!ok->get<bool>()) return std::unexpected("'" + path + "' says not ok: " + state.dump());
  return {};
}

void HealthFileWriter::write(const nlohmann::ordered_json& state) {
  if (path_.empty()) return;
  const auto written = write_health_file(path_, state);
  if (!written && !failing_) spdlog::error("health file: {}", written.error());
  if (written && failing_) spdlog::info("health file: '{}' written again", path_);
  failing_ = !written;
}

}  // namespace skat::cli
