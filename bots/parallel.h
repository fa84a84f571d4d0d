// Runs indexed jobs on a few threads (self-play, tournaments, table building): each index once,
// `after` called after each job under a lock (for progress), the first exception rethrown once
// every thread has stopped. Results are the caller's to store by index, so they never depend on
// the number of threads.
#pragma once

#include <atomic>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace skat::bots {

inline void parallel_for(int count, int threads, const std::function<void(int)>& job,
                         const std::function<void(int done)>& after = {}) {
  std::atomic<int> next{0};
  std::mutex mutex;
  int done = 0;
  std::exception_ptr failure;
  auto worker = [&] {
    for (int i = next++; i < count; i = next++) {
      try {
        job(i);
      } catch (...) {
        const std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
        next = count;
        return;
      }
      const std::lock_guard lock(mutex);
      ++done;
      if (after) after(done);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace skat::bots
