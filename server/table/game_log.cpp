#include "server/table/game_log.h"

#include <cstdint>
#include <nlohmann/json.hpp>

namespace skat::table {

namespace {
using LogJson = nlohmann::json;
}  // namespace

std::expected<std::vector<Action>, std::string> auction_calls(std::string_view event_log) {
  const LogJson events = LogJson::parse(event_log, nullptr, false);
  if (!events.is_array()) return std::unexpected("the event log is not a JSON array");
  std::vector<Action> calls;
  for (std::size_t i = 0; i < events.size(); ++i) {
    const LogJson& e = events[i];
    if (!e.is_object()) continue;
    const auto type = e.find("type");
    if (type == e.end() || !type->is_string()) continue;
    const std::string& name = type->get_ref<const std::string&>();
    if (name != "bid" && name != "hold" && name != "pass") continue;
    const std::string where = "event " + std::to_string(i + 1) + " (" + name + ")";
    const auto pos = e.find("pos");
    if (pos == e.end() || !pos->is_number_integer() || pos->get<std::int64_t>() < 0 || pos->get<std::int64_t>() > 2)
      return std::unexpected(where + ": no position 0..2");
    const int p = pos->get<int>();
    if (name == "bid") {
      // Any value that fits is passed on: the engine says whether it is a legal bid.
      const auto value = e.find("value");
      if (value == e.end() || !value->is_number_integer() || value->get<std::int64_t>() < 0 ||
          value->get<std::int64_t>() > 1000)
        return std::unexpected(where + ": no bid value");
      calls.push_back(Action::make_bid(p, value->get<int>()));
    } else {
      calls.push_back(name == "hold" ? Action::hold(p) : Action::pass(p));
    }
  }
  return calls;
}

std::vector<Card> played_cards(std::string_view event_log) {
  const LogJson events = LogJson::parse(event_log, nullptr, false);
  std::vector<Card> cards;
  if (!events.is_array()) return cards;
  for (const LogJson& e : events) {
    if (!e.is_object() || e.value("type", LogJson()) != "play") continue;
    const auto card = e.find("card");
    const auto parsed = card != e.end() && card->is_string() ? parse_card(card->get<std::string>()) : std::nullopt;
    if (!parsed) return {};
    cards.push_back(*parsed);
  }
  return cards;
}

}  // namespace skat::table
