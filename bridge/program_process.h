// One running outside program (a bot of the line protocol, docs/bots.md): `/bin/sh -c "exec CMD"`
// with its stdin and stdout on pipes and its stderr the caller's. Writing never blocks (lines wait
// in a buffer while the pipe is full, and go out while a read waits); reading waits until a
// deadline. Started with posix_spawn: Boost.Process v2 of Boost 1.81 (Debian 12) does not compile
// with our flags (its environment header has errors fixed only in 1.82). Not thread-safe:
// ProgramSeat (program_seat.h) guards it.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <expected>
#include <memory>
#include <string>
#include <string_view>

namespace skat::bridge {

class ProgramProcess {
 public:
  using Clock = std::chrono::steady_clock;
  // A line longer than this is cut there and handed on as it is (it cannot be an answer).
  static constexpr std::size_t kMaxLineBytes = 64 * 1024;
  // Input waiting for a program that does not read: past this the program counts as gone.
  static constexpr std::size_t kMaxPendingBytes = 16 * 1024 * 1024;

  // Starts `command` through /bin/sh; the error says why it could not.
  static std::expected<std::unique_ptr<ProgramProcess>, std::string> start(const std::string& command);
  ~ProgramProcess();  // ends it as close(kGrace) does
  ProgramProcess(const ProgramProcess&) = delete;
  ProgramProcess& operator=(const ProgramProcess&) = delete;

  // Queues `line` and a newline and writes what the pipe takes now. False: the program has gone.
  bool write_line(std::string_view line);
  enum class Read { Line, Timeout, Closed };
  // The next line of the program's stdout (without the newline), waiting until `deadline` at most;
  // queued input is written meanwhile. Closed: its stdout ended (the program has gone).
  Read read_line(std::string& line, Clock::time_point deadline);
  // Whether the program still runs (it is reaped once it has ended).
  bool running();
  // Ends the program: its stdin is closed, it has `grace` to exit, then it is killed.
  void close(std::chrono::milliseconds grace);
  // "exit code N", "killed by signal N" or "running".
  std::string exit_text() const;
  pid_t pid() const { return pid_; }
  // For a caller's own poll: the program's stdout, and its stdin while input waits (else -1).
  int output_fd() const { return out_; }
  int input_fd() const { return pending_.empty() ? -1 : in_; }

  static constexpr std::chrono::milliseconds kGrace{1000};

 private:
  ProgramProcess() = default;
  bool flush();  // writes queued input while the pipe takes it; false when the program has gone
  void reap(bool wait);

  pid_t pid_ = -1;
  int in_ = -1;            // the program's stdin (ours to write, non-blocking)
  int out_ = -1;           // the program's stdout (ours to read, non-blocking)
  std::string pending_;    // input not yet written
  std::string partial_;    // output after the last newline
  bool skipping_ = false;  // inside an overlong line already handed on
  bool exited_ = false;
  int status_ = 0;
};

}  // namespace skat::bridge
