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

bool is_bot_level(std::string_view name) {
  return std::ranges::any_of(kBotLevels, [&](const BotLevel& l) { return l.name == name; });
}

}  // namespace skat::bots
