// The database's single writer: one thread that runs write jobs in the order they were posted
// (finished games and series, new players and bots), each committed at once by the Store.
// stop() lets the queue drain before the thread ends, so a graceful shutdown loses nothing.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <mutex>
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

 private:
  void run();

  Store& store_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void(Store&)>> jobs_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace skat::app
