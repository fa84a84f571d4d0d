// The server's lifecycle: one io_context run by a fixed pool of threads, the listener, the hub,
// the single DbWriter, the BlockingPool of the HTTP requests' blocking work, SIGINT/SIGTERM
// handling, and a graceful stop (no new connections, every connection closed after its queued
// messages, table clocks stopped, the blocking pool joined, the writer drained).
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <memory>
#include <thread>
#include <vector>

#include "server/http/api.h"
#include "server/net/blocking_pool.h"
#include "server/net/listener.h"
#include "server/play/hub.h"
#include "server/play/ladder.h"
#include "server/play/tournament_director.h"
#include "server/serve_config.h"
#include "server/store/db_writer.h"

namespace skat::app {

class Server {
 public:
  // The server on `stores` (one DatabaseStore or MemoryStore for all of them, usually); its
  // writer keeps `journal` (write_journal.h) when given.
  Server(ServeConfig config, Stores stores, std::shared_ptr<ReadModel> reads, std::string admin_token,
         WriteJournal* journal = nullptr);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds (throws when the address is taken), starts the threads; returns the port.
  unsigned short start(bool handle_signals);
  // Graceful stop, from any thread; safe to call twice.
  void stop();
  // Blocks until the threads have ended and the writer has drained.
  void wait();
  Hub& hub() { return *hub_; }
  TournamentDirector& tournaments() { return *tournaments_; }
  // The ladder (server/play/ladder.h): its ticks run only with `ladder_every` set; tick() by hand.
  Ladder& ladder() { return *ladder_; }
  unsigned short port() const { return port_; }
  // HTTP requests waiting for or running on the read threads.
  std::size_t read_jobs() const { return blocking_ ? blocking_->jobs() : 0; }

 private:
  void drain(int checks_left);

  ServeConfig config_;
  boost::asio::io_context io_;
  DbWriter writer_;
  std::shared_ptr<Hub> hub_;
  std::shared_ptr<TournamentDirector> tournaments_;
  std::unique_ptr<Ladder> ladder_;
  std::shared_ptr<net::Listener> listener_;
  boost::asio::signal_set signals_;
  boost::asio::steady_timer drain_timer_;
  std::vector<std::thread> threads_;
  std::atomic<bool> stopping_ = false;
  unsigned short port_ = 0;
  std::shared_ptr<ReadModel> reads_;
  std::string admin_token_;
  // Declared after io_: destroyed first, with the jobs it dropped (they hold sessions of io_).
  std::unique_ptr<net::BlockingPool> blocking_;
};

}  // namespace skat::app
