// The sandbox in which the server runs players' uploaded bot programs (docs/bots.md, "Upload a
// program"): Debian's bubblewrap with every namespace of its own (no network, no other process to
// see or signal, its own IPC and host name), a read-only view of /usr and nothing else of the
// host (not the database, not the tokens, not another program's file), its own small /tmp, all
// capabilities dropped, a fresh environment, and the kernel's per-process limits (CPU seconds,
// address space, open files, file size, no core) set by prlimit. When the server runs as root,
// each sandbox also runs under a user id of its own (setpriv), so that its process limit counts
// its own processes only. One command line per process: the caller starts a fresh one for every
// seat and game, so nothing a program learns outlives its game.
#pragma once

#include <cstdint>
#include <expected>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace skat::bridge {

struct SandboxLimits {
  int cpu_seconds = 120;           // CPU time of one process (a game's moves together)
  std::uint64_t memory_mib = 512;  // address space of one process
  int processes = 16;              // processes and threads of one sandbox (root only: its own user id)
  int open_files = 64;
  std::uint64_t file_mib = 16;  // the largest file it may write (its /tmp holds as much)
};

// A language the server offers for uploaded programs: its name in the API, the interpreter that
// runs the program, and the file name the program gets inside the sandbox.
struct SandboxLanguage {
  std::string name;         // "python3"
  std::string interpreter;  // "/usr/bin/python3 -I" (absolute; arguments after a space)
  std::string file;         // "main.py"
};

// Every language the server knows, and those it offers: whose interpreter is installed.
const std::vector<SandboxLanguage>& known_languages();
std::vector<SandboxLanguage> offered_languages();
std::optional<SandboxLanguage> offered_language(std::string_view name);

// Whether the sandbox works here: bwrap, prlimit (and setpriv as root) are installed and a sandbox
// starts and exits (checked once); the error says what is missing.
std::expected<void, std::string> sandbox_available();

// The command line (for /bin/sh, ProgramProcess) that runs `program`, a readable file of the host,
// as `language` in a sandbox with these limits. When the server is root, each process started
// from it runs under a user id of the range kSandboxUids from: 60100 plus its shell's process id
// modulo 10,000, so that the sandboxes alive at once have ids of their own.
std::string sandbox_command(const SandboxLanguage& language, const std::filesystem::path& program,
                            const SandboxLimits& limits = {});
inline constexpr std::uint32_t kFirstSandboxUid = 60100;

}  // namespace skat::bridge
