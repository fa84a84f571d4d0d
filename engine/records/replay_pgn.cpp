#include <string>

#include "engine/records/pgn_fields.h"
#include "engine/records/replay.h"
#include "engine/records/replay_common.h"

namespace skat {

namespace {

using Step = std::expected<void, std::string>;

std::unexpected<std::string> fail(std::string what) { return std::unexpected(std::move(what)); }

Step apply(Game& game, const Action& a, std::string_view where) {
  if (auto r = game.apply(a); !r) return fail(replay::rule_error_text(where, r.error()));
  return {};
}

// Fields that the replay takes as given must agree with each other.
Step check_inputs(const PgnGame& g) {
  if (g.folded != (g.game == kPgnFolded)) return fail("field 14 (folded) contradicts field 2 (game)");
  if (g.folded && g.doubling != Doubling::None) return fail("the Kontra fields: a folded game is not doubled");
  if (!g.deal().valid()) return fail("fields 20..51: the hands and skat are not 32 different cards");
  if (g.game >= kPgnNull) {
    const Declaration d = pgn_declaration(g);
    if (g.hand != d.hand) return fail("field 7 (hand) contradicts field 2 (game)");
    if (g.ouvert != d.ouvert) return fail("field 12 (ouvert) contradicts field 2 (game)");
  }
  return {};
}

Step skat_and_declaration(Game& game, const PgnGame& g) {
  const int pos = g.declarer;
  Declaration d = pgn_declaration(g);
  if (d.hand) {
    if (CardSet{g.skat_put[0], g.skat_put[1]} != CardSet{g.skat[0], g.skat[1]})
      return fail("fields 52..53 (skat put): a hand game puts the skat as dealt");
    return apply(game, Action::declare(pos, d), "fields 2, 7, 9, 11, 12 (declaration)");
  }
  if (auto r = apply(game, Action::pick_up(pos), "field 7 (hand)"); !r) return r;
  if (auto r = apply(game, Action::discard(pos, g.skat_put[0], g.skat_put[1]), "fields 52..53 (skat put)"); !r)
    return r;
  return apply(game, Action::declare(pos, d), "fields 2, 7, 9, 11, 12 (declaration)");
}

// Kontra and Re, right after the declaration (pgn_doubling_actions).
Step pgn_doubling(Game& game, const PgnGame& g) {
  for (const Action& a : pgn_doubling_actions(g))
    if (auto r = apply(game, a, a.kind == ActionKind::Re ? "the Kontra fields (Re)" : "the Kontra fields"); !r)
      return r;
  return {};
}

// Plays the recorded tricks; a wrong winner or points field is a mismatch, an illegal card an error.
Step play_tricks(Game& game, const PgnGame& g, std::vector<std::string>& mismatches) {
  for (std::size_t i = 0; i < g.tricks.size(); ++i) {
    const PgnTrick& t = g.tricks[i];
    const std::string trick = "trick " + std::to_string(i + 1);
    if (game.finished()) return fail(trick + ": recorded after the end of the game");
    for (std::size_t j = 0; j < 3; ++j) {
      const int pos = game.to_act();
      const std::string where = trick + " card " + std::to_string(j + 1) + " (" + card_name(t.cards[j]) +
                                " by position " + std::to_string(pos) + (j == 0 ? ", the leader)" : ")");
      if (auto r = apply(game, Action::play(pos, t.cards[j]), where); !r) return r;
    }
    const CompletedTrick& done = game.tricks().back();
    replay::compare(mismatches, trick + " winner", t.winner, done.winner);
    replay::compare(mismatches, trick + " points", t.points, done.winner == g.declarer ? done.points : -done.points);
  }
  return {};
}

// Fields 8, 10, 13, 15, 16 against a finished replay.
std::vector<std::string> result_mismatches(const PgnGame& g, const Game& game) {
  std::vector<std::string> mm;
  const bool played = !game.folded();
  replay::compare(mm, "schneider", g.schneider, played && game.result().schneider);
  replay::compare(mm, "schwarz", g.schwarz, played && game.result().schwarz);
  replay::compare(mm, "won", g.won, played && game.result().won);
  replay::compare(mm, "level", g.level, played ? game.result().matadors : 0);
  replay::compare(mm, "eyes", g.eyes, played ? game.outcome().declarer_points : 0);
  return mm;
}

Game conceded(Game game, bool by_defenders) {
  const int d = game.declarer();
  if (!by_defenders) {
    (void)game.apply(Action::concede(d));
    return game;
  }
  for (int pos = 0; pos < 3; ++pos)
    if (pos != d) (void)game.apply(Action::concede(pos));
  return game;
}

// A line that stops before the natural end was conceded: by the defenders when the recorded eyes
// include all remaining points, else by the declarer; when that does not explain the recorded
// won / schneider / schwarz fields but the other concession does, the other one.
Game with_inferred_concession(const Game& game, const PgnGame& g) {
  const PlayState& ps = game.play_state();
  const int remaining = card_points(ps.hand(0) | ps.hand(1) | ps.hand(2));
  const bool defenders_first = remaining > 0 && g.eyes == ps.declarer_points() + remaining;
  Game first = conceded(game, defenders_first);
  if (result_mismatches(g, first).empty()) return first;
  Game second = conceded(game, !defenders_first);
  if (result_mismatches(g, second).empty()) return second;
  return first;
}

// The game after the auction and, unless it was folded, the skat and the declaration.
std::expected<Game, std::string> game_before_play(const PgnGame& g) {
  if (auto r = check_inputs(g); !r) return std::unexpected(r.error());
  auto start = Game::after_auction(g.deal(), g.folded ? -1 : g.declarer, g.bids, pgn_table_rules(g));
  if (!start) return fail(replay::rule_error_text("fields 3..6 (declarer and bids)", start.error()));
  Game game = std::move(*start);
  if (game.folded()) {
    if (!g.tricks.empty()) return fail("trick 1: recorded in a folded game");
    for (int b : g.bids)
      if (b != 0) return fail("fields 4..6 (bids): a folded game has no bids");
    return game;
  }
  if (auto r = skat_and_declaration(game, g); !r) return std::unexpected(r.error());
  if (auto r = pgn_doubling(game, g); !r) return std::unexpected(r.error());
  return game;
}

std::expected<Game, std::string> replay_game(const PgnGame& g, std::vector<std::string>& mismatches) {
  auto start = game_before_play(g);
  if (!start || start->folded()) return start;
  Game game = std::move(*start);
  if (auto r = play_tricks(game, g, mismatches); !r) return std::unexpected(r.error());
  if (!game.finished()) game = with_inferred_concession(game, g);
  return game;
}

}  // namespace

std::expected<Game, std::string> pgn_game_at_play(const PgnGame& g) {
  auto game = game_before_play(g);
  if (game && game->folded()) return fail("field 14: a folded game has no card play");
  return game;
}

ReplayOutcome replay_pgn(const PgnGame& g) {
  ReplayOutcome out;
  out.id = std::to_string(g.id);
  auto game = replay_game(g, out.mismatches);
  if (!game) {
    out.error = game.error();
    out.mismatches.clear();
    return out;
  }
  replay::fill_outcome(*game, out);
  for (std::string& m : result_mismatches(g, *game)) out.mismatches.push_back(std::move(m));
  return out;
}

}  // namespace skat
