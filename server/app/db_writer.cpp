#include "server/app/db_writer.h"

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
  post([game = std::move(game)](Store& store) {
    if (auto saved = store.save_game(game); !saved)
      spdlog::error("db: game {} of table {} not saved: {}", game.game_index, game.table, saved.error());
  });
}

void DbWriter::save_series(table::FinishedSeries series) {
  post([series = std::move(series)](Store& store) {
    if (auto saved = store.save_series(series); !saved)
      spdlog::error("db: series {} of table {} not saved: {}", series.series_index, series.table, saved.error());
  });
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
      wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (jobs_.empty()) return;  // stopping and drained
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    try {
      job(store_);
    } catch (const std::exception& e) {
      spdlog::error("db writer: {}", e.what());
    }
  }
}

}  // namespace skat::app
