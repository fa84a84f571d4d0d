// Replaying game records through the engine (docs/records.md, docs/cli.md `skat replay`): every
// move or trick of an SGF or PGN game is applied to an engine Game, the result is recomputed and
// compared with what the record states. Also the detection of a record file's format.
#pragma once

#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/records/pgn.h"
#include "engine/records/sgf.h"

namespace skat {

// What `skat replay` prints for one game.
struct ReplayOutcome {
  std::string id;       // SGF ID[...], PGN field 1
  bool passed = false;  // folded deal: the fields below stay at their defaults
  int declarer = -1;    // 0 FH, 1 MH, 2 RH
  char game = '?';      // C S H D G N
  bool hand = false;
  bool ouvert = false;
  bool schneider_announced = false;
  bool schwarz_announced = false;
  int bid = 0;
  int matadors = 0;         // +n with, −n without, 0 null
  int declarer_points = 0;  // incl. skat, after any concession
  int declarer_tricks = 0;  // after any concession
  bool won = false;
  bool overbid = false;
  int value = 0;                       // signed list entry
  Doubling doubling = Doubling::None;  // Kontra / Re (printed only when the game was doubled)
  bool schneider = false;              // reached (not printed by the CLI)
  bool schwarz = false;                // reached (not printed by the CLI)

  // Set when the record cannot be replayed: "what, and the first offending move".
  std::optional<std::string> error;
  // Differences between the record and the replay: "field: recorded X, replayed Y".
  std::vector<std::string> mismatches;

  bool ok() const { return !error && mismatches.empty(); }
};

// SGF: every move through the engine; compares d, win/loss, v, m, bidok/overbid, p, t, s, z
// (and `passed`) with R[...].
ReplayOutcome replay_sgf(const SgfGame& game);
// PGN: after_auction with the recorded bids, skat, declaration, the recorded tricks (leader,
// legality, winner and points checked), an inferred concession when the line ends early;
// compares fields 8 schneider, 10 schwarz, 13 won, 15 level, 16 eyes.
ReplayOutcome replay_pgn(const PgnGame& game);
// PGN: the game after the recorded auction, skat and declaration, before the first card (the
// same checks as replay_pgn); the reason when the record cannot be replayed that far or was folded.
std::expected<Game, std::string> pgn_game_at_play(const PgnGame& game);

enum class RecordFormat { Pgn, Sgf, Unknown };
// From the first non-blank character: '(' SGF, '[' PGN.
RecordFormat detect_format(std::string_view text);

}  // namespace skat
