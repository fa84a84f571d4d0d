#include "engine/game.h"

namespace skat {

namespace {
std::unexpected<RuleError> fail(RuleError e) { return std::unexpected(e); }

std::string describe_declaration(const Declaration& d) {
  std::string s(1, game_letter(d.type));
  if (d.hand) s += " hand";
  if (d.schneider_announced) s += " schneider";
  if (d.schwarz_announced) s += " schwarz";
  if (d.ouvert) s += " ouvert";
  return s;
}
}  // namespace

std::string describe(const Action& a) {
  std::string s = std::to_string(a.pos) + " ";
  switch (a.kind) {
    case ActionKind::Bid: return s + "bid " + std::to_string(a.bid);
    case ActionKind::Hold: return s + "hold";
    case ActionKind::Pass: return s + "pass";
    case ActionKind::PickUp: return s + "pickup";
    case ActionKind::Discard: return s + "discard " + card_name(a.card) + " " + card_name(a.card2);
    case ActionKind::Declare: return s + "declare " + describe_declaration(a.declaration);
    case ActionKind::Play: return s + "play " + card_name(a.card);
    case ActionKind::Concede: return s + "concede";
    case ActionKind::Kontra: return s + "kontra";
    case ActionKind::Re: return s + "re";
  }
  return s;
}

Game::Game(const Deal& deal, TableRules rules) : deal_(deal), rules_(rules) {}

std::expected<Game, RuleError> Game::after_auction(const Deal& deal, int declarer, const std::array<int, 3>& highest,
                                                   TableRules rules) {
  Game g(deal, rules);
  g.highest_ = highest;
  if (declarer < 0) {
    g.finish(EndReason::Folded);
    return g;
  }
  if (declarer > 2) return fail(RuleError::NotDeclarer);
  const int bid = highest[static_cast<std::size_t>(declarer)];
  if (!is_legal_bid(bid)) return fail(RuleError::IllegalBidValue);
  for (int v : highest)
    if (v > bid) return fail(RuleError::BidTooLow);
  g.end_auction(declarer, bid);
  return g;
}

int Game::to_act() const {
  switch (phase_) {
    case Phase::Bidding: return auction_.to_act();
    case Phase::SkatDecision:
    case Phase::Discarding:
    case Phase::Declaring: return declarer_;
    case Phase::Playing: return play_.to_move();
    case Phase::Finished: return -1;
  }
  return -1;
}

CardSet Game::hand(int pos) const {
  if (phase_ == Phase::Playing || (phase_ == Phase::Finished && !folded())) return play_.hand(pos);
  if (pos == declarer_) return declarer_cards_;
  return deal_.hands[static_cast<std::size_t>(pos)];
}

std::expected<void, RuleError> Game::apply(const Action& a) {
  if (a.pos < 0 || a.pos > 2) return fail(RuleError::NotYourTurn);
  std::expected<void, RuleError> r;
  switch (a.kind) {
    case ActionKind::Bid:
    case ActionKind::Hold:
    case ActionKind::Pass: r = apply_auction(a); break;
    case ActionKind::PickUp:
    case ActionKind::Discard: r = apply_skat(a); break;
    case ActionKind::Declare: r = apply_declare(a); break;
    case ActionKind::Play: r = apply_play(a); break;
    case ActionKind::Concede: r = apply_concede(a); break;
    case ActionKind::Kontra:
    case ActionKind::Re: r = apply_doubling(a); break;
  }
  if (r) history_.push_back(a);
  return r;
}

std::expected<void, RuleError> Game::apply_auction(const Action& a) {
  if (phase_ != Phase::Bidding) return fail(RuleError::WrongPhase);
  std::expected<void, RuleError> r;
  if (a.kind == ActionKind::Bid)
    r = auction_.bid(a.pos, a.bid);
  else if (a.kind == ActionKind::Hold)
    r = auction_.hold(a.pos);
  else
    r = auction_.pass(a.pos);
  if (!r) return r;
  highest_ = auction_.highest();
  if (auction_.done()) {
    if (auction_.all_passed())
      finish(EndReason::Folded);
    else
      end_auction(auction_.declarer(), auction_.current_bid());
  }
  return {};
}

void Game::end_auction(int declarer, int bid) {
  declarer_ = declarer;
  bid_ = bid;
  declarer_cards_ = deal_.hands[static_cast<std::size_t>(declarer)];
  phase_ = Phase::SkatDecision;
}

std::expected<void, RuleError> Game::apply_skat(const Action& a) {
  if (a.pos != declarer_)
    return fail(phase_ == Phase::Bidding || phase_ == Phase::Finished ? RuleError::WrongPhase : RuleError::NotDeclarer);
  if (a.kind == ActionKind::PickUp) {
    if (phase_ != Phase::SkatDecision) return fail(RuleError::WrongPhase);
    picked_up_ = true;
    declarer_cards_ |= deal_.skat;
    phase_ = Phase::Discarding;
    return {};
  }
  if (phase_ != Phase::Discarding) return fail(RuleError::WrongPhase);
  if (a.card == a.card2 || !declarer_cards_.contains(a.card) || !declarer_cards_.contains(a.card2))
    return fail(RuleError::BadDiscard);
  discard_ = CardSet{a.card, a.card2};
  declarer_cards_ -= discard_;
  phase_ = Phase::Declaring;
  return {};
}

std::expected<void, RuleError> Game::apply_declare(const Action& a) {
  if (phase_ != Phase::SkatDecision && phase_ != Phase::Declaring) return fail(RuleError::WrongPhase);
  if (a.pos != declarer_) return fail(RuleError::NotDeclarer);
  Declaration d = a.declaration;
  // Declaring before any pickup is a hand game.
  if (phase_ == Phase::SkatDecision) d.hand = true;
  const auto valid = validate_declaration(d, picked_up_, bid_);
  if (!valid) return std::unexpected(valid.error());
  d = *valid;
  declaration_ = d;
  if (!picked_up_) discard_ = deal_.skat;
  std::array<CardSet, 3> hands = deal_.hands;
  hands[static_cast<std::size_t>(declarer_)] = declarer_cards_;
  play_ = PlayState(d.type, hands, declarer_, card_points(discard_));
  phase_ = Phase::Playing;
  return {};
}

std::expected<void, RuleError> Game::apply_play(const Action& a) {
  if (phase_ != Phase::Playing) return fail(RuleError::WrongPhase);
  if (a.pos != play_.to_move()) return fail(RuleError::NotYourTurn);
  if (!play_.hand(a.pos).contains(a.card)) return fail(RuleError::CardNotHeld);
  if (!play_.legal_moves().contains(a.card)) return fail(RuleError::MustFollowSuit);
  const int tricks_before = play_.tricks_done();
  const int leader = play_.leader();
  std::array<Card, 3> cards{};
  for (int i = 0; i < play_.trick_size(); ++i) cards[static_cast<std::size_t>(i)] = play_.trick_card(i);
  cards[static_cast<std::size_t>(play_.trick_size())] = a.card;
  play_.play(a.card);
  if (play_.tricks_done() > tricks_before) {
    const int winner = play_.last_trick_winner();
    tricks_.push_back({cards, leader, winner, card_points(cards[0]) + card_points(cards[1]) + card_points(cards[2])});
    check_early_end();
  }
  return {};
}

void Game::check_early_end() {
  const int winner = play_.last_trick_winner();
  if (declaration_.type == GameType::Null && winner == declarer_)
    finish(EndReason::NullTrickTaken);
  else if (declaration_.schwarz_announced && winner != declarer_)
    finish(EndReason::SchwarzBroken);
  else if (play_.all_tricks_played())
    finish(EndReason::AllTricks);
}

std::expected<void, RuleError> Game::apply_concede(const Action& a) {
  if (phase_ != Phase::Playing) return fail(RuleError::WrongPhase);
  if (a.pos == declarer_) {
    finish(EndReason::DeclarerConceded);
    return {};
  }
  auto& vote = defender_concede_[static_cast<std::size_t>(a.pos)];
  if (vote) return fail(RuleError::AlreadyConceded);
  vote = true;
  const int other = 3 - declarer_ - a.pos;
  if (defender_concede_[static_cast<std::size_t>(other)]) finish(EndReason::DefendersConceded);
  return {};
}

bool Game::may_double(const Action& a) const {
  if (!rules_.kontra || phase_ != Phase::Playing) return false;
  if (a.kind == ActionKind::Kontra)
    return a.pos != declarer_ && doubling_ == Doubling::None && cards_played(a.pos) == 0;
  return a.pos == declarer_ && doubling_ == Doubling::Kontra && cards_played(a.pos) == declarer_cards_at_kontra_;
}

std::expected<void, RuleError> Game::apply_doubling(const Action& a) {
  if (!may_double(a)) return fail(a.kind == ActionKind::Kontra ? RuleError::KontraNotAllowed : RuleError::ReNotAllowed);
  if (a.kind == ActionKind::Kontra) {
    doubling_ = Doubling::Kontra;
    kontra_by_ = a.pos;
    declarer_cards_at_kontra_ = cards_played(declarer_);
  } else {
    doubling_ = Doubling::Re;
  }
  return {};
}

void Game::finish(EndReason reason) {
  phase_ = Phase::Finished;
  end_ = reason;
  if (reason == EndReason::Folded) return;

  GameOutcome o;
  o.declaration = declaration_;
  o.bid = bid_;
  o.declarer_cards_and_skat = deal_.hands[static_cast<std::size_t>(declarer_)] | deal_.skat;
  o.declarer_points = play_.declarer_points();
  o.declarer_tricks = play_.declarer_tricks();
  o.defender_tricks = play_.defender_tricks();
  o.doubling = doubling_;
  o.all_tricks_accounted = reason != EndReason::SchwarzBroken && reason != EndReason::NullTrickTaken;
  const int remaining_tricks = 10 - play_.tricks_done();
  // The cards still held plus those of an unfinished trick go to the side that did not concede.
  int open_points = card_points(play_.hand(0) | play_.hand(1) | play_.hand(2));
  for (int i = 0; i < play_.trick_size(); ++i) open_points += card_points(play_.trick_card(i));
  if (declaration_.type == GameType::Null) {
    o.null_conceded_by_declarer = reason == EndReason::DeclarerConceded;
    o.null_conceded_by_defenders = reason == EndReason::DefendersConceded;
  } else if (reason == EndReason::DefendersConceded) {
    o.declarer_points += open_points;
    o.declarer_tricks += remaining_tricks;
  } else if (reason == EndReason::DeclarerConceded) {
    o.defender_tricks += remaining_tricks;
  }
  outcome_ = o;
  result_ = score_game(o);
}

std::vector<Action> Game::legal_actions(int pos) const {
  std::vector<Action> out;
  if (pos < 0 || pos > 2) return out;  // as apply: no such position (and no out-of-range vote lookup)
  if (phase_ == Phase::Playing && pos != declarer_ && !defender_concede_[static_cast<std::size_t>(pos)])
    out.push_back(Action::concede(pos));
  if (phase_ == Phase::Playing && pos == declarer_) out.push_back(Action::concede(pos));
  for (const Action& a : {Action::kontra(pos), Action::re(pos)})
    if (may_double(a)) out.push_back(a);
  if (pos != to_act()) return out;
  switch (phase_) {
    case Phase::Bidding:
      if (auction_.step() == Auction::Step::Answer) {
        out.push_back(Action::hold(pos));
      } else if (auction_.forehand_alone()) {
        out.push_back(Action::make_bid(pos, 18));
      } else {
        for (int v : legal_bid_values())
          if (v > auction_.current_bid()) out.push_back(Action::make_bid(pos, v));
      }
      out.push_back(Action::pass(pos));
      break;
    case Phase::SkatDecision: {
      out.push_back(Action::pick_up(pos));
      for (int t = 0; t < kNumGameTypes; ++t) {
        const auto type = static_cast<GameType>(t);
        Declaration d{type, true, false, false, false};
        if (type == GameType::Null) {
          for (bool ouvert : {false, true}) {
            d.ouvert = ouvert;
            if (validate_declaration(d, picked_up_, bid_)) out.push_back(Action::declare(pos, d));
          }
          continue;
        }
        out.push_back(Action::declare(pos, d));
        out.push_back(Action::declare(pos, {type, true, true, false, false}));
        out.push_back(Action::declare(pos, {type, true, true, true, false}));
        out.push_back(Action::declare(pos, {type, true, true, true, true}));
      }
      break;
    }
    case Phase::Discarding: {
      std::array<Card, 12> cards{};
      int n = 0;
      for (Card c : declarer_cards_) cards[static_cast<std::size_t>(n++)] = c;
      for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
          out.push_back(Action::discard(pos, cards[static_cast<std::size_t>(i)], cards[static_cast<std::size_t>(j)]));
      break;
    }
    case Phase::Declaring:
      for (int t = 0; t < kNumGameTypes; ++t) {
        const auto type = static_cast<GameType>(t);
        for (bool ouvert : {false, true}) {
          if (ouvert && type != GameType::Null) continue;
          const Declaration d{type, false, false, false, ouvert};
          if (validate_declaration(d, picked_up_, bid_)) out.push_back(Action::declare(pos, d));
        }
      }
      break;
    case Phase::Playing:
      for (Card c : play_.legal_moves()) out.push_back(Action::play(pos, c));
      break;
    case Phase::Finished: break;
  }
  return out;
}

}  // namespace skat
