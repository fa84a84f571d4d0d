#include <string>

#include "engine/records/sgf.h"

namespace skat {

namespace {

std::vector<std::optional<Card>> cards_of(CardSet s) {
  std::vector<std::optional<Card>> out;
  for (Card c : s) out.emplace_back(c);
  return out;
}

SgfMove move(SgfMoveKind kind, int who) {
  SgfMove m;
  m.kind = kind;
  m.who = who;
  return m;
}

SgfMove deal_move(const Deal& deal) {
  SgfMove m = move(SgfMoveKind::Deal, -1);
  for (const CardSet& h : deal.hands)
    for (Card c : h) m.cards.emplace_back(c);
  for (Card c : deal.skat) m.cards.emplace_back(c);
  return m;
}

// ISS writes the implied letters only where they are not implied: "GO" (not "GOHZ"), "CHZ".
SgfDeclaration sgf_declaration(const Declaration& d) {
  const bool suit_ouvert = d.ouvert && d.type != GameType::Null;
  SgfDeclaration s;
  s.type = d.type;
  s.ouvert = d.ouvert;
  s.hand = d.hand && !suit_ouvert;
  s.schneider = d.schneider_announced && !d.schwarz_announced;
  s.schwarz = d.schwarz_announced && !suit_ouvert;
  return s;
}

SgfMove action_move(const Action& a, const Game& game) {
  switch (a.kind) {
    case ActionKind::Bid: {
      SgfMove m = move(SgfMoveKind::Bid, a.pos);
      m.value = a.bid;
      return m;
    }
    case ActionKind::Hold: return move(SgfMoveKind::Hold, a.pos);
    case ActionKind::Pass: return move(SgfMoveKind::Pass, a.pos);
    case ActionKind::PickUp: return move(SgfMoveKind::PickUp, a.pos);
    case ActionKind::Declare: {
      SgfMove m = move(SgfMoveKind::Declare, a.pos);
      m.declaration = sgf_declaration(game.declaration());
      return m;
    }
    case ActionKind::Play: {
      SgfMove m = move(SgfMoveKind::Play, a.pos);
      m.cards = {a.card};
      return m;
    }
    case ActionKind::Concede: return move(SgfMoveKind::Resign, a.pos);
    case ActionKind::Kontra: return move(SgfMoveKind::Kontra, a.pos);
    case ActionKind::Re: return move(SgfMoveKind::Re, a.pos);
    case ActionKind::Discard: break;
  }
  return move(SgfMoveKind::Unknown, a.pos);
}

std::vector<SgfMove> moves_of(const Game& game) {
  std::vector<SgfMove> moves{deal_move(game.deal())};
  std::optional<Action> discard;
  for (const Action& a : game.history()) {
    if (a.kind == ActionKind::Discard) {
      discard = a;  // written with the declaration that follows
      continue;
    }
    SgfMove m = action_move(a, game);
    if (a.kind == ActionKind::Declare && discard) m.declaration.cards = {discard->card, discard->card2};
    moves.push_back(std::move(m));
    if (a.kind == ActionKind::PickUp) {
      SgfMove shown = move(SgfMoveKind::SkatShown, -1);
      shown.cards = cards_of(game.deal().skat);
      moves.push_back(std::move(shown));
    }
  }
  return moves;
}

bool conceded(EndReason r) { return r == EndReason::DeclarerConceded || r == EndReason::DefendersConceded; }

}  // namespace

TableRules sgf_table_rules(std::span<const SgfMove> moves) {
  TableRules rules;
  for (const SgfMove& m : moves)
    rules.kontra = rules.kontra || m.kind == SgfMoveKind::Kontra || m.kind == SgfMoveKind::Re;
  return rules;
}

SgfResult sgf_result_from(const Game& game) {
  std::string text = "passed";
  if (!game.folded()) {
    const GameResult& r = game.result();
    const GameOutcome& o = game.outcome();
    auto flag = [](bool b) { return std::string(b ? "1" : "0"); };
    text = "d:" + std::to_string(game.declarer()) + (r.won ? " win" : " loss") + " v:" + std::to_string(r.list_entry) +
           " m:" + std::to_string(r.matadors) + (r.overbid ? " overbid" : " bidok") +
           " p:" + std::to_string(o.declarer_points) + " t:" + std::to_string(o.declarer_tricks) +
           " s:" + flag(r.schneider) + " z:" + flag(r.schwarz) +
           " p0:0 p1:0 p2:0 l:-1 to:-1 r:" + flag(conceded(game.end_reason()));
  }
  return *parse_sgf_result(text);
}

SgfGame sgf_game_from(const Game& game, const std::array<std::string, 3>& names, std::string_view series_id,
                      std::string_view game_id, std::string_view date_time) {
  SgfGame g;
  g.properties = {{"GM", "Skat"},
                  {"PC", "Skat Server"},
                  {"CO", ""},
                  {"SE", std::string(series_id)},
                  {"ID", std::string(game_id)},
                  {"DT", std::string(date_time)},
                  {"P0", names[0]},
                  {"P1", names[1]},
                  {"P2", names[2]},
                  {"R0", ""},
                  {"R1", ""},
                  {"R2", ""},
                  {"MV", ""},
                  {"R", ""}};
  g.moves = moves_of(game);
  g.result = sgf_result_from(game);
  return g;
}

}  // namespace skat
