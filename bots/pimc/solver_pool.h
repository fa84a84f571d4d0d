// The open-card solvers of one PIMC player, one per worker thread (each with its own table), and
// the running of a batch of world evaluations on them: the caller's thread is worker 0, the others
// are started per batch. Which worker solves which world is left to the scheduler, so a job must
// not depend on what its solver did before (PIMC clears the table per world when it limits nodes).
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "bots/solver/open_solver.h"

namespace skat::bots {

class SolverPool {
 public:
  SolverPool(int threads, std::size_t tt_bytes);

  int threads() const { return static_cast<int>(solvers_.size()); }
  OpenSolver& at(int worker) { return *solvers_[static_cast<std::size_t>(worker)]; }
  // Calls job(index, solver) once for every index in [0, count), spread over the workers; returns
  // when all are done, rethrowing the first exception a job threw.
  void run(int count, const std::function<void(int index, OpenSolver& solver)>& job);

 private:
  std::vector<std::unique_ptr<OpenSolver>> solvers_;
};

}  // namespace skat::bots
