// The named strength levels people choose bots by (docs/bots.md, "Levels"): each a documented spec
// the operator's house bots run, and the rule that places any announced spec on a level, so the
// lobby, the tables and the leaderboard can say which level a bot plays.
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace skat::bots {

struct BotLevel {
  std::string_view name;  // "beginner", "club", "strongest"
  std::string_view spec;  // what scripts/run.sh starts for it
};

// Weakest first. The strongest is the deployed bot (docs/strength.md).
inline constexpr std::array<BotLevel, 3> kBotLevels{{
    {"beginner", "simple"},
    {"club", "full:worlds=4,nodes=200,stop=1"},
    {"strongest", "full:worlds=32,budget=2000,threads=2,nodes=2000,stop=1,infer=learned"},
}};

// The level of a house bot's announced program: random, simple and rule play as beginners; PIMC
// card play (pimc, or full below 16 worlds) as a club player; the complete bot with 16 worlds or
// more as the strongest. Nothing for a player's bot, an outside program or a spec that does not parse.
std::optional<std::string_view> bot_level(std::string_view program);

// The level of that name, if there is one.
const BotLevel* find_bot_level(std::string_view name);

}  // namespace skat::bots
