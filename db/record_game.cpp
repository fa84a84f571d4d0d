#include "db/record_game.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace skat::db {

namespace {

using Step = std::expected<void, std::string>;

std::unexpected<std::string> fail(std::string what) { return std::unexpected(std::move(what)); }

Step apply(Game& game, const Action& a, std::string_view where) {
  if (auto r = game.apply(a); !r)
    return fail(std::string(where) + ": " + describe(a) + ": " + std::string(to_string(r.error())));
  return {};
}

// ---- PGN ----

bool auction_done(const Game& g, const std::array<int, 3>& highest, int declarer) {
  if (g.phase() == Phase::Bidding) return false;
  return g.bids() == highest && (declarer < 0 ? g.folded() : g.declarer() == declarer);
}

// Depth-first search for an auction of at most `depth` more actions that ends with exactly these
// highest bids. Only two kinds of bid are tried: a value some position reached, and the lowest bid
// allowed (a bid that a later hold of a higher value overwrites, e.g. MH bids 18, FH passes, RH
// bids 20, MH holds: [0, 20, 20]); no position may exceed its recorded value. That keeps the tree
// to a handful of nodes.
bool find_auction(Game& g, const std::array<int, 3>& highest, int declarer, int depth) {
  if (g.phase() != Phase::Bidding) return auction_done(g, highest, declarer);
  if (depth == 0) return false;
  const int pos = g.to_act();
  for (const Action& a : g.legal_actions(pos)) {
    if (a.kind == ActionKind::Bid) {
      if (a.bid > highest[static_cast<std::size_t>(pos)]) continue;
      const bool recorded = std::find(highest.begin(), highest.end(), a.bid) != highest.end();
      if (!recorded && a.bid != g.auction().minimum_bid()) continue;
    } else if (a.kind != ActionKind::Hold && a.kind != ActionKind::Pass) {
      continue;
    }
    Game next = g;
    if (!next.apply(a)) continue;
    bool within = true;
    for (std::size_t i = 0; i < 3; ++i) within = within && next.auction().highest()[i] <= highest[i];
    if (!within) continue;
    if (find_auction(next, highest, declarer, depth - 1)) {
      g = std::move(next);
      return true;
    }
  }
  return false;
}

Step rebuild_auction(Game& game, const PgnGame& line) {
  const int declarer = line.folded || line.game == kPgnFolded ? -1 : line.declarer;
  // Iterative deepening: the first auction found is a shortest one. Twelve actions cover every
  // combination of three highest values (each reached by one bid and at most one answer).
  for (int depth = 1; depth <= 12; ++depth) {
    Game attempt = game;
    if (find_auction(attempt, line.bids, declarer, depth)) {
      game = std::move(attempt);
      return {};
    }
  }
  return fail("fields 3..6: no legal auction gives these bids and this declarer");
}

Step play_auction(Game& game, const PgnGame& line, std::span<const Action> auction) {
  for (std::size_t i = 0; i < auction.size(); ++i) {
    const Action& a = auction[i];
    const std::string where = "auction call " + std::to_string(i + 1);
    if (a.kind != ActionKind::Bid && a.kind != ActionKind::Hold && a.kind != ActionKind::Pass)
      return fail(where + ": " + describe(a) + ": not a bid, hold or pass");
    if (game.phase() != Phase::Bidding) return fail(where + ": " + describe(a) + ": after the end of the auction");
    if (auto r = apply(game, a, where); !r) return r;
  }
  const int declarer = line.folded || line.game == kPgnFolded ? -1 : line.declarer;
  if (game.phase() == Phase::Bidding) return fail("the auction calls end before the auction does");
  if (!auction_done(game, line.bids, declarer))
    return fail("the auction calls do not give the line's bids and declarer (fields 3..6)");
  return {};
}

Step skat_and_declaration(Game& game, const PgnGame& line) {
  const int pos = line.declarer;
  const Declaration d = pgn_declaration(line);
  if (!d.hand) {
    if (auto r = apply(game, Action::pick_up(pos), "pickup"); !r) return r;
    if (auto r = apply(game, Action::discard(pos, line.skat_put[0], line.skat_put[1]), "fields 52..53"); !r) return r;
  }
  if (auto r = apply(game, Action::declare(pos, d), "declaration"); !r) return r;
  for (const Action& a : pgn_doubling_actions(line))
    if (auto r = apply(game, a, "the Kontra fields"); !r) return r;
  return {};
}

bool matches(const PgnGame& line, const Game& g) {
  const bool played = !g.folded();
  return line.schneider == (played && g.result().schneider) && line.schwarz == (played && g.result().schwarz) &&
         line.won == (played && g.result().won) && line.level == (played ? g.result().matadors : 0) &&
         line.eyes == (played ? g.outcome().declarer_points : 0);
}

Game conceded(Game game, bool by_defenders) {
  const int d = game.declarer();
  for (int pos = 0; pos < 3; ++pos)
    if ((pos == d) != by_defenders) (void)game.apply(Action::concede(pos));
  return game;
}

// A line that stops before the natural end was conceded; the side whose concession gives the
// recorded result (the same inference as replay_pgn).
Step concede_if_early(Game& game, const PgnGame& line) {
  if (game.finished()) return {};
  for (bool by_defenders : {true, false}) {
    Game attempt = conceded(game, by_defenders);
    if (attempt.finished() && matches(line, attempt)) {
      game = std::move(attempt);
      return {};
    }
  }
  return fail("the line ends early and no concession gives the recorded result");
}

// ---- SGF ----

std::expected<Deal, std::string> deal_of(const std::vector<SgfMove>& moves) {
  if (moves.empty() || moves[0].kind != SgfMoveKind::Deal || moves[0].cards.size() != 32)
    return fail("the first move is not a deal of 32 cards");
  Deal deal;
  for (std::size_t i = 0; i < 32; ++i) {
    const auto& c = moves[0].cards[i];
    if (!c) return fail("the deal has unknown cards");
    (i < 30 ? deal.hands[i / 10] : deal.skat).add(*c);
  }
  if (!deal.valid()) return fail("the deal does not hold 32 different cards");
  return deal;
}

Declaration declaration_of(const SgfDeclaration& s) {
  return Declaration{s.type, s.hand, s.schneider || s.schwarz, s.schwarz, s.ouvert};
}

}  // namespace

