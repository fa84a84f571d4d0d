#include "bots/pimc/solver_pool.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

namespace skat::bots {

SolverPool::SolverPool(int threads, std::size_t tt_bytes) {
  for (int t = 0; t < std::max(1, threads); ++t)
    solvers_.push_back(std::make_unique<OpenSolver>(SolverOptions{tt_bytes}));
}

void SolverPool::run(int count, const std::function<void(int index, OpenSolver& solver)>& job) {
  const int workers = std::min(threads(), count);
  if (workers <= 1) {
    for (int i = 0; i < count; ++i) job(i, at(0));
    return;
  }
  std::atomic<int> next{0};
  std::mutex mutex;
  std::exception_ptr failure;
  auto work = [&](int worker) {
    for (int i = next++; i < count; i = next++) {
      try {
        job(i, at(worker));
      } catch (...) {
        const std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
        next = count;
      }
    }
  };
  std::vector<std::jthread> helpers;
  for (int w = 1; w < workers; ++w) helpers.emplace_back(work, w);
  work(0);
  helpers.clear();  // joins
  if (failure) std::rethrow_exception(failure);
}

}  // namespace skat::bots
