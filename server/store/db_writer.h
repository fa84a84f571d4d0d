// The database's single writer: one thread that runs write jobs in the order they were posted
// (finished games and series, new players and bots), each committed at once by its store. A job
// takes the one store interface it needs (server/store/stores.h).
// A game or series the store fails to write (disk full, database locked past the busy timeout, I/O
// error: a retryable StoreError) is not dropped: it is kept in memory with the later games and
// series of its table (a table's records keep their order: its games before its series), and
// retried every few seconds until the store takes it; the other tables' records are saved
// meanwhile. One the store keeps failing while it takes others (kSetAsideAfter tries) is the
// problem itself (e.g. larger than the database may grow): it is set aside, loudly, so that its
// table's later records go on. One the store refuses as it is (not retryable: an invalid record, a
// missing series) is set aside at once. Set-aside records stay in memory (at most kMaxSetAside)
// and are tried once more at stop(). health() says how many wait, how many were set aside, and why
// (GET /healthz). stop() lets the queue drain before the thread ends, so a graceful shutdown loses
// nothing the store takes; with a write journal, nothing the store refuses either.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <expected>
#include <functional>
#include <future>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include "server/store/stores.h"
#include "server/store/write_journal.h"

namespace skat::app {

class DbWriter {
 public:
  // Retry period for refused writes, and how many tries before a write the store refuses while it
  // takes others is set aside.
  static constexpr std::chrono::seconds kRetryEvery{2};
  static constexpr int kSetAsideAfter = 5;

  // With a `journal` (write_journal.h), each game and series is appended to it before save_game
  // and save_series return, and forgotten once stored: what the database refuses until the
  // process ends is stored at the next start.
  explicit DbWriter(Stores stores, std::chrono::milliseconds retry_every = kRetryEvery,
                    WriteJournal* journal = nullptr);
  ~DbWriter();
  DbWriter(const DbWriter&) = delete;
  DbWriter& operator=(const DbWriter&) = delete;

  // Runs `job` on the writer thread with the store interface it takes (its one parameter, e.g.
  // `IdentityStore&`); exceptions are logged, never propagated.
  template <class Job>
  void post(Job job) {
    enqueue([job = std::move(job)](const Stores& stores) mutable { stores.run(job); });
  }
  // Runs `job` and waits for its value (for HTTP admin calls; never from the writer thread).
  template <class Job>
  auto call(Job job) {
    using R = decltype(std::declval<const Stores&>().run(job));
    auto promise = std::make_shared<std::promise<R>>();
    auto future = promise->get_future();
    enqueue([promise, job = std::move(job)](const Stores& stores) mutable { promise->set_value(stores.run(job)); });
    return future.get();
  }

  void save_game(table::FinishedGame game);
  void save_series(table::FinishedSeries series);
  // Drains the queue and joins the thread; later posts are dropped with a warning.
  void stop();

  struct Health {
    std::size_t unsaved = 0;      // games and series refused by the store, waiting for a retry
    std::size_t set_aside = 0;    // games and series set aside since the start (the store kept refusing them alone)
    std::string error;            // the store's last failure (empty when nothing waits)
    std::string set_aside_error;  // why the last one was set aside, and which (empty when none was)
  };
  // Any thread.
  Health health() const;

  // How many may wait (beyond it the oldest of a table are lost, loudly), and how many set-aside
  // writes are kept for the last try at stop().
  static constexpr std::size_t kMaxUnsaved = 100'000;
  static constexpr std::size_t kMaxSetAside = 16;

 private:
  using Job = std::function<void(const Stores&)>;
  struct Unsaved {
    std::function<StoreResult<void>(RecordStore&)> save;
    std::string what;  // "game 3 of table 7", for the log
    table::TableId table = 0;
    int refusals = 0;
    std::uint64_t saves_before = 0;  // saves_ at the first refusal
    bool journaled = false;          // appended to journal_: forgotten there once stored
  };
  void enqueue(Job job);
  // Posts the saving of one table record (`store` writes it) to the writer thread.
  void queue_record(std::function<StoreResult<void>(RecordStore&)> store, std::string what, table::TableId table,
                    bool journaled);
  void run();
  void run_job(const Job& job);
  // On the writer thread: saves at once unless records of the same table wait, else queues it.
  void save(Unsaved write);
  StoreResult<void> try_save(const Unsaved& write);
  // Retries each table's waiting records in order; whether none waits any more.
  bool retry_unsaved();
  void set_aside(Unsaved write, const StoreError& error);
  void note_unsaved(const std::string& error);

  Stores stores_;
  WriteJournal* journal_ = nullptr;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> jobs_;
  bool stopping_ = false;
  std::chrono::milliseconds retry_every_;
  // Writer thread only: the refused records by table, each table's in order, and their count.
  std::map<table::TableId, std::deque<Unsaved>> unsaved_;
  std::size_t unsaved_count_ = 0;
  std::deque<Unsaved> set_aside_;
  std::size_t set_aside_total_ = 0;
  std::uint64_t saves_ = 0;  // records saved
  std::chrono::steady_clock::time_point next_retry_;
  Health health_;  // under mutex_
  std::thread thread_;
};

}  // namespace skat::app
