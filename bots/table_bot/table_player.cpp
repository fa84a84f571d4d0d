#include "bots/table_bot/table_player.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "bots/table_bot/announcements.h"

namespace skat::bots {

namespace {

// Announcements are looked at for hand games the tables rate at least this sure, over this many
// solved worlds within this time (on work budgets: all of the worlds, up to the safety net).
constexpr double kAnnouncementWin = 0.85;
constexpr int kAnnouncementWorlds = 16;
constexpr auto kAnnouncementTime = std::chrono::milliseconds(1000);

}  // namespace

TablePlayer::TablePlayer(std::shared_ptr<const TableSet> tables, std::uint64_t seed, TablePlayerSettings settings)
    : tables_(std::move(tables)),
      settings_(settings),
      contracts_(*tables_, settings.contracts),
      rng_(seed),
      solvers_(settings.pimc.threads, settings.pimc.tt_bytes) {}

Action TablePlayer::decide(const SeatView& view) {
  const int pos = view.pos;
  switch (view.phase) {
    case Phase::Bidding: return bid_or_answer(view);
    case Phase::SkatDecision: return skat_decision(view);
    case Phase::Discarding: {
      const ContractChoice c = contracts_.best_pickup_game(view.hand, view.bid, pos);
      return pick_legal(view.legal, Action::discard(pos, c.discard[0], c.discard[1]), ActionKind::Discard);
    }
    case Phase::Declaring: {
      const ContractChoice c = contracts_.best_declaration(view.hand, view.discard, view.bid, pos);
      return pick_legal(view.legal, Action::declare(pos, c.declaration), ActionKind::Declare);
    }
    case Phase::Playing: return play(view);
    case Phase::Finished: break;
  }
  throw std::logic_error("TablePlayer asked to act in a finished game");
}

Action TablePlayer::bid_or_answer(const SeatView& view) {
  const int pos = view.pos;
  if (view.hand != bid_hand_ || pos != bid_position_) {
    bid_hand_ = view.hand;
    bid_position_ = pos;
    max_bid_ = contracts_.max_bid(view.hand, pos);
  }
  if (view.answering())
    return pick_legal(view.legal, view.current_bid <= max_bid_ ? Action::hold(pos) : Action::pass(pos),
                      ActionKind::Pass);
  const int next = view.minimum_bid();
  return pick_legal(view.legal, next > 0 && next <= max_bid_ ? Action::make_bid(pos, next) : Action::pass(pos),
                    ActionKind::Pass);
}

Action TablePlayer::skat_decision(const SeatView& view) {
  const int pos = view.pos;
  const ContractChoice hand = contracts_.best_hand_game(view.hand, view.bid, pos);
  if (hand.payoff > contracts_.pickup_payoff(view.hand, view.bid, pos)) {
    Declaration declaration = hand.declaration;
    if (settings_.announcements && declaration.type != GameType::Null && hand.win >= kAnnouncementWin) {
      const auto deadline = search_deadline(settings_.pimc, kAnnouncementTime);
      const auto chances =
          announcement_chances(view.hand, declaration.type, pos, kAnnouncementWorlds, rng_, solvers_.at(0), deadline);
      // Only the safety net's stop makes the decision depend on the machine; the node budget's does not.
      if (settings_.pimc.work_budgets && chances.cut_by_clock) ++clock_stops_;
      declaration = choose_announcement(declaration, hand.win, hand.value, view.bid, chances,
                                        contracts_.settings().defender_bonus);
    }
    for (const Declaration& d : {declaration, hand.declaration}) {
      const Action wanted = Action::declare(pos, d);
      if (std::ranges::find(view.legal, wanted) != view.legal.end()) return wanted;
    }
  }
  return pick_legal(view.legal, Action::pick_up(pos), ActionKind::PickUp);
}

std::optional<CardSet> TablePlayer::table_lead(const SeatView& view) const {
  if (!view.declaration || view.pos == view.declarer || !view.current_trick.empty()) return std::nullopt;
  const GameType game = view.declaration->type;
  if (game == GameType::Null) return std::nullopt;
  for (const CompletedTrick& t : view.tricks)
    if (t.leader != view.declarer) return std::nullopt;  // not the defenders' first lead
  const GameRules& rules = rules_for(game);
  CardSet played;
  for (const CompletedTrick& t : view.tricks)
    for (Card c : t.cards) played.add(c);
  // One estimate per led class: the features see the class, not the card.
  double best = 2.0;
  CardSet best_class;
  for (int k = 0; k < 5; ++k) {
    const CardSet cls = view.hand & rules.class_cards[static_cast<std::size_t>(k)];
    if (cls.empty()) continue;
    LeadContext lead{game, view.hand, cls.first(), played, view.pos, view.declarer, false};
    const Estimate e = tables_->lead_estimate(lead);
    if (e.source == EstimateSource::Prior || e.source == EstimateSource::TableMean) return std::nullopt;
    if (e.probability < best) {
      best = e.probability;
      best_class = cls;
    }
  }
  if (best_class.empty()) return std::nullopt;
  return best_class;
}

Action TablePlayer::play(const SeatView& view) {
  if (const auto doubled = doubling_decision(view, settings_.pimc, rng_, solvers_)) return *doubled;
  if (const auto agreed = concession_answer(view, settings_.pimc, rng_, solvers_)) return *agreed;
  if (const auto lead = table_lead(view)) {
    SeatView restricted = view;
    std::erase_if(restricted.legal,
                  [&](const Action& a) { return a.kind == ActionKind::Play && !lead->contains(a.card); });
    return Action::play(view.pos, counted(evaluate_cards(restricted, settings_.pimc, rng_, solvers_)).best);
  }
  return Action::play(view.pos, counted(evaluate_cards(view, settings_.pimc, rng_, solvers_)).best);
}

const PimcDecision& TablePlayer::counted(const PimcDecision& decision) {
  if (settings_.pimc.work_budgets && decision.cut_by_clock) ++clock_stops_;
  return decision;
}

}  // namespace skat::bots
