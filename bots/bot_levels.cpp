#include "bots/bot_levels.h"

#include <algorithm>

#include "bots/bot_factory.h"

namespace skat::bots {

std::optional<std::string_view> bot_level(std::string_view program) {
  const auto spec = parse_bot_spec(program, false);
  if (!spec) return std::nullopt;
  if (spec->kind == "random" || spec->kind == "simple" || spec->kind == "rule") return kBotLevels[0].name;
  if (spec->kind == "pimc" || (spec->kind == "full" && spec->worlds < 16)) return kBotLevels[1].name;
  if (spec->kind == "full") return kBotLevels[2].name;
  return std::nullopt;
}

const BotLevel* find_bot_level(std::string_view name) {
  const auto it = std::ranges::find(kBotLevels, name, &BotLevel::name);
  return it == kBotLevels.end() ? nullptr : &*it;
}

}  // namespace skat::bots
