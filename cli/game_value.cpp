#include "cli/game_value.h"

#include "engine/auction.h"
#include "engine/scoring.h"

namespace skat::cli {

namespace {

using Json = nlohmann::json;

template <class T>
std::unexpected<std::string> fail(T&& message) {
  return std::unexpected(std::string(std::forward<T>(message)));
}

std::expected<bool, std::string> get_bool(const Json& j, const char* key) {
  if (!j.contains(key)) return false;
  if (!j[key].is_boolean()) return fail(std::string("'") + key + "' must be true or false");
  return j[key].get<bool>();
}

std::expected<int, std::string> get_int(const Json& j, const char* key, int lo, int hi) {
  if (!j.contains(key)) return fail(std::string("missing '") + key + "'");
  if (!j[key].is_number_integer()) return fail(std::string("'") + key + "' must be an integer");
  const auto v = j[key].get<long long>();
  if (v < lo || v > hi)
    return fail(std::string("'") + key + "' must be in " + std::to_string(lo) + ".." + std::to_string(hi));
  return static_cast<int>(v);
}

std::expected<CardSet, std::string> get_cards(const Json& j, const char* key, int count) {
  if (!j.contains(key) || !j[key].is_array()) return fail(std::string("'") + key + "' must be an array of cards");
  if (static_cast<int>(j[key].size()) != count)
    return fail(std::string("'") + key + "' must hold " + std::to_string(count) + " cards, not " +
                std::to_string(j[key].size()));
  CardSet cards;
  for (const Json& item : j[key]) {
    if (!item.is_string()) return fail(std::string("'") + key + "' must hold card names such as \"CJ\"");
    const auto name = item.get<std::string>();
    const auto card = parse_card(name);
    if (!card) return fail("unknown card '" + name + "'");
    if (cards.contains(*card)) return fail("duplicate card '" + name + "'");
    cards.add(*card);
  }
  return cards;
}

std::expected<Declaration, std::string> get_declaration(const Json& j) {
  if (!j.contains("game") || !j["game"].is_string() || j["game"].get<std::string>().size() != 1)
    return fail("'game' must be one of C S H D G N");
  const auto type = parse_game_letter(j["game"].get<std::string>()[0]);
  if (!type) return fail("'game' must be one of C S H D G N");
  Declaration d{*type};
  for (auto [flag, key] : {std::pair{&d.hand, "hand"}, std::pair{&d.schneider_announced, "schneider_announced"},
                           std::pair{&d.schwarz_announced, "schwarz_announced"}, std::pair{&d.ouvert, "ouvert"}}) {
    const auto v = get_bool(j, key);
    if (!v) return std::unexpected(v.error());
    *flag = *v;
  }
  return d;
}

std::string explain(RuleError e) {
  switch (e) {
    case RuleError::AnnouncementNotAllowed:
      return "announcement not allowed: schneider, schwarz and suit/grand ouvert need a hand game, null has "
             "neither";
    case RuleError::NullBelowBid: return "null game value is below the bid";
    case RuleError::IllegalBidValue: return "'bid' is not a legal bid value";
    default: return "declaration rejected: " + std::string(to_string(e));
  }
}

}  // namespace

std::expected<GameValue, std::string> evaluate_game(const Json& j) {
  if (!j.is_object()) return fail("the description must be a JSON object");
  const auto declaration = get_declaration(j);
  if (!declaration) return std::unexpected(declaration.error());
  const auto declarer = get_cards(j, "declarer_cards", 10);
  if (!declarer) return std::unexpected(declarer.error());
  const auto skat = get_cards(j, "skat", 2);
  if (!skat) return std::unexpected(skat.error());
  if (!(*declarer & *skat).empty()) return fail("duplicate card '" + card_name((*declarer & *skat).first()) + "'");
  const auto bid = get_int(j, "bid", 18, 264);
  if (!bid) return std::unexpected(bid.error());
  const auto tricks = get_int(j, "declarer_tricks", 0, 10);
  if (!tricks) return std::unexpected(tricks.error());
  const bool null = declaration->type == GameType::Null;
  const auto points = null && !j.contains("declarer_points") ? 0 : get_int(j, "declarer_points", 0, 120);
  if (!points) return std::unexpected(points.error());
  if (!null && *tricks == 10 && *points != 120) return fail("10 declarer tricks must come with 120 card points");

  if (!is_legal_bid(*bid)) return fail(explain(RuleError::IllegalBidValue));
  const auto declared = validate_declaration(*declaration, !declaration->hand, *bid);
  if (!declared) return fail(explain(declared.error()));
  GameOutcome outcome;
  outcome.declaration = *declared;
  outcome.bid = *bid;
  outcome.declarer_cards_and_skat = *declarer | *skat;
  outcome.declarer_points = *points;
  outcome.declarer_tricks = *tricks;
  outcome.defender_tricks = 10 - *tricks;
  const auto kontra = get_bool(j, "kontra");
  if (!kontra) return std::unexpected(kontra.error());
  const auto re = get_bool(j, "re");
  if (!re) return std::unexpected(re.error());
  if (*re && !*kontra) return fail("'re' answers a Kontra: it needs \"kontra\": true");
  outcome.doubling = *re ? Doubling::Re : *kontra ? Doubling::Kontra : Doubling::None;
  const GameResult r = score_game(outcome);
  return GameValue{r.won, r.overbid, r.matadors, r.list_entry};
}

nlohmann::ordered_json to_json(const GameValue& v) {
  nlohmann::ordered_json out;
  out["won"] = v.won;
  out["overbid"] = v.overbid;
  out["matadors"] = v.matadors;
  out["value"] = v.value;
  return out;
}

}  // namespace skat::cli
