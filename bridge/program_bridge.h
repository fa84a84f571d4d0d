// `skat bot --program`: the bridge between the server and an outside program (docs/bots.md). Each
// of its connections (botclient::BotConnection with these hooks, hello without a `kind`) plays one
// seat at a time: an invitation starts a program for that seat, every message of that table goes
// to it as one line, each act request is answered with the program's line (or, past the answer
// margin before the clock, with the default move), and the program's stdin closes after
// `series_finished`, when the seat is left, or at the connection's next invitation (its seat is
// over then). A request for a table without a program (a seat taken over after a reconnect)
// starts one. Per game (the server's sandboxed programs): a fresh process for every game instead,
// started at its `game_started` and ended after its `game_result`, which gets only that game's
// lines, so that nothing a program saw outlives its game.
#pragma once

#include <boost/asio/thread_pool.hpp>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "botclient/bot_client.h"
#include "bots/player.h"
#include "bridge/program_seat.h"

namespace skat::bridge {

// The programs of one bridge connection, one per table seat it plays.
class ProgramTables : public std::enable_shared_from_this<ProgramTables> {
 public:
  // `workers` end the programs (that may wait for one to exit).
  ProgramTables(std::string command, std::string name, boost::asio::thread_pool& workers, bool per_game = false);
  // The connection's hooks; they keep this object alive.
  botclient::ConnectionHooks hooks();
  // Ends every program (on the calling thread).
  void close_all();
  // The faults of every program it ran so far.
  bots::ProgramFaults faults() const;

  void on_message(const nlohmann::json& message, const std::string& text);
  std::optional<Action> decide(const botclient::ActRequest& request);

 private:
  struct Table {
    int seat = 0;
    std::shared_ptr<ProgramSeat> program;
    std::map<std::int64_t, std::uint64_t> requests;  // act version → the request's number
  };
  Table& open(std::int64_t table, int seat);
  void end(std::int64_t table);
  // Per game: the table's program ends and a new one takes its place (started now or not).
  void fresh(std::int64_t table, Table& t, bool start);
  std::shared_ptr<ProgramSeat> make_seat(std::int64_t table, int seat) const;
  void retire(std::shared_ptr<ProgramSeat> program);  // counts its faults, ends it off this thread

  const std::string command_, name_;
  const bool per_game_;
  boost::asio::thread_pool& workers_;
  mutable std::mutex mutex_;
  std::map<std::int64_t, Table> tables_;
  bots::ProgramFaults ended_faults_;  // of the programs already ended
};

}  // namespace skat::bridge