std::expected<Game, std::string> game_from_pgn(const PgnGame& line) { return game_from_pgn(line, {}); }

std::expected<Game, std::string> game_from_pgn(const PgnGame& line, std::span<const Action> auction) {
  const Deal deal = line.deal();
  if (!deal.valid()) return fail("fields 20..51: the hands and skat are not 32 different cards");
  Game game(deal, pgn_table_rules(line));
  if (auto r = auction.empty() ? rebuild_auction(game, line) : play_auction(game, line, auction); !r)
    return std::unexpected(r.error());
  if (game.folded()) return game;
  if (auto r = skat_and_declaration(game, line); !r) return std::unexpected(r.error());
  for (std::size_t i = 0; i < line.tricks.size(); ++i) {
    for (Card c : line.tricks[i].cards) {
      if (game.finished()) return fail("trick " + std::to_string(i + 1) + ": after the end of the game");
      if (auto r = apply(game, Action::play(game.to_act(), c), "trick " + std::to_string(i + 1)); !r)
        return std::unexpected(r.error());
    }
  }
  if (auto r = concede_if_early(game, line); !r) return std::unexpected(r.error());
  return game;
}

std::expected<Game, std::string> game_from_sgf(const SgfGame& record) {
  auto deal = deal_of(record.moves);
  if (!deal) return std::unexpected(deal.error());
  Game game(*deal, sgf_table_rules(record.moves));
  std::optional<Action> pending_declaration;  // the split form: declaration first, discard after
  for (std::size_t k = 1; k < record.moves.size(); ++k) {
    const SgfMove& m = record.moves[k];
    const std::string where = "move " + std::to_string(k + 1);
    Step r;
    switch (m.kind) {
      case SgfMoveKind::Bid: r = apply(game, Action::make_bid(m.who, m.value), where); break;
      case SgfMoveKind::Hold: r = apply(game, Action::hold(m.who), where); break;
      case SgfMoveKind::Pass: r = apply(game, Action::pass(m.who), where); break;
      case SgfMoveKind::PickUp: r = apply(game, Action::pick_up(m.who), where); break;
      case SgfMoveKind::Resign: r = apply(game, Action::concede(m.who), where); break;
      case SgfMoveKind::Kontra: r = apply(game, Action::kontra(m.who), where); break;
      case SgfMoveKind::Re: r = apply(game, Action::re(m.who), where); break;
      case SgfMoveKind::Play:
        if (m.cards.size() != 1 || !m.cards[0]) return fail(where + ": no card");
        r = apply(game, Action::play(m.who, *m.cards[0]), where);
        break;
      case SgfMoveKind::Declare: {
        const SgfDeclaration& s = m.declaration;
        if (game.phase() == Phase::Discarding) {
          if (s.cards.size() < 2) {
            pending_declaration = Action::declare(m.who, declaration_of(s));
            break;
          }
          if (r = apply(game, Action::discard(m.who, s.cards[0], s.cards[1]), where); !r) break;
        }
        r = apply(game, Action::declare(m.who, declaration_of(s)), where);
        break;
      }
      case SgfMoveKind::Discard:
        if (m.cards.size() != 2 || !m.cards[0] || !m.cards[1]) return fail(where + ": the discard has unknown cards");
        r = apply(game, Action::discard(m.who, *m.cards[0], *m.cards[1]), where);
        if (r && pending_declaration) r = apply(game, *std::exchange(pending_declaration, std::nullopt), where);
        break;
      case SgfMoveKind::SkatShown:
      case SgfMoveKind::Show: break;
      case SgfMoveKind::Timeout:
      case SgfMoveKind::Left:
      case SgfMoveKind::Deal:
      case SgfMoveKind::Unknown: return fail(where + ": a move the engine does not replay");
    }
    if (!r) return std::unexpected(r.error());
  }
  if (!game.finished()) return fail("the record ends before the game is over");
  return game;
}

}  // namespace skat::db
