// What the load commands (loadgen, idle) read of the server under load: a field of
// /proc/PID/status (e.g. VmRSS), its CPU time, and its GET /api/metrics.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "botclient/bot_client.h"

namespace skat::cli {

// The text after "key:" in /proc/PID/status (e.g. "218304 kB"), or empty.
std::string proc_status(int pid, const std::string& key);
// The same field in KiB, or -1.
long proc_status_kib(int pid, const std::string& key);
// User + system CPU time of a process in seconds (fields 14 and 15 of /proc/PID/stat), or -1.
double proc_cpu_seconds(int pid);
// GET /api/metrics of the server at `endpoint` (blocking); throws when it does not answer 200.
nlohmann::json fetch_metrics(const botclient::Endpoint& endpoint);

}  // namespace skat::cli
