#include "bots/table_bot/contract_evaluator.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "bots/skat_putting/skat_putting.h"
#include "engine/auction.h"
#include "engine/scoring.h"

namespace skat::bots {

namespace {

constexpr std::array<GameType, 6> kTypes = {GameType::Clubs,    GameType::Spades, GameType::Hearts,
                                            GameType::Diamonds, GameType::Grand,  GameType::Null};
// A representative bid of each bid group of the tables (bid_group 0..3).
constexpr std::array<int, 4> kGroupBid = {18, 20, 27, 40};
// The skats at which max_bid asks the null model (every so many of the 231).
constexpr std::size_t kNullBidStride = 10;

Declaration make_declaration(GameType type, bool hand, bool ouvert) {
  Declaration d;
  d.type = type;
  d.hand = hand;
  d.ouvert = ouvert;
  return d;
}

// The declarations evaluated: every type picked up (null also ouvert), or every type hand.
const std::vector<Declaration>& declarations(bool hand) {
  static const auto make = [](bool as_hand) {
    std::vector<Declaration> out;
    for (GameType t : kTypes) out.push_back(make_declaration(t, as_hand, false));
    out.push_back(make_declaration(GameType::Null, as_hand, true));
    return out;
  };
  static const std::vector<Declaration> pickup = make(false), hand_games = make(true);
  return hand ? hand_games : pickup;
}

// Game value when won without schneider; `twelve` = the declarer's cards and the skat.
int game_value(const Declaration& d, CardSet twelve) {
  if (d.type == GameType::Null) return base_value(d);
  const int m = matadors(d.type, twelve);
  return base_value(d) * ((m < 0 ? -m : m) + 1 + (d.hand ? 1 : 0));
}

// Every pair of the cards not in `hand`.
std::vector<CardSet> unknown_skats(CardSet hand) {
  std::vector<Card> unseen;
  for (Card c : CardSet::all() - hand) unseen.push_back(c);
  std::vector<CardSet> skats;
  for (std::size_t i = 0; i < unseen.size(); ++i)
    for (std::size_t j = i + 1; j < unseen.size(); ++j) skats.push_back(CardSet{unseen[i], unseen[j]});
  return skats;
}

}  // namespace

double expected_payoff(double win, int value, int defender_bonus) {
  return (50.0 + value) * win - (50.0 + 2.0 * value + defender_bonus) * (1.0 - win);
}

double overbid_payoff(int bid, int defender_bonus) { return -(50.0 + 2.0 * bid + defender_bonus); }

ContractEvaluator::ContractEvaluator(const TableSet& tables, ContractSettings settings)
    : tables_(tables), settings_(settings) {
  if (settings_.null_model) null_model_ = std::make_shared<NullModel>(settings_.null_settings);
}

namespace {

// The bidding limit weighs the declarer's own score whatever the setting: against the table,
// passing is not worth 0 either (another player may declare and win), so the defenders' 40 alone
// would make the limit too timid (docs/tables.md).
double own_payoff_at(double win, int value, int bid) {
  return value >= bid ? expected_payoff(win, value) : overbid_payoff(bid);
}

}  // namespace

double ContractEvaluator::payoff_at(double win, int value, int bid) const {
  return value >= bid ? expected_payoff(win, value, settings_.defender_bonus)
                      : overbid_payoff(bid, settings_.defender_bonus);
}

double ContractEvaluator::win_probability(const DeclarerContext& c) const {
  const double table = tables_.win_probability(c);
  if (!null_model_ || c.declaration.type != GameType::Null || table < settings_.null_model_gate) return table;
  return null_model_->win_probability(
      {c.hand, c.declaration.hand ? CardSet{} : c.skat_put, c.declaration.ouvert, c.position});
}

std::vector<std::array<Card, 2>> ContractEvaluator::candidate_discards(CardSet twelve, const Declaration& d, int bid,
                                                                       int position, int how_many) const {
  const putting::PuttingContext context{position, bid};
  std::vector<std::array<Card, 2>> out;
  if (settings_.putting == putting::PuttingMethod::Rules) {
    for (const auto& option : putting::top_discards(twelve, d, how_many, context)) out.push_back(option.cards);
    return out;
  }
  const putting::WinProbabilityFn win = [&](CardSet ten, CardSet discard) {
    return tables_.win_probability({d, ten, discard, bid, position});
  };
  out.push_back(putting::choose_discard(twelve, d, settings_.putting, &win, context));
  return out;
}

ContractChoice ContractEvaluator::best_declaration(CardSet ten, CardSet discard, int bid, int position) const {
  ContractChoice best;
  for (const Declaration& d : declarations(false)) {
    const double w = win_probability({d, ten, discard, bid, position});
    const int v = game_value(d, ten | discard);
    const double c = payoff_at(w, v, bid);
    if (c > best.payoff) best = {d, {}, w, v, c};
  }
  int i = 0;
  for (Card c : discard) best.discard[static_cast<std::size_t>(i++)] = c;
  return best;
}

ContractChoice ContractEvaluator::best_pickup_game(CardSet twelve, int bid, int position) const {
  ContractChoice best;
  for (const Declaration& d : declarations(false)) {
    const int v = game_value(d, twelve);
    for (const auto& cards : candidate_discards(twelve, d, bid, position, settings_.discards_per_game)) {
      const CardSet discard{cards[0], cards[1]};
      const double w = win_probability({d, twelve - discard, discard, bid, position});
      const double c = payoff_at(w, v, bid);
      if (c > best.payoff) best = {d, cards, w, v, c};
    }
  }
  return best;
}

ContractChoice ContractEvaluator::best_hand_game(CardSet hand, int bid, int position) const {
  const auto skats = unknown_skats(hand);
  ContractChoice best;
  for (const Declaration& d : declarations(true)) {
    double sum_w = 0, sum_c = 0;
    for (CardSet skat : skats) {
      const double w = win_probability({d, hand, skat, bid, position});
      sum_w += w;
      sum_c += payoff_at(w, game_value(d, hand | skat), bid);
    }
    const double n = static_cast<double>(skats.size());
    if (sum_c / n > best.payoff) best = {d, {}, sum_w / n, game_value(d, hand), sum_c / n};
  }
  return best;
}

double ContractEvaluator::pickup_payoff(CardSet hand, int bid, int position) const {
  const auto skats = unknown_skats(hand);
  double sum = 0;
  for (CardSet skat : skats) sum += best_pickup_game(hand | skat, bid, position).payoff;
  return sum / static_cast<double>(skats.size());
}

int ContractEvaluator::max_bid(CardSet hand, int position) const {
  // Per skat and declaration: the game value and, per bid group, the best winning probability
  // (over the top discards when picking up); then each bid level only combines them.
  const auto skats = unknown_skats(hand);
  const auto& pickup = declarations(false);
  const auto& hand_games = declarations(true);
  const std::size_t np = pickup.size(), nh = hand_games.size();
  struct Cell {
    int value = 0;
    std::array<double, 4> win{};
  };
  std::vector<Cell> cells(skats.size() * (np + nh));
  // With the null model, a pickup null is asked of it at every kNullBidStride-th skat only; at the
  // others the tables' W is scaled by what the model made of the tables' W at those (the sum of
  // its answers over the sum of the tables'), so a bid costs some 23 null questions, not 231.
  std::vector<double> null_model_sum(np, 0.0), null_table_sum(np, 0.0);
  for (std::size_t s = 0; s < skats.size(); ++s) {
    const CardSet twelve = hand | skats[s];
    for (std::size_t g = 0; g < np; ++g) {
      Cell& cell = cells[s * (np + nh) + g];
      cell.value = game_value(pickup[g], twelve);
      const bool scaled = null_model_ && pickup[g].type == GameType::Null;
      const auto options = candidate_discards(twelve, pickup[g], 18, position, settings_.discards_per_game);
      for (std::size_t b = 0; b < 4; ++b)
        for (const auto& cards : options) {
          const CardSet discard{cards[0], cards[1]};
          const DeclarerContext c{pickup[g], twelve - discard, discard, kGroupBid[b], position};
          cell.win[b] = std::max(cell.win[b], scaled ? tables_.win_probability(c) : win_probability(c));
        }
      if (scaled && s % kNullBidStride == 0) {
        double model = 0;
        for (const auto& cards : options) {
          const CardSet discard{cards[0], cards[1]};
          model = std::max(model, win_probability({pickup[g], twelve - discard, discard, kGroupBid[0], position}));
        }
        null_model_sum[g] += model;
        null_table_sum[g] += cell.win[0];
      }
    }
    for (std::size_t g = 0; g < nh; ++g) {
      Cell& cell = cells[s * (np + nh) + np + g];
      cell.value = game_value(hand_games[g], twelve);
      for (std::size_t b = 0; b < 4; ++b)
        cell.win[b] = win_probability({hand_games[g], hand, skats[s], kGroupBid[b], position});
    }
  }
  for (std::size_t g = 0; g < np; ++g) {
    if (null_table_sum[g] <= 0) continue;
    const double scale = null_model_sum[g] / null_table_sum[g];
    for (std::size_t s = 0; s < skats.size(); ++s)
      for (double& w : cells[s * (np + nh) + g].win) w = std::min(1.0, w * scale);
  }
  int best_bid = 0;
  for (const int bid : legal_bid_values()) {
    const auto b = static_cast<std::size_t>(bid_group(bid));
    double pickup_sum = 0;
    std::vector<double> hand_sum(nh, 0.0);
    for (std::size_t s = 0; s < skats.size(); ++s) {
      double best = -1e9;
      for (std::size_t g = 0; g < np; ++g) {
        const Cell& cell = cells[s * (np + nh) + g];
        best = std::max(best, own_payoff_at(cell.win[b], cell.value, bid));
      }
      pickup_sum += best;
      for (std::size_t g = 0; g < nh; ++g) {
        const Cell& cell = cells[s * (np + nh) + np + g];
        hand_sum[g] += own_payoff_at(cell.win[b], cell.value, bid);
      }
    }
    const double n = static_cast<double>(skats.size());
    double expected = pickup_sum / n;
    for (double h : hand_sum) expected = std::max(expected, h / n);
    if (expected <= settings_.aggressiveness_threshold) break;
    best_bid = bid;
  }
  return best_bid;
}

double ContractEvaluator::hand_strength(CardSet hand, int position, int stride) const {
  auto skats = unknown_skats(hand);
  if (stride > 1) {
    std::vector<CardSet> some;
    for (std::size_t i = 0; i < skats.size(); i += static_cast<std::size_t>(stride)) some.push_back(skats[i]);
    skats = std::move(some);
  }
  double pickup = 0;
  for (CardSet skat : skats) {
    const CardSet twelve = hand | skat;
    double best = 0;
    for (const Declaration& d : declarations(false))
      for (const auto& cards : candidate_discards(twelve, d, 18, position, 1)) {
        const CardSet discard{cards[0], cards[1]};
        best = std::max(best, tables_.win_probability({d, twelve - discard, discard, 18, position}));
      }
    pickup += best;
  }
  return pickup / static_cast<double>(skats.size());
}

std::array<int, 3> pgn_hand_strengths(const TableSet& tables, const Deal& deal, int stride) {
  const ContractEvaluator evaluator(tables);
  std::array<int, 3> out{};
  for (std::size_t p = 0; p < 3; ++p)
    out[p] = static_cast<int>(std::lround(10 * evaluator.hand_strength(deal.hands[p], static_cast<int>(p), stride)));
  return out;
}

}  // namespace skat::bots
