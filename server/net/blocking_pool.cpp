// The threads for HTTP work that may block (server/net/blocking_pool.h).
#include "server/net/blocking_pool.h"

#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <cerrno>
#include <utility>

namespace skat::net {

namespace {

thread_local bool t_on_pool_thread = false;

// Linux gives each thread a nice value of its own: the pool's threads, which may read and format
// for a long while, yield the CPU to the I/O threads that carry the games (5 steps nicer).
void yield_cpu_to_io_threads() {
#ifdef __linux__
  const auto self = static_cast<id_t>(::gettid());
  errno = 0;
  const int nice = ::getpriority(PRIO_PROCESS, self);
  if (errno == 0) (void)::setpriority(PRIO_PROCESS, self, std::min(nice + 5, 19));
#endif
}

// Counts a job from its admission until it has run or been dropped unrun.
class JobCount {
 public:
  explicit JobCount(std::atomic<std::size_t>& jobs) : jobs_(&jobs) {}
  JobCount(JobCount&& other) noexcept : jobs_(std::exchange(other.jobs_, nullptr)) {}
  JobCount& operator=(JobCount&&) = delete;
  JobCount(const JobCount&) = delete;
  JobCount& operator=(const JobCount&) = delete;
  ~JobCount() {
    if (jobs_) jobs_->fetch_sub(1);
  }

 private:
  std::atomic<std::size_t>* jobs_;
};

}  // namespace

BlockingPool::BlockingPool(int threads, std::size_t max_jobs)
    : pool_(static_cast<std::size_t>(std::max(1, threads))), max_jobs_(std::max<std::size_t>(1, max_jobs)) {}

BlockingPool::~BlockingPool() { stop(); }

bool BlockingPool::try_post(std::function<void()> job) {
  if (stopped_) return false;
  std::size_t now = jobs_.load();
  do {
    if (now >= max_jobs_) return false;
  } while (!jobs_.compare_exchange_weak(now, now + 1));
  run(std::move(job));
  return true;
}

void BlockingPool::post(std::function<void()> job) {
  if (stopped_) return;
  jobs_.fetch_add(1);
  run(std::move(job));
}

void BlockingPool::run(std::function<void()> job) {
  boost::asio::post(pool_, [count = JobCount(jobs_), job = std::move(job)] {
    if (!t_on_pool_thread) {
      t_on_pool_thread = true;
      yield_cpu_to_io_threads();
    }
    try {
      job();
    } catch (const std::exception& e) {  // jobs answer their own failures; this is the last line
      spdlog::error("blocking pool: {}", e.what());
    }
  });
}

void BlockingPool::stop() {
  stopped_ = true;
  pool_.stop();
  pool_.join();
}

bool BlockingPool::on_pool_thread() { return t_on_pool_thread; }

}  // namespace skat::net
