// The threads where HTTP requests do the work that may block (database reads, files, waiting for
// the writer), so that the network threads, which also carry every table's moves, never wait on
// it. The jobs waiting or running are bounded: beyond the bound a request is refused (the session
// answers 503) instead of joining an unbounded backlog. The threads run 5 nice steps below the
// rest (Linux), so that their work yields the CPU to the games. Stopping drops the jobs not yet
// started and waits for the running ones.
#pragma once

#include <atomic>
#include <boost/asio/thread_pool.hpp>
#include <cstddef>
#include <functional>

namespace skat::net {

class BlockingPool {
 public:
  // `threads` ≥ 1; `max_jobs` ≥ 1 jobs may wait or run at once.
  BlockingPool(int threads, std::size_t max_jobs);
  ~BlockingPool();
  BlockingPool(const BlockingPool&) = delete;
  BlockingPool& operator=(const BlockingPool&) = delete;

  // Runs `job` on a pool thread, unless `max_jobs` jobs wait or run already: false then.
  bool try_post(std::function<void()> job);
  // Runs `job` whatever the count (the next piece of a reply already admitted; counted all the same).
  void post(std::function<void()> job);
  // Takes no more jobs, drops the waiting ones and returns once the running ones are done.
  void stop();

  std::size_t jobs() const { return jobs_.load(); }
  // Whether the calling thread is a thread of some BlockingPool.
  static bool on_pool_thread();

 private:
  void run(std::function<void()> job);

  boost::asio::thread_pool pool_;
  std::size_t max_jobs_;
  std::atomic<std::size_t> jobs_ = 0;
  std::atomic<bool> stopped_ = false;
};

}  // namespace skat::net
