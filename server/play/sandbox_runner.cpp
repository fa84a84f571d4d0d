// The server's own sandboxed bot connections (server/play/sandbox_runner.h).
#include "server/play/sandbox_runner.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <fstream>
#include <future>
#include <thread>

#include "botclient/bot_client.h"
#include "bridge/program_bridge.h"
#include "server/play/sandbox_key.h"

namespace skat::app {

namespace fs = std::filesystem;

SandboxRunner::SandboxRunner(boost::asio::io_context& io, fs::path folder, bridge::SandboxLimits limits)
    : io_(io), folder_(std::move(folder)), limits_(limits) {}

SandboxRunner::~SandboxRunner() { endings_->join_all(); }

void SandboxRunner::Endings::add(std::function<void()> work) {
  auto done = std::make_shared<std::atomic<bool>>(false);
  std::thread thread([work = std::move(work), done] {
    work();
    done->store(true);
  });
  const std::lock_guard lock(mutex_);
  std::erase_if(endings_, [](Ending& e) {
    if (!e.done->load()) return false;
    e.thread.join();
    return true;
  });
  endings_.push_back({std::move(thread), std::move(done)});
}

void SandboxRunner::Endings::join_all() {
  std::vector<Ending> endings;
  {
    const std::lock_guard lock(mutex_);
    endings.swap(endings_);
  }
  for (Ending& e : endings) e.thread.join();
}

void SandboxRunner::set_endpoint(std::string host, int port) {
  const std::lock_guard lock(mutex_);
  host_ = host == "0.0.0.0" || host == "::" || host.empty() ? "127.0.0.1" : std::move(host);
  port_ = port;
}

SandboxRunner::Lease::~Lease() {
  // Stopped on the I/O thread (a stopped connection hands the pool no more work); then, off every
  // strand, the programs end and the pool joins.
  auto stopped = std::make_shared<std::promise<void>>();
  auto all_stopped = stopped->get_future();
  boost::asio::post(*io, [connections = std::move(connections), stopped] {
    for (const auto& c : connections) c->stop();
    stopped->set_value();
  });
  // A std::function is copyable: the pool (not copyable) goes in a shared_ptr.
  std::shared_ptr<boost::asio::thread_pool> shared_pool = std::move(pool);
  auto waited = std::make_shared<std::future<void>>(std::move(all_stopped));
  endings->add([programs = std::move(programs), shared_pool, file = std::move(file), waited] {
    // An I/O context that no longer runs (the server stopping) stops nothing more either.
    (void)waited->wait_for(std::chrono::seconds(10));
    for (const auto& p : programs) p->close_all();
    if (shared_pool) shared_pool->join();
    std::error_code ec;
    fs::remove(file, ec);
  });
}

bots::ProgramFaults SandboxRunner::Lease::faults() const {
  bots::ProgramFaults total;
  for (const auto& p : programs) total += p->faults();
  return total;
}

std::expected<std::shared_ptr<SandboxRunner::Lease>, std::string> SandboxRunner::lease(const std::string& name,
                                                                                       const BotProgram& program,
                                                                                       int seats) {
  if (auto works = bridge::sandbox_available(); !works) return std::unexpected("no sandbox here: " + works.error());
  const auto language = bridge::offered_language(program.language);
  if (!language) return std::unexpected("this server does not offer the language '" + program.language + "'");
  int port = 0;
  std::string host;
  std::uint64_t n = 0;
  {
    const std::lock_guard lock(mutex_);
    port = port_;
    host = host_;
    n = ++files_;
  }
  if (port <= 0) return std::unexpected(std::string("the server is not listening yet"));
  std::error_code ec;
  fs::create_directories(folder_, ec);
  // Readable inside the sandbox, whose user may be another than ours (bridge/sandbox.h).
  fs::permissions(folder_, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec, ec);
  auto lease = std::make_shared<Lease>();
  lease->io = &io_;
  lease->endings = endings_;
  lease->file = folder_ / ("bot-" + std::to_string(n) + "-" + language->file);
  {
    std::ofstream out(lease->file, std::ios::binary | std::ios::trunc);
    out << program.source;
    if (!out) return std::unexpected("cannot write " + lease->file.string());
  }
  fs::permissions(lease->file,
                  fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read, ec);
  const std::string command = bridge::sandbox_command(*language, lease->file, limits_);
  // One decision (a wait for a program's answer) per connection at a time, and the programs' ends.
  lease->pool = std::make_unique<boost::asio::thread_pool>(static_cast<std::size_t>(seats) + 1);
  for (int i = 0; i < seats; ++i) {
    auto tables = std::make_shared<bridge::ProgramTables>(command, name, *lease->pool, true);
    botclient::BotSettings s;
    s.endpoint = botclient::Endpoint{host, std::to_string(port), "/ws"};
    s.name = name;
    s.token = sandbox_token(name);
    s.spec = *bots::parse_bot_spec("random", false);  // unused: the programs decide
    s.seed = static_cast<std::uint64_t>(i) + 1;
    s.workers = lease->pool.get();
    s.announce_kind = false;
    s.hooks = tables->hooks();
    auto connection = std::make_shared<botclient::BotConnection>(io_, std::move(s));
    lease->programs.push_back(std::move(tables));
    lease->connections.push_back(connection);
    boost::asio::post(io_, [connection] { connection->start(); });
  }
  spdlog::info("sandbox: {} connection(s) of bot {} ({})", seats, name, program.language);
  return lease;
}

}  // namespace skat::app
