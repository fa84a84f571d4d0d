// `skat solve`: open-card positions as JSON lines on stdin → one answer line each on stdout, flushed
// as soon as it is solved (docs/cli.md): the value or the verdict of the question asked, every legal
// card's value when asked, nodes and ms. A bad line is answered with {"error":…} and the next one
// read; the exit status is 1 when any line was bad.
#include <chrono>
#include <cmath>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "bots/solver/open_solver.h"
#include "bots/solver/position.h"
#include "cli/command.h"

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
  bool exact = true;   // "exact": the value; a threshold: only whether the declarer reaches it
  int threshold = 61;  // what declarer_wins compares with (suit and grand)
  bool cards = false;  // every legal card's value too
};

std::expected<Request, std::string> parse_request(const Json& in) {
  if (!in.is_object()) return std::unexpected(std::string("input must be a JSON object"));
  for (const auto& [key, value] : in.items())
    if (key != "game" && key != "declarer" && key != "hands" && key != "skat" && key != "played" && key != "question" &&
        key != "declarer_points_so_far" && key != "leader" && key != "cards")
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
      r.exact = false;
    } else {
      return std::unexpected(std::string("question must be \"exact\" or a threshold 1..120"));
    }
  }
  if (in.contains("cards")) {
    if (!in["cards"].is_boolean()) return std::unexpected(std::string("cards must be true or false"));
    r.cards = in["cards"].get<bool>();
  }
  return r;
}

// The answer to one position (docs/cli.md): the exact value or only the verdict of the question,
// every legal card's value when asked, the node count and the time of the solve.
Json answer(const Request& request, PlayState& state) {
  const auto started = std::chrono::steady_clock::now();
  bots::OpenSolver solver;
  Json out;
  const bool null = state.game() == GameType::Null;
  if (null) {
    out["declarer_wins"] = solver.null_declarer_clean(state);
  } else if (request.exact) {
    const int points = solver.exact_points(state);
    out["declarer_points"] = points;
    out["declarer_wins"] = points >= request.threshold;
  } else {
    out["declarer_wins"] = solver.declarer_reaches(state, request.threshold);
  }
  if (request.cards) {
    Json cards = Json::object();
    for (const bots::CardValue& v : solver.card_values(state)) {
      if (null)
        cards[card_name(v.card)] = v.declarer_wins;
      else if (request.exact)
        cards[card_name(v.card)] = v.declarer_points;
      else
        cards[card_name(v.card)] = v.declarer_points >= request.threshold;
    }
    out["cards"] = std::move(cards);
  }
  out["nodes"] = solver.nodes();
  const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - started;
  out["ms"] = std::round(took.count() * 1000) / 1000;
  return out;
}

// Positions one JSON object per line (an object may also span lines), each answered by one line,
// flushed as soon as it is solved. A position that cannot be read or set up is answered with
// {"error":…} and reading goes on with the next line; the exit status is 1 when any was.
int run_solve() {
  bool any_error = false;
  const auto reply = [](const Json& out) { std::cout << out.dump() << std::endl; };
  while (std::cin >> std::ws && std::cin.peek() != std::char_traits<char>::eof()) {
    Json in;
    try {
      std::cin >> in;  // reads one JSON value and stops after it
    } catch (const Json::exception& e) {
      any_error = true;
      reply(Json{{"error", std::string("input is not valid JSON: ") + e.what()}});
      std::cin.clear();
      std::string rest_of_line;
      std::getline(std::cin, rest_of_line);
      continue;
    }
    auto request = parse_request(in);
    auto state = request ? bots::make_position(request->spec) : std::unexpected(request.error());
    if (!state) {
      any_error = true;
      reply(Json{{"error", state.error()}});
      continue;
    }
    reply(answer(*request, *state));
  }
  return any_error ? 1 : 0;
}

}  // namespace

Command add_solve_command(CLI::App& parent) {
  CLI::App* app =
      parent.add_subcommand("solve", "Open-card solver: positions as JSON lines on stdin, one answer line each");
  app->footer(
      "Input, one position per line: {\"game\":\"G\",\"declarer\":1,\"hands\":[\"CJ SJ ...\",\"...\",\"...\"],\n"
      "  \"skat\":\"D7 D8\",\"played\":[\"CA\",\"C9\"],\"question\":\"exact\"|61,\"cards\":false,\n"
      "  \"declarer_points_so_far\":0,\"leader\":0}\n"
      "hands: cards still held by forehand, middlehand, rearhand; played: the unfinished trick in order;\n"
      "leader: who led it (inferred from the hand sizes when cards were played; forehand otherwise).\n"
      "Answer, one line each, flushed: suit and grand {\"declarer_points\":… (exact only),\"declarer_wins\":…,\n"
      "  \"cards\":{card: points, or true|false for a threshold} (with \"cards\":true only),\"nodes\":…,\"ms\":…};\n"
      "null {\"declarer_wins\":…,\"cards\":{card: true|false},\"nodes\":…,\"ms\":…}.\n"
      "A bad line is answered with {\"error\":…} and the next read; exit status 1 when any line was bad.");
  return {app, run_solve};
}

}  // namespace skat::cli
