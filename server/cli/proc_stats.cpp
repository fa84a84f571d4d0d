#include "server/cli/proc_stats.h"

#include <unistd.h>

#include <fstream>
#include <sstream>

namespace skat::cli {

std::string proc_status(int pid, const std::string& key) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);)
    if (line.starts_with(key + ":")) {
      const auto start = line.find_first_not_of(" \t", key.size() + 1);
      return start == std::string::npos ? std::string() : line.substr(start);
    }
  return {};
}

long proc_status_kib(int pid, const std::string& key) {
  const std::string text = proc_status(pid, key);
  if (text.empty()) return -1;
  try {
    return std::stol(text);
  } catch (const std::exception&) {
    return -1;
  }
}

double proc_cpu_seconds(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat;
  std::getline(in, stat);
  const auto close = stat.rfind(')');  // the command name may hold spaces
  if (close == std::string::npos) return -1;
  std::istringstream fields(stat.substr(close + 2));
  std::string skip;
  for (int i = 3; i < 14; ++i) fields >> skip;
  double utime = 0, stime = 0;
  if (!(fields >> utime >> stime)) return -1;
  return (utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

}  // namespace skat::cli
