#include "engine/records/record_error.h"

namespace skat {

std::string to_string(const RecordError& e) {
  std::string s = "line " + std::to_string(e.line);
  if (!e.game_id.empty()) s += ", game " + e.game_id;
  if (!e.field.empty()) s += ", " + e.field;
  return s + ": " + e.message;
}

}  // namespace skat
