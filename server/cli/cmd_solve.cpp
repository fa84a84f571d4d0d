// `skat solve`: one open-card position as JSON on stdin → its value and the value of every legal
// card on stdout (docs/cli.md). Invalid input prints {"error":…} and exits 1, like `skat value`.
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>

#include "bots/solver/open_solver.h"
#include "bots/solver/position.h"
#include "server/cli/command.h"

namespace skat::cli {

namespace {

using Json = nlohmann::ordered_json;

// Cards as "CJ SJ HA" or ["CJ","SJ","HA"].
std::expected<std::vector<Card>, std::string> card_list(const Json& j, const char* field) {
  std::vector<std::string> names;
  if (j.is_string()) {
    std::istringstream in(j.get<std::string>());
    for (std::string name; in >> name;) names.push_back(name);
  } else if (j.is_array()) {
    for (const Json& item : j) {
      if (!item.is_string()) return std::unexpected(std::string(field) + ": cards must be strings");
      names.push_back(item.get<std::string>());
    }
  } else {
    return std::unexpected(std::string(field) + ": expected a card list");
  }
  std::vector<Card> cards;
  for (const std::string& name : names) {
    const auto c = parse_card(name);
    if (!c) return std::unexpected(std::string(field) + ": unknown card \"" + name + "\"");
    cards.push_back(*c);
  }
  return cards;
}

std::expected<CardSet, std::string> card_set(const Json& j, const char* field) {
  auto list = card_list(j, field);
  if (!list) return std::unexpected(list.error());
  CardSet set;
  for (Card c : *list) {
    if (set.contains(c)) return std::unexpected(std::string(field) + ": card named twice: " + card_name(c));
    set.add(c);
  }
  return set;
}

std::expected<int, std::string> int_field(const Json& in, const char* key, int lo, int hi, int fallback) {
  if (!in.contains(key)) return fallback;
  const Json& v = in[key];
  if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi)
    return std::unexpected(std::string(key) + " must be an integer " + std::to_string(lo) + ".." + std::to_string(hi));
  return static_cast<int>(v.get<long long>());
}

struct Request {
  bots::PositionSpec spec;
  int threshold = 61;
};

std::expected<Request, std::string> parse_request(const Json& in) {
  if (!in.is_object()) return std::unexpected(std::string("input must be a JSON object"));
  for (const auto& [key, value] : in.items())
    if (key != "game" && key != "declarer" && key != "hands" && key != "skat" && key != "played" && key != "question" &&
        key != "declarer_points_so_far" && key != "leader")
      return std::unexpected("unknown field \"" + key + "\"");
  Request r;
  const std::string game = in.value("game", "");
  const auto type = game.size() == 1 ? parse_game_letter(game[0]) : std::nullopt;
  if (!type) return std::unexpected(std::string("game must be one of C S H D G N"));
  r.spec.game = *type;
  auto declarer = int_field(in, "declarer", 0, 2, -1);
  if (!declarer || *declarer < 0) return std::unexpected(std::string("declarer must be 0, 1 or 2"));
  r.spec.declarer = *declarer;
  if (!in.contains("hands") || !in["hands"].is_array() || in["hands"].size() != 3)
    return std::unexpected(std::string("hands must list three hands (forehand, middlehand, rearhand)"));
  for (std::size_t p = 0; p < 3; ++p) {
    auto hand = card_set(in["hands"][p], "hands");
    if (!hand) return std::unexpected(hand.error());
    r.spec.hands[p] = *hand;
  }
  CardSet skat;
  if (in.contains("skat")) {
    auto s = card_set(in["skat"], "skat");
    if (!s) return std::unexpected(s.error());
    if (s->size() != 2) return std::unexpected(std::string("skat must be two cards"));
    skat = *s;
  } else if (r.spec.game != GameType::Null) {
    return std::unexpected(std::string("skat: the two cards that count for the declarer are needed"));
  }
  r.spec.known_elsewhere = skat;
  if (in.contains("played")) {
    auto played = card_list(in["played"], "played");
    if (!played) return std::unexpected(played.error());
    r.spec.trick = *played;
  }
  auto so_far = int_field(in, "declarer_points_so_far", 0, 120, 0);
  if (!so_far) return std::unexpected(so_far.error());
  r.spec.declarer_points_so_far = *so_far + (r.spec.game == GameType::Null ? 0 : card_points(skat));
  if (in.contains("leader")) {
    auto leader = int_field(in, "leader", 0, 2, 0);
    if (!leader) return std::unexpected(leader.error());
    r.spec.leader = *leader;
  }
  if (in.contains("question")) {
    const Json& q = in["question"];
    if (q.is_string() && q.get<std::string>() == "exact") {
      r.threshold = 61;
    } else if (q.is_number_integer() || q.is_string()) {
      try {
        r.threshold = q.is_string() ? std::stoi(q.get<std::string>()) : q.get<int>();
      } catch (const std::exception&) {
        return std::unexpected(std::string("question must be \"exact\" or a threshold 1..120"));
      }
      if (r.threshold < 1 || r.threshold > 120)
        return std::unexpected(std::string("question must be \"exact\" or a threshold 1..120"));
    } else {
      return std::unexpected(std::string("question must be \"exact\" or a threshold 1..120"));
    }
  }
  return r;
}

int run_solve() {
  const std::string text{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
  const Json in = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  auto request = in.is_discarded() ? std::unexpected(std::string("input is not valid JSON")) : parse_request(in);
  auto state = request ? bots::make_position(request->spec) : std::unexpected(request.error());
  if (!state) {
    std::cout << Json{{"error", state.error()}}.dump() << '\n';
    return 1;
  }
  bots::OpenSolver solver;
  Json out;
  Json cards = Json::object();
  if (state->game() == GameType::Null) {
    out["declarer_wins"] = solver.null_declarer_clean(*state);
    for (const bots::CardValue& v : solver.card_values(*state)) cards[card_name(v.card)] = v.declarer_wins;
  } else {
    const int points = solver.exact_points(*state);
    out["declarer_points"] = points;
    out["declarer_wins"] = points >= request->threshold;
    for (const bots::CardValue& v : solver.card_values(*state)) cards[card_name(v.card)] = v.declarer_points;
  }
  out["cards"] = cards;
  out["nodes"] = solver.nodes();
  std::cout << out.dump() << '\n';
  return 0;
}

}  // namespace

Command add_solve_command(CLI::App& parent) {
  CLI::App* app = parent.add_subcommand("solve", "Open-card solver on one position: JSON on stdin (cli.md)");
  app->footer(
      "Input: {\"game\":\"G\",\"declarer\":1,\"hands\":[\"CJ SJ ...\",\"...\",\"...\"],\"skat\":\"D7 D8\",\n"
      "        \"played\":[\"CA\",\"C9\"],\"question\":\"exact\"|61, \"declarer_points_so_far\":0, \"leader\":0}\n"
      "hands: cards still held by forehand, middlehand, rearhand; played: the unfinished trick in order;\n"
      "leader: who led it (inferred from the hand sizes when cards were played; forehand otherwise).\n"
      "Output (suit, grand): {\"declarer_points\":…,\"declarer_wins\":…,\"cards\":{card: points},\"nodes\":…};\n"
      "null: {\"declarer_wins\":…,\"cards\":{card: true|false},\"nodes\":…}; invalid input: {\"error\":…}, exit 1");
  return {app, run_solve};
}

}  // namespace skat::cli
