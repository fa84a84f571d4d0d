// The status line of a long command (selfplay, tournament, tables build-t0) on stderr: units done
// of all, the rate and the time left; rewritten in place about once a second on a terminal, a
// line every `quiet` seconds otherwise (logs), and always a last line when the run is complete.
#pragma once

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <string>

#include "bots/parallel.h"

namespace skat::cli {

class ProgressLine {
 public:
  ProgressLine(std::string unit, std::chrono::seconds quiet, int rate_decimals = 1)
      : unit_(std::move(unit)), quiet_(quiet), decimals_(rate_decimals), tty_(isatty(2) != 0) {}

  bool on_terminal() const { return tty_; }

  void show(const bots::Progress& p) {
    const auto now = std::chrono::steady_clock::now();
    const bool complete = p.done == p.total;
    if (!complete && shown_ && now - last_ < (tty_ ? std::chrono::seconds(1) : quiet_)) return;
    shown_ = true;
    last_ = now;
    const double rate = p.seconds > 0 ? p.done / p.seconds : 0;
    std::cerr << fmt::format("{}{} {}/{}  {:.{}f} {}/s  {:.0f} s left{}", tty_ ? "\r" : "", unit_, p.done, p.total,
                             rate, decimals_, unit_, rate > 0 ? (p.total - p.done) / rate : 0.0,
                             tty_ && !complete ? "" : "\n")
              << std::flush;
  }

 private:
  std::string unit_;
  std::chrono::seconds quiet_;
  int decimals_;
  bool tty_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point last_;
};

}  // namespace skat::cli
