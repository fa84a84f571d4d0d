#include "bridge/program_bridge.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <utility>
#include <vector>

namespace skat::bridge {

namespace {

// Requests remembered per table: a repeat (after a resume) finds its number.
constexpr std::size_t kRequestsKept = 16;

std::optional<std::int64_t> integer(const nlohmann::json& m, const char* key) {
  const auto it = m.find(key);
  if (it == m.end() || !it->is_number_integer()) return std::nullopt;
  return it->get<std::int64_t>();
}

}  // namespace

ProgramTables::ProgramTables(std::string command, std::string name, boost::asio::thread_pool& workers, bool per_game)
    : command_(std::move(command)), name_(std::move(name)), per_game_(per_game), workers_(workers) {}

botclient::ConnectionHooks ProgramTables::hooks() {
  botclient::ConnectionHooks h;
  h.on_message = [self = shared_from_this()](const nlohmann::json& m, const std::string& text) {
    self->on_message(m, text);
  };
  h.decide = [self = shared_from_this()](const botclient::ActRequest& r) { return self->decide(r); };
  return h;
}

std::shared_ptr<ProgramSeat> ProgramTables::make_seat(std::int64_t table, int seat) const {
  return std::make_shared<ProgramSeat>(
      command_, "bot " + name_ + " table " + std::to_string(table) + " seat " + std::to_string(seat));
}

ProgramTables::Table& ProgramTables::open(std::int64_t table, int seat) {
  auto [it, fresh_table] = tables_.try_emplace(table);
  if (!fresh_table) return it->second;
  it->second.seat = seat;
  it->second.program = make_seat(table, seat);
  if (per_game_) return it->second;  // its process starts with the first game
  if (auto started = it->second.program->start(); !started)
    spdlog::error("bot {}: table {}: cannot start the program: {}", name_, table, started.error());
  else
    spdlog::info("bot {}: table {} seat {}: program started", name_, table, seat);
  return it->second;
}

void ProgramTables::retire(std::shared_ptr<ProgramSeat> program) {
  ended_faults_ += program->faults();
  // The program has a grace to exit: not on the I/O thread.
  boost::asio::post(workers_, [program = std::move(program)] { program->close(); });
}

void ProgramTables::fresh(std::int64_t table, Table& t, bool start) {
  retire(std::exchange(t.program, make_seat(table, t.seat)));
  t.requests.clear();
  if (!start) return;
  if (auto started = t.program->start(); !started)
    spdlog::error("bot {}: table {}: cannot start the program: {}", name_, table, started.error());
}

void ProgramTables::end(std::int64_t table) {
  const auto it = tables_.find(table);
  if (it == tables_.end()) return;
  std::shared_ptr<ProgramSeat> program = std::move(it->second.program);
  tables_.erase(it);
  retire(std::move(program));
  spdlog::info("bot {}: table {}: program ended", name_, table);
}

void ProgramTables::on_message(const nlohmann::json& m, const std::string& text) {
  const auto table = integer(m, "table");
  if (!table) return;
  const std::string type = m.value("type", "");
  std::lock_guard lock(mutex_);
  if (type == "invite") {
    // One seat at a time per connection (its hello asks for no more): a seat it still has a
    // program for is over, even if its end never arrived.
    std::vector<std::int64_t> over;
    for (const auto& [other, t] : tables_)
      if (other != *table) over.push_back(other);
    for (const std::int64_t other : over) end(other);
    open(*table, static_cast<int>(integer(m, "seat").value_or(0)));
    return;
  }
  const auto it = tables_.find(*table);
  if (it == tables_.end() && type != "act") return;  // not a table this connection plays
  if (per_game_ && it != tables_.end() && type == "game_started") fresh(*table, it->second, true);
  // A request for a table without a program (one taken over after a restart): it starts now.
  Table& t = it != tables_.end() ? it->second : open(*table, static_cast<int>(integer(m, "seat").value_or(0)));
  if (type == "act") {
    t.requests[integer(m, "version").value_or(0)] = t.program->send_act(text);
    while (t.requests.size() > kRequestsKept) t.requests.erase(t.requests.begin());
  } else {
    t.program->send(text);
  }
  if (per_game_ && type == "game_result") fresh(*table, t, false);  // the game is over: so is its program
  const bool own_seat = integer(m, "seat") == t.seat;
  const std::string code = type == "error" ? m.value("code", "") : "";
  if (type == "series_finished" || ((type == "left" || type == "returned") && own_seat) || code == "no_such_table" ||
      code == "not_seated")
    end(*table);
}

std::optional<Action> ProgramTables::decide(const botclient::ActRequest& r) {
  std::shared_ptr<ProgramSeat> program;
  std::uint64_t number = 0;
  {
    std::lock_guard lock(mutex_);
    const auto it = tables_.find(r.table);
    if (it != tables_.end()) {
      program = it->second.program;
      if (const auto n = it->second.requests.find(r.version); n != it->second.requests.end())
        number = n->second;
      else
        program.reset();
    }
  }
  if (!program) return default_move(r.view.legal);
  return program->answer(number, r.view, r.deadline());
}

void ProgramTables::close_all() {
  std::map<std::int64_t, Table> tables;
  {
    std::lock_guard lock(mutex_);
    tables.swap(tables_);
    for (const auto& [table, t] : tables) ended_faults_ += t.program->faults();
  }
  for (auto& [table, t] : tables) t.program->close();
}

bots::ProgramFaults ProgramTables::faults() const {
  std::lock_guard lock(mutex_);
  bots::ProgramFaults total = ended_faults_;
  for (const auto& [table, t] : tables_) total += t.program->faults();
  return total;
}

}  // namespace skat::bridge
