// The players' uploaded programs that the server plays itself, for rated tournaments (docs/bots.md,
// "Upload a program"). A lease (one side of one tournament) opens bot connections to this server
// as the bot's account, each proving itself by the process's sandbox key (server/play/
// sandbox_key.h), and each playing one seat at a time with a fresh sandboxed process per game
// (bridge::ProgramTables per game, bridge/sandbox.h): no process lives longer than its game, none
// reaches the network or another's files, so no seat can know a card it may not see. The program's
// source is written to a file of the runner's folder (readable, never writable, inside the sandbox)
// for as long as a lease needs it. Thread-safe.
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>
#include <cstdint>
#include <expected>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "bots/player.h"
#include "bridge/sandbox.h"
#include "server/store/bot_account_store.h"

namespace skat::botclient {
class BotConnection;
}
namespace skat::bridge {
class ProgramTables;
}

namespace skat::app {

class SandboxRunner {
 public:
  // `folder`: where the programs' files go (made if missing).
  SandboxRunner(boost::asio::io_context& io, std::filesystem::path folder, bridge::SandboxLimits limits = {});
  ~SandboxRunner();  // waits for the leases' programs to have ended
  SandboxRunner(const SandboxRunner&) = delete;
  SandboxRunner& operator=(const SandboxRunner&) = delete;

  // Where the server listens: its connections go there (an address of every interface: 127.0.0.1).
  void set_endpoint(std::string host, int port);

  // The threads that end dropped leases' programs (they may wait for a program's answer or exit).
  class Endings {
   public:
    // Runs `work` on a thread of its own; the threads that are done are joined at the next add.
    void add(std::function<void()> work);
    void join_all();

   private:
    struct Ending {
      std::thread thread;
      std::shared_ptr<std::atomic<bool>> done;
    };
    std::mutex mutex_;
    std::vector<Ending> endings_;
  };

  // The connections of one side of a tournament; they close when the lease is dropped.
  class Lease {
   public:
    ~Lease();
    // The faults of its programs so far (timeouts, crashes, garbage), all connections together.
    bots::ProgramFaults faults() const;

   private:
    friend class SandboxRunner;
    boost::asio::io_context* io = nullptr;
    std::shared_ptr<Endings> endings;
    std::unique_ptr<boost::asio::thread_pool> pool;  // its decisions and the programs' ends
    std::vector<std::shared_ptr<botclient::BotConnection>> connections;
    std::vector<std::shared_ptr<bridge::ProgramTables>> programs;
    std::filesystem::path file;
  };
  // `seats` connections of bot `name` playing `program`; the error says why not (a language the
  // server does not offer, no sandbox here, the file not written, no port yet).
  std::expected<std::shared_ptr<Lease>, std::string> lease(const std::string& name, const BotProgram& program,
                                                           int seats);

 private:
  boost::asio::io_context& io_;
  std::filesystem::path folder_;
  bridge::SandboxLimits limits_;
  std::mutex mutex_;
  std::string host_ = "127.0.0.1";
  int port_ = 0;
  std::uint64_t files_ = 0;
  std::shared_ptr<Endings> endings_ = std::make_shared<Endings>();
};

}  // namespace skat::app
