// The sandbox's command line and its check (bridge/sandbox.h).
#include "bridge/sandbox.h"

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <mutex>

#include "bridge/program_process.h"

namespace skat::bridge {

namespace {

namespace fs = std::filesystem;

// 'text' for /bin/sh, with every ' inside closed, escaped and opened again.
std::string shell_quoted(std::string_view text) {
  std::string out = "'";
  for (const char c : text) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

bool executable(const char* path) { return ::access(path, X_OK) == 0; }

// The first word of an interpreter line: its program.
std::string program_of(const std::string& interpreter) { return interpreter.substr(0, interpreter.find(' ')); }

// The host's top-level folders that hold programs and libraries, as the sandbox sees them: a
// symbolic link (a merged /usr, as on Debian 12) is made again inside, a folder is bound read-only.
std::string system_binds() {
  std::string out = " --ro-bind /usr /usr";
  for (const char* top : {"/bin", "/lib", "/lib32", "/lib64", "/sbin"}) {
    std::error_code ec;
    const auto status = fs::symlink_status(top, ec);
    if (ec || !fs::exists(status)) continue;
    if (fs::is_symlink(status)) {
      const fs::path target = fs::read_symlink(top, ec);
      if (!ec) out += " --symlink " + shell_quoted(target.string()) + " " + top;
    } else if (fs::is_directory(status)) {
      out += std::string(" --ro-bind ") + top + " " + top;
    }
  }
  // Debian's alternatives (/etc/alternatives) are where some interpreters' links point.
  if (fs::is_directory("/etc/alternatives")) out += " --ro-bind /etc/alternatives /etc/alternatives";
  return out;
}

}  // namespace

const std::vector<SandboxLanguage>& known_languages() {
  static const std::vector<SandboxLanguage> all{
      {"python3", "/usr/bin/python3 -I", "main.py"},
      {"perl", "/usr/bin/perl", "main.pl"},
      {"sh", "/bin/sh", "main.sh"},
  };
  return all;
}

std::vector<SandboxLanguage> offered_languages() {
  std::vector<SandboxLanguage> out;
  for (const SandboxLanguage& l : known_languages())
    if (executable(program_of(l.interpreter).c_str())) out.push_back(l);
  return out;
}

std::optional<SandboxLanguage> offered_language(std::string_view name) {
  for (const SandboxLanguage& l : offered_languages())
    if (l.name == name) return l;
  return std::nullopt;
}

std::string sandbox_command(const SandboxLanguage& language, const fs::path& program, const SandboxLimits& limits) {
  const bool root = ::geteuid() == 0;
  std::string cmd = "prlimit --cpu=" + std::to_string(limits.cpu_seconds) +
                    " --as=" + std::to_string(limits.memory_mib * 1024 * 1024) +
                    " --nofile=" + std::to_string(limits.open_files) +
                    " --fsize=" + std::to_string(limits.file_mib * 1024 * 1024) + " --core=0";
  // The process limit counts the processes of a user id: a sandbox's own only when it has one.
  if (root) cmd += " --nproc=" + std::to_string(limits.processes);
  cmd += " --";
  if (root) {
    // $$: the shell that runs this line, one per process (ProgramProcess), alive as long as it.
    const std::string id = "$((" + std::to_string(kFirstSandboxUid) + " + $$ % 10000))";
    cmd += " setpriv --reuid=" + id + " --regid=" + id + " --clear-groups --";
  }
  cmd += " bwrap --unshare-all --die-with-parent --new-session --cap-drop ALL" + system_binds() +
         " --proc /proc --dev /dev --size " + std::to_string(limits.file_mib * 1024 * 1024) + " --tmpfs /tmp" +
         " --ro-bind " + shell_quoted(program.string()) + " /bot/" + language.file +
         " --chdir /tmp --clearenv --setenv PATH /usr/bin:/bin --setenv HOME /tmp --setenv LANG C.UTF-8"
         " --hostname sandbox -- " +
         language.interpreter + " /bot/" + language.file;
  // Its stderr goes nowhere: the server's log is not the program's.
  return cmd + " 2>/dev/null";
}

std::expected<void, std::string> sandbox_available() {
  static std::once_flag once;
  static std::expected<void, std::string> verdict;
  std::call_once(once, [] {
    for (const char* tool : {"/usr/bin/bwrap", "/usr/bin/prlimit"})
      if (!executable(tool)) {
        verdict = std::unexpected(std::string(tool) + " is missing (Debian: bubblewrap, util-linux)");
        return;
      }
    if (::geteuid() == 0 && !executable("/usr/bin/setpriv")) {
      verdict = std::unexpected(std::string("/usr/bin/setpriv is missing (Debian: util-linux)"));
      return;
    }
    // A trial: a shell program that says "ok" from inside.
    char name[] = "/tmp/skat-sandbox-check-XXXXXX";
    const int fd = ::mkstemp(name);
    if (fd < 0) {
      verdict = std::unexpected(std::string("cannot write the trial program in /tmp"));
      return;
    }
    ::close(fd);
    std::ofstream(name) << "echo ok\n";
    fs::permissions(name,
                    fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read);
    const SandboxLanguage sh{"sh", "/bin/sh", "main.sh"};
    auto process = ProgramProcess::start(sandbox_command(sh, name));
    std::string line;
    const bool ok = process &&
                    (*process)->read_line(line, ProgramProcess::Clock::now() + std::chrono::seconds(10)) ==
                        ProgramProcess::Read::Line &&
                    line == "ok";
    if (process) (*process)->close(ProgramProcess::kGrace);
    fs::remove(name);
    if (!ok)
      verdict =
          std::unexpected(std::string("bubblewrap cannot start a sandbox here (are user namespaces allowed? "
                                      "sysctl kernel.unprivileged_userns_clone / user.max_user_namespaces)"));
  });
  return verdict;
}

}  // namespace skat::bridge
