// Head-to-head tournaments in-process (docs/evaluation.md): bot A against bot B over seeded
// duplicate deals, in the 2:1 seating (A A B) and the 1:2 seating (A B B); each deal is played once
// per rotation so the lone bot takes every position on the same cards. Deals run in parallel; every
// game's seed comes from the tournament seed, the deal and the seat, so the results do not depend
// on the number of threads. Each game is recorded with its move times and, optionally, the
// open-card solver's verdict on the declared game (for the accuracy figures of the report).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bots/bot_factory.h"
#include "bots/parallel.h"
#include "bots/solver/open_solver.h"
#include "bots/tournament/sprt.h"
#include "engine/game.h"
#include "engine/game_type.h"

namespace skat::bots {

struct TournamentConfig {
  BotSpec a, b;
  int deals = 100;
  int first_deal = 0;  // plays deals first_deal … first_deal + deals − 1 of the seed's sequence (a shard)
  std::uint64_t seed = 1;
  std::vector<int> b_seats{1, 2};  // the seatings to play: 1 = A A B (2:1), 2 = A B B (1:2)
  int threads = 1;
  bool judge = true;  // the open-card solver's verdict on every declared game
  // A sequential test: the deals are played in order and the tournament stops at the first deal
  // where it accepts H0 or H1 (bots/tournament/sprt.h); `deals` is then the most it plays.
  std::optional<SprtTest> sprt;
  bool keep_games = false;  // keep each finished engine game (TournamentGame::record), for its record card by card
  // Makes the player of a spec for one game (seed: tournament_seat_seed; position 0 forehand);
  // empty: bots::make_player. Set where specs name players bots/ cannot make (`program:`).
  std::function<std::unique_ptr<Player>(const BotSpec& spec, std::uint64_t seed, int position)> make_player;
};

// One game of a tournament.
struct TournamentGame {
  int deal = 0;  // index of the deal in the tournament
  std::uint64_t deal_id = 0;
  int b_seats = 1;             // the seating
  int rotation = 0;            // the position (0 forehand) of the lone bot
  std::array<bool, 3> is_b{};  // per position: B sits there
  bool folded = false;
  int declarer = 0;
  Declaration declaration;
  bool won = false;
  int list_entry = 0;
  std::array<int, 3> points{};                    // Seeger-Fabian points per position
  std::optional<bool> solver_wins;                // the solver's verdict on the declared game (judge on)
  std::array<std::vector<float>, 2> move_ms;      // decision times of A's and B's seats, in ms
  std::array<int, 2> timeouts{};                  // A's and B's moves the server's clock made for them
  std::array<int, 2> clock_stops{};               // A's and B's searches the safety net cut short (in-process)
  std::array<ProgramFaults, 2> program_faults{};  // A's and B's outside programs' faults (in-process)
  std::shared_ptr<const Game> record;             // the game card by card (keep_games, in-process)
};

// The tournament's deal ids, drawn from its seed.
std::vector<std::uint64_t> tournament_deal_ids(std::uint64_t seed, int deals);
// The name of a seating: "2:1" (A A B, b_seats 1) or "1:2" (A B B, b_seats 2).
inline const char* seating_name(int b_seats) { return b_seats == 1 ? "2:1" : "1:2"; }
// The seatings a name asks for: "2:1", "1:2" or "both"; empty for anything else.
std::optional<std::vector<int>> seatings_named(std::string_view name);
// The seatings played, as stored: "2:1", "1:2" or "2:1,1:2".
std::string seatings_text(const std::vector<int>& b_seats);

// Whether B sits at `position` (0 forehand) in seating `b_seats` with the lone bot at `rotation`.
inline bool b_sits_at(int b_seats, int rotation, int position) { return (position == rotation) == (b_seats == 1); }
// The seed of the player at `position` in the game of deal `index` (seating `b_seats`, lone bot at
// `rotation`): the same for A and B at the same place, so that only the program differs. The
// server's tournament tables send it with their act requests, so both modes play alike.
std::uint64_t tournament_seat_seed(std::uint64_t seed, int index, int b_seats, int rotation, int position);
// The seed an outside program gets for a seat (the act request's `seed`, in-process and from the
// server alike): one-way from the seat seed (BLAKE2b-256 of its 8 little-endian bytes, the digest's
// first 8 bytes read little-endian), so a program cannot work out the seeds of the built-in bots.
std::uint64_t blinded_seat_seed(std::uint64_t seat_seed);

// The record of one finished game of seating `b_seats`, lone bot at `rotation`, deal `index`.
// `move_ms` are the decision times by position. The solver's verdict is left empty.
TournamentGame tournament_game(const Game& game, int index, std::uint64_t deal_id, int b_seats, int rotation,
                               const std::array<std::vector<float>, 3>& move_ms);

// Plays the tournament; `progress` (optional, in deals) is called after each deal, from one
// thread at a time. Games come back ordered by deal, seating and rotation. With a sequential test,
// the deals are played in batches, in order, and the games end with the deal where it stopped
// (those of later deals of the same batch are dropped: the stop does not depend on the threads).
std::vector<TournamentGame> run_tournament(const TournamentConfig& config, const ProgressFn& progress = {});

// The open-card verdict on a finished, declared game: could the declarer, with every hand open
// from the first trick on, fulfil what he declared (61 points, schneider or schwarz as announced;
// null: no trick)? The overbid rule is not part of the verdict.
bool solver_verdict(const Game& game, OpenSolver& solver);

}  // namespace skat::bots
