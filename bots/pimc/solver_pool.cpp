#include "bots/pimc/solver_pool.h"

#include <algorithm>

#include "bots/parallel.h"

namespace skat::bots {

SolverPool::SolverPool(int threads, std::size_t tt_bytes) {
  for (int t = 0; t < std::max(1, threads); ++t)
    solvers_.push_back(std::make_unique<OpenSolver>(SolverOptions{tt_bytes}));
}

void SolverPool::run(int count, const std::function<void(int index, OpenSolver& solver)>& job) {
  parallel_for(count, std::min(threads(), count), [&](int index, int worker) { job(index, at(worker)); });
}

}  // namespace skat::bots
