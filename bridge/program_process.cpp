#include "bridge/program_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

extern char** environ;

namespace skat::bridge {

namespace {

// A program that has gone makes writes to its stdin fail with EPIPE instead of killing us.
void ignore_sigpipe() {
  static std::once_flag once;
  std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

std::string errno_text(const char* what, int error) { return std::string(what) + ": " + std::strerror(error); }

}  // namespace

std::expected<std::unique_ptr<ProgramProcess>, std::string> ProgramProcess::start(const std::string& command) {
  ignore_sigpipe();
  std::array<int, 2> in{-1, -1}, out{-1, -1};
  if (::pipe2(in.data(), O_CLOEXEC) != 0) return std::unexpected(errno_text("pipe", errno));
  if (::pipe2(out.data(), O_CLOEXEC) != 0) {
    const int error = errno;
    ::close(in[0]);
    ::close(in[1]);
    return std::unexpected(errno_text("pipe", error));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);  // dup2 leaves the copies open at exec
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  // Nothing else of ours: not the server connections (sockets are not close-on-exec), files, pipes.
  posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults, none;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);  // ignored here, the default again in the program
  sigemptyset(&none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setsigmask(&attr, &none);
  // Its own process group: a Ctrl-C at the terminal reaches us, and we end the program.
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP);
  std::string shell = "/bin/sh", dash_c = "-c", line = "exec " + command;
  std::vector<char*> argv{shell.data(), dash_c.data(), line.data(), nullptr};
  pid_t pid = -1;
  const int error = ::posix_spawn(&pid, shell.c_str(), &actions, &attr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  ::close(in[0]);
  ::close(out[1]);
  if (error != 0) {
    ::close(in[1]);
    ::close(out[0]);
    return std::unexpected(errno_text("cannot start /bin/sh", error));
  }
  auto process = std::unique_ptr<ProgramProcess>(new ProgramProcess());
  process->pid_ = pid;
  process->in_ = in[1];
  process->out_ = out[0];
  ::fcntl(process->in_, F_SETFL, ::fcntl(process->in_, F_GETFL) | O_NONBLOCK);
  ::fcntl(process->out_, F_SETFL, ::fcntl(process->out_, F_GETFL) | O_NONBLOCK);
  return process;
}

ProgramProcess::~ProgramProcess() { close(kGrace); }

bool ProgramProcess::write_line(std::string_view line) {
  if (in_ < 0) return false;
  pending_.append(line);
  pending_ += '\n';
  if (pending_.size() > kMaxPendingBytes) return false;
  return flush();
}

bool ProgramProcess::flush() {
  while (!pending_.empty()) {
    const ssize_t n = ::write(in_, pending_.data(), pending_.size());
    if (n > 0) {
      pending_.erase(0, static_cast<std::size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
    }
  }
  return true;
}

ProgramProcess::Read ProgramProcess::read_line(std::string& line, Clock::time_point deadline) {
  for (;;) {
    if (const auto newline = partial_.find('\n'); newline != std::string::npos) {
      const bool skip = skipping_;
      skipping_ = false;
      if (!skip) line = partial_.substr(0, newline);
      partial_.erase(0, newline + 1);
      if (!skip) return Read::Line;
      continue;
    }
    if (partial_.size() > kMaxLineBytes) {
      const bool skip = skipping_;
      skipping_ = true;
      if (!skip) line = partial_.substr(0, kMaxLineBytes);
      partial_.clear();
      if (!skip) return Read::Line;
    }
    if (out_ < 0) {
      if (partial_.empty() || skipping_) return Read::Closed;
      line = std::exchange(partial_, {});  // a last line without its newline
      return Read::Line;
    }
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now());
    std::array<pollfd, 2> fds{pollfd{out_, POLLIN, 0}, pollfd{in_, POLLOUT, 0}};
    const nfds_t count = !pending_.empty() && in_ >= 0 ? 2 : 1;
    const int ready = ::poll(fds.data(), count, static_cast<int>(std::max<std::int64_t>(0, left.count())));
    if (ready < 0 && errno != EINTR) return Read::Closed;
    if (count == 2 && fds[1].revents != 0 && !flush()) pending_.clear();  // gone: its stdout ends too
    if (ready > 0 && fds[0].revents != 0) {
      std::array<char, 16384> buffer;
      const ssize_t n = ::read(out_, buffer.data(), buffer.size());
      if (n > 0) {
        partial_.append(buffer.data(), static_cast<std::size_t>(n));
      } else if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
        ::close(out_);
        out_ = -1;
      }
      continue;
    }
    if (ready == 0 && Clock::now() >= deadline) return Read::Timeout;
  }
}

void ProgramProcess::reap(bool wait) {
  if (exited_ || pid_ < 0) return;
  int status = 0;
  pid_t got;
  do got = ::waitpid(pid_, &status, wait ? 0 : WNOHANG);
  while (got < 0 && errno == EINTR);
  if (got == pid_ || (got < 0 && errno == ECHILD)) {
    exited_ = true;
    status_ = status;
  }
}

bool ProgramProcess::running() {
  reap(false);
  return !exited_;
}

void ProgramProcess::close(std::chrono::milliseconds grace) {
  if (in_ >= 0) ::close(in_);
  in_ = -1;
  pending_.clear();
  const auto until = Clock::now() + grace;
  while (running() && Clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  if (running()) {
    ::kill(-pid_, SIGKILL);  // the program and whatever it started (its process group)
    ::kill(pid_, SIGKILL);
    reap(true);
  }
  if (out_ >= 0) ::close(out_);
  out_ = -1;
}

std::string ProgramProcess::exit_text() const {
  if (!exited_) return "running";
  if (WIFEXITED(status_)) return "exit code " + std::to_string(WEXITSTATUS(status_));
  if (WIFSIGNALED(status_))
    return "killed by signal " + std::to_string(WTERMSIG(status_)) + " (" + ::strsignal(WTERMSIG(status_)) + ")";
  return "ended";
}

}  // namespace skat::bridge
