// The series PGN (docs/records.md §1): a typed model of the header and of the game lines, the text
// codec (write_pgn / read_pgn, byte-identical round trip for text this writer produced) and the
// conversion of a finished engine game into a game line, plus the header's Seeger-Fabian Result.
// Reading checks syntax and value ranges only; replay.h checks the rules.
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/card.h"
#include "engine/deal.h"
#include "engine/game.h"
#include "engine/records/record_error.h"
#include "engine/scoring.h"

namespace skat {

struct PgnSeat {
  std::string name;  // display name; '[' ']' and control characters are replaced when written
  std::int64_t id = 0;
  bool operator==(const PgnSeat&) const = default;
};

struct PgnSeatResult {
  int score = 0;  // Seeger-Fabian score of the series
  int won = 0;    // games won as declarer
  int lost = 0;   // games lost as declarer
  bool operator==(const PgnSeatResult&) const = default;
};

struct PgnHeader {
  std::string event;         // e.g. "Training"
  std::string date;          // "DD.MM.YYYY" (server local time)
  std::string time;          // "HH:MM"
  int duration_minutes = 0;  // written "24m"
  std::array<PgnSeat, 3> seats{};
  int number_of_games = 0;
  std::array<PgnSeatResult, 3> result{};
  bool operator==(const PgnHeader&) const = default;
};

struct PgnTrick {
  std::array<Card, 3> cards{};  // in play order, the leader's first
  int winner = 0;               // position 0..2 that won the trick
  int points = 0;               // + declarer won it, − defenders did
  bool operator==(const PgnTrick&) const = default;
};

// PGN game codes of field 2.
inline constexpr int kPgnFolded = -1;
inline constexpr int kPgnNull = 5;
inline constexpr int kPgnNullOuvert = 6;
inline constexpr int kPgnNullHand = 7;
inline constexpr int kPgnNullOuvertHand = 8;

// One game line; the fields as recorded (they may contradict each other: replay finds out).
struct PgnGame {
  int id = 0;                        // 1: index of the line within the series
  int game = kPgnFolded;             // 2: −1 folded, 0..3 suit, 4 grand, 5..8 null variants
  int declarer = 0;                  // 3: position 0..2 (0 when folded)
  std::array<int, 3> bids{};         // 4..6: highest value bid or held per position (0 = passed)
  bool hand = false;                 // 7
  bool schneider = false;            // 8: reached
  bool schneider_announced = false;  // 9
  bool schwarz = false;              // 10: reached
  bool schwarz_announced = false;    // 11
  bool ouvert = false;               // 12
  bool won = false;                  // 13
  bool folded = false;               // 14
  int level = 0;                     // 15: +n with n, −n without n matadors; 0 null/folded
  int eyes = 0;                      // 16: declarer's card points incl. skat, after any concession
  std::array<int, 3> strength{};     // 17..19: 0..10
  std::array<CardSet, 3> hands{};    // 20..49: as dealt (written ascending)
  std::array<Card, 2> skat{};        // 50..51: as dealt
  std::array<Card, 2> skat_put{};    // 52..53: the discard (= skat in hand and folded games)
  std::vector<PgnTrick> tricks;      // 54..: 5 fields per trick played
  // The two fields after the tricks of a doubled game (docs/records.md §1): the position that
  // said Kontra (−1 none) and whether the declarer answered Re.
  int kontra_by = -1;
  Doubling doubling = Doubling::None;

  bool operator==(const PgnGame&) const = default;
  Deal deal() const { return Deal{hands, CardSet{skat[0], skat[1]}}; }
};

struct PgnSeries {
  PgnHeader header;
  std::vector<PgnGame> games;
  bool operator==(const PgnSeries&) const = default;
};

struct PgnReadResult {
  PgnSeries series;                 // the header and every game line that could be read
  std::vector<RecordError> errors;  // a bad game line is reported here and left out
  bool ok() const { return errors.empty(); }
};

// Four header lines, a blank line, then one line per game; every line ends with '\n'.
std::string write_pgn(const PgnSeries& series);
// Reads a series; whitespace between numbers and trailing '\r' are tolerated (written canonically).
// A header "Number of games" that differs from the number of game lines is reported too.
PgnReadResult read_pgn(std::string_view text);
// A file of several series one after another, each starting with its "[Event" line; error line
// numbers count from the start of the file.
std::vector<PgnReadResult> read_pgn_series_list(std::string_view text);

// One game line as text (no newline), and one line parsed (errors carry `line_number`).
std::string write_pgn_game(const PgnGame& game);
std::expected<PgnGame, RecordError> read_pgn_game(std::string_view line, int line_number);

// The game line of a finished engine game (folded games too). `strengths` are fields 17..19.
PgnGame pgn_game_from(const Game& finished_game, int game_id, std::array<int, 3> strengths);

// Field 2 for a declaration, and back (null variants from the hand/ouvert flags).
int pgn_game_code(const Declaration& declaration);
Declaration pgn_declaration(const PgnGame& game);

// The table rules a line was played under (Kontra and Re when its Kontra fields are set), and its
// Kontra fields as the actions that replay them: none, a Kontra, or a Kontra and the declarer's Re.
// The line keeps no moment for them; replayed right after the declaration, where they are always
// allowed, they give the same result.
TableRules pgn_table_rules(const PgnGame& game);
std::vector<Action> pgn_doubling_actions(const PgnGame& game);

// Seat index 0..2 (Seat1..Seat3) of position `pos` in the line with game id `game_id`:
// forehand is Seat(id mod 3)+1, then clockwise.
int pgn_seat_of(int game_id, int pos);
// The declarer's signed list entry from the recorded fields (value, overbid rule, won flag).
int pgn_list_entry(const PgnGame& game);
// The line as the list sees it (declarer as a seat index), for seeger_fabian().
ListGame pgn_list_game(const PgnGame& game);
// Seeger-Fabian score and (won:lost) per seat over the games.
std::array<PgnSeatResult, 3> pgn_series_result(std::span<const PgnGame> games);
// Sets header.number_of_games and header.result from the games.
void fill_pgn_result(PgnSeries& series);

}  // namespace skat
