#include <algorithm>

#include "engine/records/pgn.h"

namespace skat {

namespace {

std::array<Card, 2> two_cards(CardSet s) {
  std::array<Card, 2> out{};
  std::size_t i = 0;
  for (Card c : s)
    if (i < 2) out[i++] = c;
  return out;
}

PgnTrick pgn_trick(const CompletedTrick& t, int declarer) {
  return {t.cards, t.winner, t.winner == declarer ? t.points : -t.points};
}

}  // namespace

int pgn_game_code(const Declaration& d) {
  if (d.type != GameType::Null) return static_cast<int>(d.type);
  return kPgnNull + (d.ouvert ? 1 : 0) + (d.hand ? 2 : 0);
}

TableRules pgn_table_rules(const PgnGame& g) { return TableRules{.kontra = g.doubling != Doubling::None}; }

std::vector<Action> pgn_doubling_actions(const PgnGame& g) {
  std::vector<Action> out;
  if (g.doubling != Doubling::None) out.push_back(Action::kontra(g.kontra_by));
  if (g.doubling == Doubling::Re) out.push_back(Action::re(g.declarer));
  return out;
}

Declaration pgn_declaration(const PgnGame& g) {
  Declaration d;
  if (g.game >= kPgnNull) {
    d.type = GameType::Null;
    d.ouvert = g.game == kPgnNullOuvert || g.game == kPgnNullOuvertHand;
    d.hand = g.game == kPgnNullHand || g.game == kPgnNullOuvertHand;
    return d;
  }
  d.type = static_cast<GameType>(std::clamp(g.game, 0, 4));
  d.hand = g.hand;
  d.schneider_announced = g.schneider_announced;
  d.schwarz_announced = g.schwarz_announced;
  d.ouvert = g.ouvert;
  return d;
}

PgnGame pgn_game_from(const Game& game, int game_id, std::array<int, 3> strengths) {
  PgnGame g;
  g.id = game_id;
  g.bids = game.bids();
  g.strength = strengths;
  g.hands = game.deal().hands;
  g.skat = two_cards(game.deal().skat);
  g.skat_put = g.skat;
  if (game.folded() || game.declarer() < 0) {
    g.game = kPgnFolded;
    g.folded = true;
    return g;
  }
  const Declaration& d = game.declaration();
  const GameResult& r = game.result();
  g.game = pgn_game_code(d);
  g.declarer = game.declarer();
  g.hand = d.hand;
  g.schneider = r.schneider;
  g.schneider_announced = d.schneider_announced;
  g.schwarz = r.schwarz;
  g.schwarz_announced = d.schwarz_announced;
  g.ouvert = d.ouvert;
  g.won = r.won;
  g.level = r.matadors;
  g.eyes = game.outcome().declarer_points;
  g.skat_put = two_cards(game.discard());
  g.kontra_by = game.kontra_by();
  g.doubling = game.doubling();
  for (const CompletedTrick& t : game.tricks()) g.tricks.push_back(pgn_trick(t, g.declarer));
  return g;
}

int pgn_seat_of(int game_id, int pos) { return (game_id % 3 + pos) % 3; }

int pgn_list_entry(const PgnGame& g) {
  if (g.folded || g.game == kPgnFolded) return 0;
  const Declaration d = pgn_declaration(g).normalized();
  const int base = base_value(d);
  int value = base;
  if (d.type != GameType::Null) {
    // Levels as in docs/rules.md §6: announced levels count whether reached or not.
    int m = std::abs(g.level) + 1;
    for (bool level : {d.hand, g.schneider || d.schneider_announced, d.schneider_announced,
                       g.schwarz || d.schwarz_announced, d.schwarz_announced, d.ouvert})
      m += level ? 1 : 0;
    value = base * m;
    const int bid = g.bids[static_cast<std::size_t>(std::clamp(g.declarer, 0, 2))];
    if (value < bid) value = (bid + base - 1) / base * base;
  }
  value *= doubling_factor(g.doubling);
  return g.won ? value : -2 * value;
}

ListGame pgn_list_game(const PgnGame& g) {
  ListGame lg;
  lg.folded = g.folded || g.game == kPgnFolded;
  if (lg.folded) return lg;
  lg.declarer = pgn_seat_of(g.id, g.declarer);
  lg.won = g.won;
  lg.list_entry = pgn_list_entry(g);
  return lg;
}

std::array<PgnSeatResult, 3> pgn_series_result(std::span<const PgnGame> games) {
  std::vector<ListGame> list;
  list.reserve(games.size());
  for (const PgnGame& g : games) list.push_back(pgn_list_game(g));
  const auto sf = seeger_fabian(list);
  std::array<PgnSeatResult, 3> out{};
  for (std::size_t i = 0; i < 3; ++i) out[i] = {sf[i].score, sf[i].won, sf[i].lost};
  return out;
}

void fill_pgn_result(PgnSeries& series) {
  series.header.number_of_games = static_cast<int>(series.games.size());
  series.header.result = pgn_series_result(series.games);
}

}  // namespace skat
