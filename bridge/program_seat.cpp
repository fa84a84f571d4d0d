#include "bridge/program_seat.h"

#include <poll.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>

#include "protocol/json_codec.h"

namespace skat::bridge {

namespace {

// The longest an answer wait sleeps before it looks at the program again.
constexpr std::chrono::milliseconds kSlice{20};
// An ended program's stdout is closed already: a short grace for its exit status.
constexpr std::chrono::milliseconds kGoneGrace{200};

std::string shortened(std::string_view line) {
  constexpr std::size_t kMost = 200;
  return line.size() <= kMost ? std::string(line) : std::string(line.substr(0, kMost)) + "…";
}

// The line that tells a program of its fault: {"type":"fault","fault":KIND,"detail":…,"move":…}
// (the move made for it; none after a crash).
std::string fault_line(std::string_view kind, std::string_view detail, const Action* move) {
  nlohmann::json j{{"type", "fault"}, {"fault", kind}, {"detail", detail}};
  if (move) {
    nlohmann::json m = protocol::action_to_json(*move);
    m.erase("pos");
    j["move"] = std::move(m);
  }
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

Action default_move(const std::vector<Action>& legal) {
  for (const ActionKind preferred : {ActionKind::Pass, ActionKind::PickUp, ActionKind::Discard, ActionKind::Declare,
                                     ActionKind::Play, ActionKind::Hold, ActionKind::Bid})
    if (const auto it = std::ranges::find(legal, preferred, &Action::kind); it != legal.end()) return *it;
  return legal.empty() ? Action::pass(0) : legal.front();
}

std::expected<Action, std::string> legal_answer(std::string_view line, const SeatView& view) {
  const auto json = nlohmann::json::parse(line, nullptr, false);
  if (json.is_discarded()) return std::unexpected("not JSON");
  auto action = protocol::action_from_json(json);
  if (!action) return std::unexpected(action.error().message);
  action->pos = view.pos;
  if (std::ranges::find(view.legal, *action) != view.legal.end()) return *action;
  if (action->kind == ActionKind::Discard) {
    std::swap(action->card, action->card2);
    if (std::ranges::find(view.legal, *action) != view.legal.end()) return *action;
  }
  return std::unexpected("not one of the legal actions");
}

ProgramSeat::ProgramSeat(std::string command, std::string label)
    : command_(std::move(command)), label_(std::move(label)) {}

ProgramSeat::~ProgramSeat() { close(); }

std::expected<void, std::string> ProgramSeat::start() {
  std::lock_guard lock(mutex_);
  return start_locked();
}

std::expected<void, std::string> ProgramSeat::start_locked() {
  if (process_ && process_->running()) return {};
  if (process_) notice_gone();
  auto process = ProgramProcess::start(command_);
  if (!process) return std::unexpected(process.error());
  process_ = std::move(*process);
  first_act_ = next_act_;
  lines_read_ = 0;
  // A program started again after it ended is told so first.
  if (gone_counted_)
    (void)process_->write_line(
        fault_line("crash", "the program ended (" + last_exit_ + "); this is a new process", nullptr));
  gone_counted_ = false;
  return {};
}

void ProgramSeat::notice_gone() {
  if (!process_) return;
  process_->close(kGoneGrace);
  last_exit_ = process_->exit_text();
  process_.reset();
  if (gone_counted_) return;
  gone_counted_ = true;
  ++faults_.crashes;
  spdlog::warn("{}: the program ended ({}); it starts again at the next request", label_, last_exit_);
}

void ProgramSeat::send(std::string_view line) {
  std::lock_guard lock(mutex_);
  if (process_ && !process_->write_line(line)) notice_gone();
}

std::uint64_t ProgramSeat::send_act(std::string_view line) {
  std::lock_guard lock(mutex_);
  if (process_ && !process_->running()) notice_gone();
  if (!process_) {
    if (auto started = start_locked(); !started) {
      ++faults_.crashes;
      spdlog::error("{}: cannot start the program: {}", label_, started.error());
      return next_act_++;
    }
  }
  if (answering_ == 0) skip_waiting_lines();
  const std::uint64_t number = next_act_++;
  if (process_ && !process_->write_line(line)) notice_gone();
  return number;
}

// Lines already there before a new request goes out: late answers to earlier requests, or lines
// no request asked for (those would otherwise be taken for the next answer).
void ProgramSeat::skip_waiting_lines() {
  std::string line;
  while (process_) {
    const auto got = process_->read_line(line, Clock::now());
    if (got == ProgramProcess::Read::Closed) notice_gone();
    if (got != ProgramProcess::Read::Line) return;
    if (first_act_ + lines_read_ < next_act_)
      ++lines_read_;
    else
      spdlog::warn("{}: a line no request asked for, ignored: '{}'", label_, shortened(line));
  }
}

Action ProgramSeat::answer(std::uint64_t number, const SeatView& view, Clock::time_point deadline) {
  const Action fallback = default_move(view.legal);
  std::unique_lock lock(mutex_);
  ++answering_;
  struct Done {
    int& answering;
    ~Done() { --answering; }
  } done{answering_};
  for (;;) {
    // Sent to a program that has gone since (its end is counted), or answered already and skipped
    // as late when a newer request went out: the default move.
    if (!process_ || number < first_act_ || first_act_ + lines_read_ > number) return fallback;
    std::string line;
    const auto got = process_->read_line(line, Clock::now());  // what is there already
    if (got == ProgramProcess::Read::Closed) {
      notice_gone();
      return fallback;
    }
    if (got == ProgramProcess::Read::Line) {
      const std::uint64_t answers = first_act_ + lines_read_++;
      if (answers < number) continue;  // a late answer to an earlier request
      auto action = legal_answer(line, view);
      if (action) return *action;
      ++faults_.garbage;
      spdlog::warn("{}: unusable answer '{}' ({}): the default move {}", label_, shortened(line), action.error(),
                   describe(fallback));
      (void)process_->write_line(fault_line("garbage", "'" + shortened(line) + "': " + action.error(), &fallback));
      return fallback;
    }
    if (Clock::now() >= deadline) {
      ++faults_.timeouts;
      spdlog::warn("{}: no answer within the move clock: the default move {}", label_, describe(fallback));
      (void)process_->write_line(fault_line("timeout", "no answer within the move clock", &fallback));
      return fallback;
    }
    // Wait unlocked, so that the I/O thread sends lines meanwhile (in slices: input it queues
    // while the pipe is full is written at the next one).
    std::array<pollfd, 2> fds{pollfd{process_->output_fd(), POLLIN, 0}, pollfd{process_->input_fd(), POLLOUT, 0}};
    const auto wait =
        std::chrono::ceil<std::chrono::milliseconds>(std::min(deadline, Clock::now() + kSlice) - Clock::now());
    lock.unlock();
    ::poll(fds.data(), fds.size(), static_cast<int>(std::max<std::int64_t>(0, wait.count())));
    lock.lock();
  }
}

void ProgramSeat::close() {
  std::lock_guard lock(mutex_);
  if (!process_) return;
  process_->close(ProgramProcess::kGrace);
  last_exit_ = process_->exit_text();
  process_.reset();
}

bots::ProgramFaults ProgramSeat::faults() const {
  std::lock_guard lock(mutex_);
  return faults_;
}

std::string ProgramSeat::exit_text() const {
  std::lock_guard lock(mutex_);
  return process_ ? "running" : last_exit_;
}

}  // namespace skat::bridge
