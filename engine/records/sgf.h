// ISS SGF game lines (docs/records.md §2): a typed model of one line (properties in their original
// order, the MV moves, the R[...] result), the text codec (one game per line; byte-identical
// round trip for lines in the canonical ISS layout) and the conversion of a finished engine game.
// Reading checks syntax only; replay.h replays the moves through the engine.
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/card.h"
#include "engine/game.h"
#include "engine/game_type.h"
#include "engine/records/record_error.h"

namespace skat {

// A property `NAME[value]`; the value is kept unescaped ("\]" → "]").
struct SgfProperty {
  std::string name;
  std::string value;
  bool operator==(const SgfProperty&) const = default;
};

enum class SgfMoveKind : std::uint8_t {
  Deal,       // w c.c.….c: 32 cards, 10 FH, 10 MH, 10 RH, 2 skat ("??" unknown)
  SkatShown,  // w c1.c2 after a pickup
  Bid,        // <pos> 18
  Hold,       // <pos> y
  Pass,       // <pos> p
  PickUp,     // <pos> s
  Declare,    // <pos> G.SK.S7, CHS, NO.HA.HQ, NOH, GO …
  Discard,    // <pos> SK.S7 (the split form: declaration first, discard after)
  Play,       // <pos> CJ
  Resign,     // <pos> RE
  Kontra,     // <pos> KO (a project extension, docs/records.md §2)
  Re,         // <pos> RK (a project extension)
  Show,       // <pos> SC or SC.c.c…
  Timeout,    // w TI.n
  Left,       // w LE.n
  Unknown,    // anything else, kept verbatim
};

// A declaration as written: the type letter, the flag letters O H S Z that were present, and the
// cards after them (after a pickup the first two are the discard; any further ones, or all of
// them in a hand game, are the ouvert cards shown).
struct SgfDeclaration {
  GameType type = GameType::Grand;
  bool ouvert = false;     // O
  bool hand = false;       // H
  bool schneider = false;  // S
  bool schwarz = false;    // Z
  std::vector<Card> cards;
  bool operator==(const SgfDeclaration&) const = default;
};

struct SgfMove {
  SgfMoveKind kind = SgfMoveKind::Unknown;
  int who = -1;                            // −1 the world ('w'), 0 FH, 1 MH, 2 RH
  int value = 0;                           // Bid: the value; Timeout / Left: the player
  std::vector<std::optional<Card>> cards;  // Deal (32), SkatShown (2), Discard (2), Play (1), Show (0+)
  SgfDeclaration declaration;              // Declare
  std::string who_text;                    // Unknown: the first word verbatim
  std::string text;                        // Unknown: the second word verbatim
  bool operator==(const SgfMove&) const = default;
};

// R[...]: its words in order (what is written back) and the fields parsed from them.
struct SgfResult {
  std::vector<std::string> tokens;
  bool passed = false;
  std::optional<int> declarer;   // d:
  std::optional<bool> won;       // win | loss
  std::optional<int> value;      // v: signed list entry
  std::optional<int> matadors;   // m:
  std::optional<bool> bid_ok;    // bidok (true) | overbid (false)
  std::optional<int> points;     // p:
  std::optional<int> tricks;     // t:
  std::optional<int> schneider;  // s: 0/1
  std::optional<int> schwarz;    // z: 0/1
  bool operator==(const SgfResult&) const = default;
};

struct SgfGame {
  // Every property in its original order. MV and R keep their place here with an empty value:
  // `moves` and `result` hold their contents and are written in their places.
  std::vector<SgfProperty> properties;
  std::vector<SgfMove> moves;
  SgfResult result;
  bool operator==(const SgfGame&) const = default;

  // The value of the first property `name` (empty when absent).
  std::string_view property(std::string_view name) const;
  std::string_view id() const { return property("ID"); }
};

struct SgfReadResult {
  std::vector<SgfGame> games;       // the lines that could be read, in order
  std::vector<RecordError> errors;  // one per bad line (with the game id when known)
  bool ok() const { return errors.empty(); }
};

// One game per line; blank lines are skipped, trailing '\r' tolerated.
SgfReadResult read_sgf(std::string_view text);
std::expected<SgfGame, RecordError> read_sgf_game(std::string_view line, int line_number);
// "(;GM[Skat]…MV[<move> <move> … ]R[<tokens>] ;)" without a newline.
std::string write_sgf_game(const SgfGame& game);
// Each game's line followed by '\n'.
std::string write_sgf(std::span<const SgfGame> games);

// Move and result texts: "1 18", "w H8.CK", "0 G.SK.S7"; "d:2 loss v:-54 …".
std::string sgf_move_text(const SgfMove& move);
std::expected<SgfMove, std::string> parse_sgf_move(std::string_view who, std::string_view action);
std::expected<SgfResult, std::string> parse_sgf_result(std::string_view text);

// The ISS result of a finished engine game: "passed" or
// "d:<declarer> win|loss v:<list entry> m:<matadors> bidok|overbid p:<points> t:<tricks>
//  s:<0/1> z:<0/1> p0:0 p1:0 p2:0 l:-1 to:-1 r:<1 when conceded>".
SgfResult sgf_result_from(const Game& finished_game);

// The table options a record's moves need: Kontra when a move says Kontra or Re.
TableRules sgf_table_rules(std::span<const SgfMove> moves);

// The SGF line of a finished engine game: GM PC CO SE ID DT P0..P2 R0..R2 (empty) MV R. Moves
// come from the game's history: bids "<pos> <value>", answers y/p, "s" then "w <skat>", the
// declaration with the discard in one move, the cards, "RE" for concessions.
SgfGame sgf_game_from(const Game& finished_game, const std::array<std::string, 3>& names, std::string_view series_id,
                      std::string_view game_id, std::string_view date_time);

}  // namespace skat
