// `skat value`: a game described in JSON (docs/cli.md) → won, overbid, matadors and the signed list
// entry. The declaration is checked by the engine's own Game state machine (hand / announcement
// rules, null below bid, legal bid), and the result comes from engine scoring.
#pragma once

#include <expected>
#include <nlohmann/json.hpp>
#include <string>

namespace skat::cli {

struct GameValue {
  bool won = false;
  bool overbid = false;
  int matadors = 0;
  int value = 0;  // the declarer's list entry, signed
};

// The error is a one-line description of what is invalid.
std::expected<GameValue, std::string> evaluate_game(const nlohmann::json& description);

nlohmann::ordered_json to_json(const GameValue& v);

}  // namespace skat::cli
