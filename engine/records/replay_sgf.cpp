#include <string>

#include "engine/records/replay.h"
#include "engine/records/replay_common.h"

namespace skat {

namespace {

using Step = std::expected<void, std::string>;

std::expected<Deal, std::string> deal_of(const std::vector<SgfMove>& moves) {
  if (moves.empty() || moves[0].kind != SgfMoveKind::Deal) return std::unexpected("the first move is not the deal");
  const auto& cards = moves[0].cards;
  if (cards.size() != 32) return std::unexpected("move 1: the deal does not have 32 cards");
  Deal deal;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (!cards[i]) return std::unexpected("move 1: the deal has unknown cards");
    if (i < 30)
      deal.hands[i / 10].add(*cards[i]);
    else
      deal.skat.add(*cards[i]);
  }
  if (!deal.valid()) return std::unexpected("move 1: the deal does not hold 32 different cards");
  return deal;
}

Declaration declaration_of(const SgfDeclaration& s) {
  return Declaration{s.type, s.hand, s.schneider || s.schwarz, s.schwarz, s.ouvert};
}

// Replays the moves of one record into `game`.
class SgfReplayer {
 public:
  explicit SgfReplayer(Game& game) : game_(game) {}

  Step run(const std::vector<SgfMove>& moves) {
    for (std::size_t k = 1; k < moves.size(); ++k) {
      const SgfMove& m = moves[k];
      where_ = "move " + std::to_string(k + 1) + " '" + sgf_move_text(m) + "'";
      if (game_.finished()) {
        if (m.kind == SgfMoveKind::Show) continue;
        return fail("after the end of the game");
      }
      if (auto r = apply_move(m); !r) return r;
    }
    if (pending_) return fail("a declaration after the pickup without the discard");
    if (!game_.finished()) return std::unexpected("the record ends before the game is over");
    return {};
  }

 private:
  std::unexpected<std::string> fail(std::string_view what) const {
    return std::unexpected(where_ + ": " + std::string(what));
  }

  Step apply(const Action& a) {
    if (auto r = game_.apply(a); !r) return std::unexpected(replay::rule_error_text(where_, r.error()));
    return {};
  }

  Step apply_move(const SgfMove& m) {
    switch (m.kind) {
      case SgfMoveKind::Bid: return apply(Action::make_bid(m.who, m.value));
      case SgfMoveKind::Hold: return apply(Action::hold(m.who));
      case SgfMoveKind::Pass: return apply(Action::pass(m.who));
      case SgfMoveKind::PickUp: return apply(Action::pick_up(m.who));
      case SgfMoveKind::SkatShown: return check_skat_shown(m);
      case SgfMoveKind::Declare: return declare(m);
      case SgfMoveKind::Discard: return discard(m);
      case SgfMoveKind::Play:
        if (m.cards.size() != 1 || !m.cards[0]) return fail("no card");
        return apply(Action::play(m.who, *m.cards[0]));
      case SgfMoveKind::Resign: return apply(Action::concede(m.who));
      case SgfMoveKind::Kontra: return apply(Action::kontra(m.who));
      case SgfMoveKind::Re: return apply(Action::re(m.who));
      case SgfMoveKind::Show: return {};
      case SgfMoveKind::Timeout: return fail("a timeout ends the game outside the rules the engine scores");
      case SgfMoveKind::Left: return fail("a player left; the engine does not score the game");
      case SgfMoveKind::Deal: return fail("a second deal");
      case SgfMoveKind::Unknown: return fail("unknown move");
    }
    return fail("unknown move");
  }

  Step check_skat_shown(const SgfMove& m) const {
    for (const auto& c : m.cards)
      if (c && !game_.deal().skat.contains(*c)) return fail("the skat shown is not the skat dealt");
    return {};
  }

  Step declare(const SgfMove& m) {
    const SgfDeclaration& s = m.declaration;
    std::size_t ouvert_from = 0;
    if (game_.phase() == Phase::Discarding) {
      if (s.cards.size() < 2) {
        pending_ = Action::declare(m.who, declaration_of(s));  // the split form: the discard follows
        return {};
      }
      if (auto r = apply(Action::discard(m.who, s.cards[0], s.cards[1])); !r) return r;
      ouvert_from = 2;
    }
    if (auto r = apply(Action::declare(m.who, declaration_of(s))); !r) return r;
    return check_ouvert_cards(s, ouvert_from);
  }

  Step check_ouvert_cards(const SgfDeclaration& s, std::size_t from) const {
    if (s.cards.size() <= from) return {};
    CardSet shown;
    for (std::size_t i = from; i < s.cards.size(); ++i) shown.add(s.cards[i]);
    if (shown != game_.hand(game_.declarer())) return fail("the ouvert cards are not the declarer's hand");
    return {};
  }

  Step discard(const SgfMove& m) {
    if (m.cards.size() != 2 || !m.cards[0] || !m.cards[1]) return fail("the discard has unknown cards");
    if (auto r = apply(Action::discard(m.who, *m.cards[0], *m.cards[1])); !r) return r;
    if (!pending_) return {};
    const Action declare = *pending_;
    pending_.reset();
    return apply(declare);
  }

  Game& game_;
  std::string where_;
  std::optional<Action> pending_;
};

void compare_result(const SgfResult& r, ReplayOutcome& out) {
  if (r.tokens.empty()) return;  // no R[...] to compare with
  auto& mm = out.mismatches;
  replay::compare(mm, "passed", r.passed, out.passed);
  if (out.passed || r.passed) return;
  if (r.declarer) replay::compare(mm, "declarer", *r.declarer, out.declarer);
  if (r.won) replay::compare(mm, "won", *r.won, out.won);
  if (r.value) replay::compare(mm, "value", *r.value, out.value);
  if (r.matadors) replay::compare(mm, "matadors", *r.matadors, out.matadors);
  if (r.bid_ok) replay::compare(mm, "overbid", !*r.bid_ok, out.overbid);
  if (r.points) replay::compare(mm, "declarer_points", *r.points, out.declarer_points);
  if (r.tricks) replay::compare(mm, "declarer_tricks", *r.tricks, out.declarer_tricks);
  if (r.schneider) replay::compare(mm, "schneider", *r.schneider, out.schneider ? 1 : 0);
  if (r.schwarz) replay::compare(mm, "schwarz", *r.schwarz, out.schwarz ? 1 : 0);
}

}  // namespace

ReplayOutcome replay_sgf(const SgfGame& sgf) {
  ReplayOutcome out;
  out.id = sgf.id();
  auto deal = deal_of(sgf.moves);
  if (!deal) {
    out.error = deal.error();
    return out;
  }
  Game game(*deal, sgf_table_rules(sgf.moves));
  if (auto r = SgfReplayer(game).run(sgf.moves); !r) {
    out.error = r.error();
    return out;
  }
  replay::fill_outcome(game, out);
  compare_result(sgf.result, out);
  return out;
}

}  // namespace skat
