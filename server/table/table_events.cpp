// Event contents per audience for each action, the default action on timeout, the spectators'
// view and the explained game result. Redaction happens here: discards and the skat go to the
// declarer's copy only; everything else in an action is public.
#include <algorithm>

#include "engine/seat_view.h"
#include "protocol/json_codec.h"
#include "server/table/table_core.h"

namespace skat::table::detail {

std::string_view action_kind_name(ActionKind kind) { return protocol::action_name(kind); }

std::array<Json, 4> action_event(const Game& game, const Action& a, int seat, int declarer_seat) {
  Json pub{{"seat", seat}};
  switch (a.kind) {
    case ActionKind::Bid: pub["value"] = a.bid; break;
    case ActionKind::Play: pub["card"] = card_name(a.card); break;
    case ActionKind::Declare: {
      pub["declaration"] = protocol::declaration_to_json(game.declaration());
      if (game.declaration().ouvert) pub["ouvert_cards"] = protocol::cards_to_json(game.hand(game.declarer()));
      break;
    }
    default: break;
  }
  std::array<Json, 4> copies{pub, pub, pub, pub};
  if (declarer_seat >= 0 && declarer_seat <= 2) {
    Json& own = copies[static_cast<std::size_t>(declarer_seat)];
    if (a.kind == ActionKind::PickUp) own["skat"] = protocol::cards_to_json(game.deal().skat);
    if (a.kind == ActionKind::Discard) own["cards"] = Json::array({card_name(a.card), card_name(a.card2)});
  }
  return copies;
}

Json action_record(const Game& game, const Action& a, int seat) {
  Json j = protocol::action_to_json(a);
  j.erase("type");
  j["seat"] = seat;
  if (a.kind == ActionKind::PickUp) j["skat"] = protocol::cards_to_json(game.deal().skat);
  if (a.kind == ActionKind::Declare) j.update(protocol::declaration_to_json(game.declaration()));
  return j;
}

Action default_action(const Game& game, int pos) {
  const std::vector<Action> legal = game.legal_actions(pos);
  const auto find = [&](ActionKind k) { return std::ranges::find(legal, k, &Action::kind); };
  for (ActionKind preferred : {ActionKind::Pass, ActionKind::PickUp, ActionKind::Discard, ActionKind::Declare,
                               ActionKind::Play, ActionKind::Hold})
    if (auto it = find(preferred); it != legal.end()) return *it;
  return legal.empty() ? Action::pass(pos) : legal.front();
}

SeatView spectator_view(const Game& game) {
  SeatView v = seat_view(game, 0);
  v.pos = 0;
  v.hand = CardSet{};
  v.skat = CardSet{};
  v.discard = CardSet{};
  v.legal.clear();
  std::erase_if(v.history, [](const Action& a) { return a.kind == ActionKind::Discard; });
  return v;
}

namespace {

std::string_view end_reason_name(EndReason r) {
  constexpr std::string_view kNames[] = {
      "none", "folded", "all_tricks", "null_trick_taken", "schwarz_broken", "declarer_conceded", "defenders_conceded"};
  return kNames[static_cast<std::size_t>(r)];
}

}  // namespace

Json result_json(const Game& game, int declarer_seat) {
  if (game.folded()) return Json{{"folded", true}};
  const GameResult& r = game.result();
  const GameOutcome& o = game.outcome();
  Json j{{"folded", false},
         {"declarer", declarer_seat},
         {"declaration", protocol::declaration_to_json(o.declaration)},
         {"bid", o.bid},
         {"won", r.won},
         {"value", r.value},
         {"matadors", r.matadors},
         {"levels", r.multiplier},
         {"schneider", r.schneider},
         {"schwarz", r.schwarz},
         {"overbid", r.overbid},
         {"list_entry", r.list_entry},
         {"declarer_points", o.declarer_points},
         {"declarer_tricks", o.declarer_tricks},
         {"end", end_reason_name(game.end_reason())}};
  // A doubled game (docs/rules.md §8): 2 after Kontra, 4 after Re; `value` is already doubled.
  if (o.doubling != Doubling::None) j["doubling"] = doubling_factor(o.doubling);
  return j;
}

}  // namespace skat::table::detail
