// One seat played by an outside program: the process (started again at the next request after it
// ended), the lines sent to it, and its answers to act requests checked against the legal actions,
// with the default move and a count of the fault when it is late, gone or answers garbage
// (docs/bots.md, "The line protocol"). Thread-safe: the bridge sends the table's messages from its
// I/O thread while a decision thread waits for an answer.
#pragma once

#include <chrono>
#include <cstdint>
#include <expected>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "bots/player.h"
#include "bridge/program_process.h"
#include "engine/seat_view.h"

namespace skat::bridge {

using Clock = std::chrono::steady_clock;

// The move a program gets when it does not make one, as the server's move clock plays it: pass in
// the auction, pickup, the first discard, the first declaration, the first card (never a concession).
Action default_move(const std::vector<Action>& legal);

// The legal action of `view` that an answer line names (a `view.legal` entry without `pos`; the
// two cards of a discard in either order), or why the line is not one.
std::expected<Action, std::string> legal_answer(std::string_view line, const SeatView& view);

class ProgramSeat {
 public:
  // `label` names the seat in log messages (e.g. "program:python3 bot.py at position 1").
  ProgramSeat(std::string command, std::string label);
  ~ProgramSeat();  // ends the program
  ProgramSeat(const ProgramSeat&) = delete;
  ProgramSeat& operator=(const ProgramSeat&) = delete;

  // Starts the program unless it runs; the error says why it could not.
  std::expected<void, std::string> start();
  // Sends one message line to a running program (a program that has gone misses it).
  void send(std::string_view line);
  // Sends an act request, first starting the program again if it has gone; the request's number
  // for answer().
  std::uint64_t send_act(std::string_view line);
  // The program's answer to act request `number`, a legal action of `view`, read until `deadline`;
  // otherwise the default move, with the fault counted and logged. Answers to earlier requests that
  // come late are skipped.
  Action answer(std::uint64_t number, const SeatView& view, Clock::time_point deadline);
  // Ends the program (stdin closed, a grace to exit, then killed); a later request starts it again.
  void close();
  bots::ProgramFaults faults() const;
  // How the last program ended ("exit code 2", …; "running").
  std::string exit_text() const;

 private:
  // The helpers run with mutex_ held.
  std::expected<void, std::string> start_locked();
  void notice_gone();  // ends the process; counts a crash once per process that ended unasked
  void skip_waiting_lines();

  const std::string command_, label_;
  mutable std::mutex mutex_;
  std::unique_ptr<ProgramProcess> process_;
  bool gone_counted_ = false;     // this process's end is counted
  std::uint64_t first_act_ = 0;   // the number of the first request sent to this process
  std::uint64_t lines_read_ = 0;  // its answer lines read so far
  std::uint64_t next_act_ = 0;    // the next request's number
  int answering_ = 0;             // answer() calls under way
  bots::ProgramFaults faults_;
  std::string last_exit_ = "running";
};

}  // namespace skat::bridge
