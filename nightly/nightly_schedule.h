// The nightly job on a timer: every day at a fixed UTC time, on its own thread (it opens its own
// database connection; SQLite's WAL lets the server keep writing meanwhile), until stopped. Used
// by `skat serve --nightly-at HH:MM` and `skat nightly --every-day-at`; a failed run is logged and
// the next day's run tries again. Its status (the last run and the next) is for a health file.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>

#include "nightly/nightly_job.h"

namespace skat::nightly {

struct DailyTime {
  int hour = 3;
  int minute = 0;
};

// "HH:MM" (00:00 … 23:59); empty on anything else.
std::optional<DailyTime> parse_daily_time(std::string_view text);
// The first moment strictly after `now` at that UTC time of day.
std::chrono::system_clock::time_point next_run(std::chrono::system_clock::time_point now, DailyTime at);

class NightlySchedule {
 public:
  NightlySchedule(NightlyOptions options, DailyTime at);
  ~NightlySchedule();
  NightlySchedule(const NightlySchedule&) = delete;
  NightlySchedule& operator=(const NightlySchedule&) = delete;
  // Waits for a run in progress to end.
  void stop();

  struct Status {
    std::optional<std::chrono::system_clock::time_point> last_run;  // when the last run started
    bool last_ok = true;                                            // it succeeded (none yet: true)
    std::chrono::system_clock::time_point next_run;                 // the next run's time after `now`
  };
  // Any thread.
  Status status(std::chrono::system_clock::time_point now);

 private:
  void loop();

  NightlyOptions options_;
  DailyTime at_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::optional<std::chrono::system_clock::time_point> last_run_;
  bool last_ok_ = true;
  std::thread thread_;
};

}  // namespace skat::nightly
