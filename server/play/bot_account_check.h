// Bot accounts that may no longer play, on the hub strand. Every `every` the bot accounts connected
// here are checked against the store (a query per 64 accounts, on the writer's thread; nothing at
// all while no bot is connected): one that another process revoked or disabled is barred. A barred
// account's connections close (their routes to tables at once) and, the first time, it leaves
// every seat (the hub's `unseat`); it stays barred until it logs in again.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <set>

#include "server/play/sessions.h"
#include "server/store/db_writer.h"

namespace skat::app {

class BotAccountCheck : public std::enable_shared_from_this<BotAccountCheck> {
 public:
  using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;
  // The bot leaves every seat it holds (on the strand).
  using Unseat = std::function<void(std::int64_t player_id)>;

  // `every` zero or less: no periodic check (bar() still works).
  BotAccountCheck(Strand strand, DbWriter& writer, std::shared_ptr<Sessions> sessions, std::chrono::milliseconds every);

  // The owner's side, set once before start.
  void wire(Unseat unseat) { unseat_ = std::move(unseat); }
  // Starts the periodic check; stop() ends it (on the strand).
  void start();
  void stop();

  // On the strand: the bot's connections close; the first time, it also leaves every seat.
  void bar(std::int64_t player_id);
  // On the strand: the bot logged in again (enabled, or created anew): no longer barred.
  void allow(std::int64_t player_id) { barred_.erase(player_id); }

 private:
  void schedule();
  void check();
  template <class F>
  void on_strand(F f);

  Strand strand_;
  DbWriter& writer_;
  std::shared_ptr<Sessions> sessions_;
  std::chrono::milliseconds every_;
  Unseat unseat_;
  bool stopped_ = false;
  boost::asio::steady_timer timer_;
  std::set<std::int64_t> barred_;  // barred and unseated already (until it logs in again)
};

}  // namespace skat::app
