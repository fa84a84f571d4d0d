#include "nightly/nightly_schedule.h"

#include <spdlog/spdlog.h>

#include <charconv>

namespace skat::nightly {

std::optional<DailyTime> parse_daily_time(std::string_view text) {
  if (text.size() != 5 || text[2] != ':') return std::nullopt;
  DailyTime t;
  const auto h = std::from_chars(text.data(), text.data() + 2, t.hour);
  const auto m = std::from_chars(text.data() + 3, text.data() + 5, t.minute);
  if (h.ec != std::errc() || h.ptr != text.data() + 2 || m.ec != std::errc() || m.ptr != text.data() + 5)
    return std::nullopt;
  if (t.hour < 0 || t.hour > 23 || t.minute < 0 || t.minute > 59) return std::nullopt;
  return t;
}

std::chrono::system_clock::time_point next_run(std::chrono::system_clock::time_point now, DailyTime at) {
  using namespace std::chrono;
  const auto day = floor<days>(now);
  auto when = day + hours(at.hour) + minutes(at.minute);
  if (when <= now) when += days(1);
  return when;
}

NightlySchedule::NightlySchedule(NightlyOptions options, DailyTime at)
    : options_(std::move(options)), at_(at), thread_([this] { loop(); }) {}

NightlySchedule::~NightlySchedule() { stop(); }

void NightlySchedule::stop() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

NightlySchedule::Status NightlySchedule::status(std::chrono::system_clock::time_point now) {
  const std::lock_guard lock(mutex_);
  return Status{last_run_, last_ok_, next_run(now, at_)};
}

void NightlySchedule::loop() {
  std::unique_lock lock(mutex_);
  for (;;) {
    const auto when = next_run(std::chrono::system_clock::now(), at_);
    spdlog::info("nightly: next run at {:02}:{:02} UTC", at_.hour, at_.minute);
    if (wake_.wait_until(lock, when, [this] { return stopping_; })) return;
    lock.unlock();
    const auto started = std::chrono::system_clock::now();
    const auto summary = run_nightly(options_, [](const std::string& step) { spdlog::info("nightly: {}", step); });
    if (summary)
      spdlog::info("nightly: {}", summary_text(*summary));
    else
      spdlog::error("nightly: {}", summary.error());
    lock.lock();
    last_run_ = started;
    last_ok_ = summary.has_value();
    if (stopping_) return;
  }
}

}  // namespace skat::nightly
