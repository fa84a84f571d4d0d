// Errors found while reading a game record (series PGN or ISS SGF): where (line, field) and what.
// Readers collect them as values and go on with the next line; nothing here throws.
#pragma once

#include <string>

namespace skat {

struct RecordError {
  int line = 0;         // 1-based line number in the input
  std::string field;    // field name or 1-based position, e.g. "field 23 (hand of position 0)", "MV"
  std::string message;  // what is wrong, e.g. "card 32 out of range 0..31"
  std::string game_id;  // the game id when it could be read, else empty

  bool operator==(const RecordError&) const = default;
};

// "line 7, game 541932, MV: bad card 'CX' in move 1" (for logs and CLI messages).
std::string to_string(const RecordError& e);

}  // namespace skat
