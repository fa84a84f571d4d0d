// What /proc says about another process (the server under load): a field of /proc/PID/status
// (e.g. VmRSS) and its CPU time, for the load commands' reports.
#pragma once

#include <string>

namespace skat::cli {

// The text after "key:" in /proc/PID/status (e.g. "218304 kB"), or empty.
std::string proc_status(int pid, const std::string& key);
// The same field in KiB, or -1.
long proc_status_kib(int pid, const std::string& key);
// User + system CPU time of a process in seconds (fields 14 and 15 of /proc/PID/stat), or -1.
double proc_cpu_seconds(int pid);

}  // namespace skat::cli
