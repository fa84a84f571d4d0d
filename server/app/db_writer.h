// The database's single writer: one thread that runs write jobs in the order they were posted
// (finished games and series, new players and bots), each committed at once by the Store.
// A game or series the store refuses (disk full, database locked past the busy timeout, I/O
// error) is not dropped: it is kept in memory, in order, with every later one, and retried every
// few seconds until the store takes it; health() says how many wait and why (GET /healthz).
// stop() lets the queue drain before the thread ends, so a graceful shutdown loses nothing.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <expected>
#include <functional>
#include <future>
#include <mutex>
#include <string>
#include <thread>

#include "server/app/store.h"

namespace skat::app {

class DbWriter {
 public:
  explicit DbWriter(Store& store);
  ~DbWriter();
  DbWriter(const DbWriter&) = delete;
  DbWriter& operator=(const DbWriter&) = delete;

  // Runs `job` on the writer thread; exceptions are logged, never propagated.
  void post(std::function<void(Store&)> job);
  // Runs `job` and waits for its value (for HTTP admin calls; never from the writer thread).
  template <class F>
  auto call(F job) -> decltype(job(std::declval<Store&>())) {
    using R = decltype(job(std::declval<Store&>()));
    auto promise = std::make_shared<std::promise<R>>();
    auto future = promise->get_future();
    post([promise, job = std::move(job)](Store& store) mutable { promise->set_value(job(store)); });
    return future.get();
  }

  void save_game(table::FinishedGame game);
  void save_series(table::FinishedSeries series);
  // Drains the queue and joins the thread; later posts are dropped with a warning.
  void stop();

  struct Health {
    std::size_t unsaved = 0;  // games and series refused by the store, waiting for a retry
    std::string error;        // the store's last refusal (empty when nothing waits)
  };
  // Any thread.
  Health health() const;

  // Retry period for refused writes, and how many may wait (beyond it the oldest are lost, loudly).
  static constexpr std::chrono::seconds kRetryEvery{2};
  static constexpr std::size_t kMaxUnsaved = 100'000;

 private:
  struct Unsaved {
    std::function<std::expected<void, std::string>(Store&)> save;
    std::string what;  // "game 3 of table 7", for the log
  };
  void run();
  void run_job(const std::function<void(Store&)>& job);
  // On the writer thread: saves in order, keeping the refused one and everything after it.
  void save(Unsaved write);
  bool retry_unsaved();
  void note_unsaved(const std::string& error);

  Store& store_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void(Store&)>> jobs_;
  bool stopping_ = false;
  std::deque<Unsaved> unsaved_;                       // writer thread only
  std::chrono::steady_clock::time_point next_retry_;  // writer thread only
  Health health_;                                     // under mutex_
  std::thread thread_;
};

}  // namespace skat::app
