#include "server/app/db_writer.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

namespace skat::app {

DbWriter::DbWriter(Store& store) : store_(store), thread_([this] { run(); }) {}

DbWriter::~DbWriter() { stop(); }

void DbWriter::post(std::function<void(Store&)> job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) {
      spdlog::warn("db writer: stopped, a write was dropped");
      return;
    }
    jobs_.push_back(std::move(job));
  }
  wake_.notify_one();
}

void DbWriter::save_game(table::FinishedGame game) {
  std::string what = fmt::format("game {} of table {}", game.game_index, game.table);
  auto shared = std::make_shared<const table::FinishedGame>(std::move(game));
  post([this, shared, what = std::move(what)](Store&) mutable {
    save({[shared](Store& store) { return store.save_game(*shared); }, std::move(what)});
  });
}

void DbWriter::save_series(table::FinishedSeries series) {
  std::string what = fmt::format("series {} of table {}", series.series_index, series.table);
  auto shared = std::make_shared<const table::FinishedSeries>(std::move(series));
  post([this, shared, what = std::move(what)](Store&) mutable {
    save({[shared](Store& store) { return store.save_series(*shared); }, std::move(what)});
  });
}

void DbWriter::save(Unsaved write) {
  if (unsaved_.empty()) {
    const auto saved = write.save(store_);
    if (saved) return;
    spdlog::error("db: {} not saved: {}; kept in memory and retried every {} s", write.what, saved.error(),
                  kRetryEvery.count());
    unsaved_.push_back(std::move(write));
    next_retry_ = std::chrono::steady_clock::now() + kRetryEvery;
    note_unsaved(saved.error());
    return;
  }
  unsaved_.push_back(std::move(write));  // after the ones still waiting: the order is kept
  if (unsaved_.size() > kMaxUnsaved) {
    spdlog::critical("db: {} lost: {} writes wait for the database already", unsaved_.front().what, kMaxUnsaved);
    unsaved_.pop_front();
  }
  note_unsaved(health().error);
}

bool DbWriter::retry_unsaved() {
  while (!unsaved_.empty()) {
    const auto saved = unsaved_.front().save(store_);
    if (!saved) {
      note_unsaved(saved.error());
      return false;
    }
    unsaved_.pop_front();
  }
  spdlog::info("db: every refused write is saved now");
  note_unsaved("");
  return true;
}

void DbWriter::note_unsaved(const std::string& error) {
  std::lock_guard lock(mutex_);
  health_.unsaved = unsaved_.size();
  health_.error = unsaved_.empty() ? "" : error;
}

DbWriter::Health DbWriter::health() const {
  std::lock_guard lock(mutex_);
  return health_;
}

void DbWriter::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

void DbWriter::run() {
  for (;;) {
    std::function<void(Store&)> job;
    {
      std::unique_lock lock(mutex_);
      const auto ready = [this] { return stopping_ || !jobs_.empty(); };
      if (unsaved_.empty())
        wake_.wait(lock, ready);
      else
        wake_.wait_until(lock, next_retry_, ready);
      if (!jobs_.empty()) {
        job = std::move(jobs_.front());
        jobs_.pop_front();
      } else if (stopping_) {  // drained: one last try for the refused writes
        lock.unlock();
        if (!unsaved_.empty() && !retry_unsaved())
          spdlog::critical("db: {} games or series could not be saved before the stop: {}", unsaved_.size(),
                           health().error);
        return;
      }
    }
    if (job) run_job(job);
    if (!unsaved_.empty() && std::chrono::steady_clock::now() >= next_retry_ && !retry_unsaved())
      next_retry_ = std::chrono::steady_clock::now() + kRetryEvery;
  }
}

void DbWriter::run_job(const std::function<void(Store&)>& job) {
  try {
    job(store_);
  } catch (const std::exception& e) {
    spdlog::error("db writer: {}", e.what());
  }
}

}  // namespace skat::app
