#include "bots/bot_factory.h"

#include <algorithm>
#include <charconv>

#include "bots/pimc/pimc_player.h"
#include "bots/random_player.h"
#include "bots/rule_player.h"
#include "bots/simple_player.h"

namespace skat::bots {

namespace {

std::expected<int, std::string> parse_int(std::string_view key, std::string_view value, int lo, int hi) {
  int v = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  if (ec != std::errc{} || end != value.data() + value.size() || v < lo || v > hi)
    return std::unexpected("bot setting '" + std::string(key) + "' must be an integer in " + std::to_string(lo) + ".." +
                           std::to_string(hi));
  return v;
}

}  // namespace

std::string BotSpec::describe() const {
  if (kind != "pimc") return kind;
  return kind + ":worlds=" + std::to_string(worlds) + ",budget=" + std::to_string(budget.count()) +
         ",tt=" + std::to_string(tt_mib);
}

std::expected<BotSpec, std::string> parse_bot_spec(std::string_view text) {
  BotSpec spec;
  const auto colon = text.find(':');
  spec.kind = std::string(text.substr(0, colon));
  if (std::ranges::find(kBotKinds, spec.kind) == std::end(kBotKinds))
    return std::unexpected("unknown bot kind '" + spec.kind + "' (random, simple, rule, pimc)");
  if (colon == std::string_view::npos) return spec;
  std::string_view rest = text.substr(colon + 1);
  for (bool more = true; more;) {
    const auto comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    more = comma != std::string_view::npos;
    rest = more ? rest.substr(comma + 1) : std::string_view{};
    const auto eq = item.find('=');
    if (eq == std::string_view::npos) return std::unexpected("bot setting '" + std::string(item) + "' needs key=value");
    const std::string_view key = item.substr(0, eq), value = item.substr(eq + 1);
    if (spec.kind != "pimc") return std::unexpected("bot kind '" + spec.kind + "' takes no settings");
    if (key == "worlds") {
      auto v = parse_int(key, value, 1, 1000);
      if (!v) return std::unexpected(v.error());
      spec.worlds = *v;
    } else if (key == "budget") {
      auto v = parse_int(key, value, 1, 60000);
      if (!v) return std::unexpected(v.error());
      spec.budget = std::chrono::milliseconds(*v);
    } else if (key == "tt") {
      auto v = parse_int(key, value, 1, 64);
      if (!v) return std::unexpected(v.error());
      spec.tt_mib = *v;
    } else {
      return std::unexpected("unknown bot setting '" + std::string(key) + "' (worlds, budget, tt)");
    }
  }
  return spec;
}

std::unique_ptr<Player> make_player(const BotSpec& spec, std::uint64_t seed) {
  if (spec.kind == "random") return std::make_unique<RandomPlayer>(seed);
  if (spec.kind == "rule") return std::make_unique<RulePlayer>(seed);
  if (spec.kind == "pimc") {
    PimcSettings s;
    s.worlds = spec.worlds;
    s.budget = spec.budget;
    s.tt_bytes = static_cast<std::size_t>(spec.tt_mib) << 20;
    return std::make_unique<PimcPlayer>(seed, s);
  }
  return std::make_unique<SimplePlayer>(seed);
}

}  // namespace skat::bots
