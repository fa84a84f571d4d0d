// Runs indexed jobs on a few threads (self-play, tournaments, table building): each index once,
// with the number (0..threads-1) of the worker running it, so per-worker state needs no lock;
// `progress` told after each job (one call at a time); the first exception rethrown once
// every thread has stopped. Results are the caller's to store by index, so they never depend on
// the number of threads. Also the progress such long runs report.
#pragma once

#include <atomic>
#include <chrono>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace skat::bots {

// How far a long run is: units (games, deals) done of all, and the seconds since it started.
struct Progress {
  int done = 0;
  int total = 0;
  double seconds = 0;
};
using ProgressFn = std::function<void(const Progress&)>;

inline void parallel_for(int count, int threads, const std::function<void(int index, int worker)>& job,
                         const ProgressFn& progress = {}) {
  const auto start = std::chrono::steady_clock::now();
  std::atomic<int> next{0};
  std::mutex mutex;
  int done = 0;
  std::exception_ptr failure;
  auto worker = [&](int number) {
    for (int i = next++; i < count; i = next++) {
      try {
        job(i, number);
      } catch (...) {
        const std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
        next = count;
        return;
      }
      const std::lock_guard lock(mutex);
      ++done;
      if (progress)
        progress({done, count, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()});
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker, t);
  worker(0);
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace skat::bots
