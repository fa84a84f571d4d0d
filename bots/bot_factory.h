// The one place that turns a bot description into a Player: the kind ("random", "simple", "rule",
// "pimc") and its settings, written as `kind[:key=value,...]` (e.g. `pimc:worlds=20,budget=3000`)
// on command lines, in tournaments and by the bot client. Parsing validates every key and bound.
#pragma once

#include <chrono>
#include <cstdint>
#include <expected>
#include <memory>
#include <string>
#include <string_view>

#include "bots/player.h"

namespace skat::bots {

struct BotSpec {
  std::string kind = "simple";
  int worlds = 20;                         // pimc: worlds per card decision
  std::chrono::milliseconds budget{3000};  // pimc: time per card decision (kept below the 5 s clock)
  int tt_mib = 16;                         // pimc: solver table memory

  // The canonical text form (every setting of the kind, in a fixed order).
  std::string describe() const;
};

// Kinds a spec may name.
inline constexpr std::string_view kBotKinds[] = {"random", "simple", "rule", "pimc"};

// Parses `kind[:key=value,...]`; keys: worlds (1..1000), budget (ms, 1..60000), tt (MiB, 1..64).
std::expected<BotSpec, std::string> parse_bot_spec(std::string_view text);

// A fresh player of this spec, deterministic for the seed (PIMC: when its budget is not reached).
std::unique_ptr<Player> make_player(const BotSpec& spec, std::uint64_t seed);

}  // namespace skat::bots
