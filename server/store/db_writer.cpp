#include "server/store/db_writer.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "server/store/record_json.h"

namespace skat::app {

DbWriter::DbWriter(Stores stores, std::chrono::milliseconds retry_every, WriteJournal* journal)
    : stores_(stores), journal_(journal), retry_every_(retry_every), thread_([this] { run(); }) {}

DbWriter::~DbWriter() { stop(); }

void DbWriter::enqueue(Job job) {
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
  const table::TableId table = game.table;
  const bool journaled = journal_ && journal_->append(finished_game_json(game));
  auto shared = std::make_shared<const table::FinishedGame>(std::move(game));
  queue_record([shared](RecordStore& records) { return records.save_game(*shared); }, std::move(what), table,
               journaled);
}

void DbWriter::save_series(table::FinishedSeries series) {
  std::string what = fmt::format("series {} of table {}", series.series_index, series.table);
  const table::TableId table = series.table;
  const bool journaled = journal_ && journal_->append(finished_series_json(series));
  auto shared = std::make_shared<const table::FinishedSeries>(std::move(series));
  queue_record([shared](RecordStore& records) { return records.save_series(*shared); }, std::move(what), table,
               journaled);
}

void DbWriter::queue_record(std::function<StoreResult<void>(RecordStore&)> store, std::string what,
                            table::TableId table, bool journaled) {
  post([this, store = std::move(store), what = std::move(what), table, journaled](RecordStore&) mutable {
    Unsaved write{std::move(store), std::move(what), table};
    write.journaled = journaled;
    save(std::move(write));
  });
}

StoreResult<void> DbWriter::try_save(const Unsaved& write) {
  auto saved = write.save(stores_.records);
  if (saved) ++saves_;
  if (saved && write.journaled) journal_->forget_one();
  return saved;
}

void DbWriter::save(Unsaved write) {
  auto& queue = unsaved_[write.table];
  if (queue.empty()) {
    const auto saved = try_save(write);
    if (saved || !saved.error().retryable()) unsaved_.erase(write.table);
    if (saved) return;
    write.refusals = 1;
    if (!saved.error().retryable()) return set_aside(std::move(write), saved.error());
    spdlog::error("db: {} not saved: {}; kept in memory and retried every {} ms", write.what, saved.error().message,
                  retry_every_.count());
    write.saves_before = saves_;
    if (unsaved_count_ == 0) next_retry_ = std::chrono::steady_clock::now() + retry_every_;
    queue.push_back(std::move(write));
    ++unsaved_count_;
    note_unsaved(saved.error().message);
    return;
  }
  queue.push_back(std::move(write));  // after its table's records still waiting: their order is kept
  ++unsaved_count_;
  if (unsaved_count_ > kMaxUnsaved) {
    spdlog::critical("db: {} lost: {} writes wait for the database already", queue.front().what, kMaxUnsaved);
    queue.pop_front();
    --unsaved_count_;
  }
  note_unsaved(health().error);
}

bool DbWriter::retry_unsaved() {
  std::string error;
  for (auto table = unsaved_.begin(); table != unsaved_.end();) {
    auto& queue = table->second;
    while (!queue.empty()) {
      Unsaved& write = queue.front();
      const auto saved = try_save(write);
      if (!saved) {
        // Refused as it is, or failed again and again while the store takes other records: the
        // record is the problem.
        ++write.refusals;
        if (saved.error().retryable()) {
          error = saved.error().message;
          if (write.refusals < kSetAsideAfter || saves_ == write.saves_before) break;
        }
        set_aside(std::move(write), saved.error());
      }
      queue.pop_front();
      --unsaved_count_;
    }
    table = queue.empty() ? unsaved_.erase(table) : std::next(table);
  }
  if (unsaved_count_ == 0)
    spdlog::info("db: every refused write is saved now{}", set_aside_.empty() ? "" : ", but for those set aside");
  note_unsaved(error);
  return unsaved_count_ == 0;
}

void DbWriter::set_aside(Unsaved write, const StoreError& error) {
  if (error.retryable())
    spdlog::critical(
        "db: {} set aside after {} refusals while other records were saved ({}): the records after it go on; it is "
        "kept in memory and tried once more at the stop",
        write.what, write.refusals, error.message);
  else
    spdlog::critical(
        "db: {} refused by the store ({}): set aside, the records after it go on; it is kept in memory and tried "
        "once more at the stop",
        write.what, error.message);
  if (!error.retryable() && write.journaled) {  // refused for good: no replay takes it
    journal_->forget_one();
    write.journaled = false;
  }
  {
    std::lock_guard lock(mutex_);
    health_.set_aside = ++set_aside_total_;
    health_.set_aside_error = write.what + ": " + error.message;
  }
  set_aside_.push_back(std::move(write));
  if (set_aside_.size() > kMaxSetAside) {
    spdlog::critical("db: {} lost: {} set-aside writes are kept already", set_aside_.front().what, kMaxSetAside);
    set_aside_.pop_front();
  }
}

void DbWriter::note_unsaved(const std::string& error) {
  std::lock_guard lock(mutex_);
  health_.unsaved = unsaved_count_;
  health_.error = unsaved_count_ == 0 ? "" : error;
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
    Job job;
    {
      std::unique_lock lock(mutex_);
      const auto ready = [this] { return stopping_ || !jobs_.empty(); };
      if (unsaved_count_ == 0)
        wake_.wait(lock, ready);
      else
        wake_.wait_until(lock, next_retry_, ready);
      if (!jobs_.empty()) {
        job = std::move(jobs_.front());
        jobs_.pop_front();
      } else if (stopping_) {  // drained: one last try for the refused and the set-aside writes
        lock.unlock();
        if (unsaved_count_ > 0 && !retry_unsaved())
          spdlog::critical("db: {} games or series could not be saved before the stop: {}{}", unsaved_count_,
                           health().error,
                           journal_ ? "; they are in " + journal_->path() + " and are stored at the next start" : "");
        std::erase_if(set_aside_, [this](const Unsaved& write) { return try_save(write).has_value(); });
        for (const Unsaved& write : set_aside_) spdlog::critical("db: {} (set aside) is lost", write.what);
        return;
      }
    }
    if (job) run_job(job);
    if (unsaved_count_ > 0 && std::chrono::steady_clock::now() >= next_retry_ && !retry_unsaved())
      next_retry_ = std::chrono::steady_clock::now() + retry_every_;
  }
}

void DbWriter::run_job(const Job& job) {
  try {
    job(stores_);
  } catch (const std::exception& e) {
    spdlog::error("db writer: {}", e.what());
  }
}

}  // namespace skat::app
