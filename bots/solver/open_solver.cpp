#include "bots/solver/open_solver.h"

#include <algorithm>
#include <array>

#include "bots/solver/canonical_hands.h"
#include "bots/solver/class_order.h"
#include "bots/solver/endgame.h"
#include "bots/solver/null_analysis.h"
#include "bots/solver/quick_tricks.h"

namespace skat::bots {

namespace {

CardSet in_hands(const PlayState& s) { return s.hand(0) | s.hand(1) | s.hand(2); }

CardSet in_trick(const PlayState& s) {
  CardSet t;
  for (int i = 0; i < s.trick_size(); ++i) t.add(s.trick_card(i));
  return t;
}

// Positions with at most this many cards in the hands, at a trick start, are solved by Endgame.
constexpr int kEndgameCards = 9;
constexpr int kEndgameCardsNull = 6;

int strength(const GameRules& r, Card c) { return r.strength[static_cast<std::size_t>(c.id())]; }
int class_of(const GameRules& r, Card c) { return r.class_of[static_cast<std::size_t>(c.id())]; }

// Null leads of a defender: first a card below all the declarer's cards of its suit, then low
// cards of the suits where he is not safe, then of his other suits; suits he lacks last.
int null_lead_score(const PlayState& s, Card c, unsigned unsafe) {
  const int st = strength(s.rules(), c);
  const CardSet mine = s.hand(s.declarer()) & CardSet::of_suit(c.suit());
  if (mine.empty()) return -st;
  if (st < strength(s.rules(), mine.first())) return 300 - st;
  return ((unsafe >> static_cast<int>(c.suit())) & 1u) ? 200 - st : 100 - st;
}

}  // namespace

OpenSolver::OpenSolver(SolverOptions options) : tt_(options.tt_bytes) {}

int OpenSolver::future_max(const PlayState& s, Goal goal) const {
  if (goal == Goal::Points) return card_points(in_hands(s)) + card_points(in_trick(s));
  return (in_hands(s).size() + s.trick_size()) / 3;  // tricks still to be completed
}

// The legal cards worth searching, best first. Cards of one hand that are neighbours in their
// class (no live card of another hand or of the current trick between them) win and lose the same
// tricks; with equal points (or when points do not matter) one of them stands for all.
int OpenSolver::ordered_moves(const PlayState& s, Goal goal, Card* out) const {
  const GameRules& r = s.rules();
  const CardSet legal = s.legal_moves();
  if (legal.size() == 1) {
    out[0] = legal.first();
    return 1;
  }
  const ClassOrder& order = order_for(s.game());
  const CardSet alive = in_hands(s) | in_trick(s);
  const bool points_matter = goal == Goal::Points;
  int n = 0;
  for (int k = 0; k < 5; ++k) {
    if ((legal & r.class_cards[static_cast<std::size_t>(k)]).empty()) continue;
    bool previous_legal = false;
    int previous_points = -1;
    const auto& list = order.cards[static_cast<std::size_t>(k)];
    for (int i = 0; i < order.size[static_cast<std::size_t>(k)]; ++i) {
      const Card c = list[static_cast<std::size_t>(i)];
      if (!alive.contains(c)) continue;
      if (!legal.contains(c)) {
        previous_legal = false;
        continue;
      }
      const int points = points_matter ? card_points(c) : 0;
      if (!(previous_legal && points == previous_points)) out[n++] = c;
      previous_legal = true;
      previous_points = points;
    }
  }

  // Scores for ordering: who wins the trick so far, and whether that is the mover's side.
  const int me = s.to_move();
  const bool me_declarer = me == s.declarer();
  std::array<int, 10> score{};
  const unsigned unsafe = goal == Goal::NullClean ? null_unsafe_suits(s.hands(), s.declarer(), in_trick(s)) : 0;
  if (s.trick_size() == 0) {
    // Leads: a card no opponent can beat (higher card of its class, or a ruff) comes first, with
    // points; otherwise cheap cards first.
    CardSet opponents;
    std::array<CardSet, 2> opponent_hands{};
    int m = 0;
    for (int p = 0; p < 3; ++p)
      if ((p == s.declarer()) != me_declarer) {
        opponents |= s.hand(p);
        opponent_hands[static_cast<std::size_t>(m++)] = s.hand(p);
      }
    for (int i = 0; i < n; ++i) {
      const Card c = out[i];
      const int k = class_of(r, c);
      const CardSet cls = r.class_cards[static_cast<std::size_t>(k)];
      bool beaten = !(opponents & order.stronger[static_cast<std::size_t>(c.id())]).empty();
      if (!beaten && k != kTrump)
        for (int j = 0; j < m; ++j) {
          const CardSet h = opponent_hands[static_cast<std::size_t>(j)];
          if ((h & cls).empty() && !(h & r.trumps()).empty()) beaten = true;
        }
      int v = 0;
      if (goal == Goal::NullClean)
        v = me_declarer ? -strength(r, c) : null_lead_score(s, c, unsafe);
      else
        v = beaten ? -card_points(c) - strength(r, c) : 100 + card_points(c) + strength(r, c);
      score[static_cast<std::size_t>(i)] = v;
    }
  } else {
    const int led = class_of(r, s.trick_card(0));
    int best = 0;
    for (int i = 1; i < s.trick_size(); ++i)
      if (r.beats(s.trick_card(i), s.trick_card(best), led)) best = i;
    const int best_player = (s.leader() + best) % 3;
    const bool mine_winning = (best_player == s.declarer()) == me_declarer;
    const bool last = s.trick_size() == 2;
    for (int i = 0; i < n; ++i) {
      const Card c = out[i];
      const bool beats = r.beats(c, s.trick_card(best), led);
      const int pts = card_points(c);
      int v = 0;
      if (goal == Goal::NullClean) {
        // The null declarer ducks with his highest card that still loses (void: throws the
        // highest card of a suit where he is not safe); defenders keep low.
        const bool unsafe_suit = (unsafe >> static_cast<int>(c.suit())) & 1u;
        v = me_declarer ? (beats ? -strength(r, c) : 100 + strength(r, c) + (unsafe_suit ? 10 : 0))
                        : (beats ? strength(r, c) : 100 - strength(r, c));
      } else if (mine_winning) {
        v = last ? 100 + pts : (beats ? 20 - strength(r, c) : 50 - pts);  // smear when safe
      } else if (beats) {
        v = 200 - strength(r, c) + (last ? pts : 0);  // the cheapest card that wins
      } else {
        v = -pts;  // losing: give away little
      }
      score[static_cast<std::size_t>(i)] = v;
    }
  }
  // Insertion sort by score, best first (at most ten moves).
  for (int i = 1; i < n; ++i) {
    const Card c = out[i];
    const int v = score[static_cast<std::size_t>(i)];
    int j = i - 1;
    while (j >= 0 && score[static_cast<std::size_t>(j)] < v) {
      out[j + 1] = out[j];
      score[static_cast<std::size_t>(j + 1)] = score[static_cast<std::size_t>(j)];
      --j;
    }
    out[j + 1] = c;
    score[static_cast<std::size_t>(j + 1)] = v;
  }
  return n;
}

namespace {

int counter(const PlayState& s, int goal) {
  switch (goal) {
    case 0: return s.declarer_points();
    case 1: return s.defender_tricks();
    default: return s.declarer_tricks();
  }
}

}  // namespace

int OpenSolver::search(PlayState& s, Goal goal, int target) {
  // The clock is read every 4096 nodes (a fraction of a millisecond).
  if (++nodes_ >= node_limit_ || ((nodes_ & 4095) == 0 && deadline_ && std::chrono::steady_clock::now() >= *deadline_))
    aborted_ = true;
  if (aborted_) return 0;
  const int have = counter(s, static_cast<int>(goal));
  if (have >= target) return have;
  const int most = have + future_max(s, goal);
  if (most < target) return most;

  const bool boundary = s.trick_size() == 0;
  if (goal == Goal::NullClean) {
    // Static null facts: the declarer safe in every suit (no trick from here), or forced to take
    // the next trick.
    const bool declarer_moves = s.to_move() == s.declarer();
    const bool defender_led = s.leader() != s.declarer();
    if (boundary && have + 1 >= target && null_trick_forced(s.hands(), s.declarer(), s.leader())) return have + 1;
    if (defender_led && (boundary || declarer_moves) && null_declarer_safe(s.hands(), s.declarer(), in_trick(s)))
      return have;
  } else if (boundary) {
    // Quick tricks of the side on lead: a floor for it, a ceiling for the other side.
    // Skipped when even the whole hand of the leader could not decide the question.
    const bool declarer_leads = s.to_move() == s.declarer();
    const bool maximiser_leads = declarer_leads == (goal == Goal::Points);
    const CardSet lead_hand = s.hand(s.to_move());
    const int ceiling = goal == Goal::Points ? card_points(lead_hand) : lead_hand.size();
    if (maximiser_leads ? have + ceiling >= target : most - ceiling < target) {
      const QuickTricks q = quick_tricks(s);
      const int sure = goal == Goal::Points ? q.points : q.tricks;
      if (maximiser_leads && have + sure >= target) return have + sure;
      if (!maximiser_leads && most - sure < target) return most - sure;
    }
  }
  const int need = target - have;
  int tag = 0;
  int hint = -1;  // the card that refuted this position before: tried first
  std::array<CardSet, 3> key{};
  if (boundary) {
    tag = 1 + s.leader() + 3 * static_cast<int>(goal) + 9 * s.declarer() + 27 * static_cast<int>(s.game());
    key = s.game() == GameType::Null ? null_canonical_hands(s.hands()) : canonical_hands(s.hands(), s.game());
    if (const auto hit = tt_.find(key, tag)) {
      if (hit->bounds.lower >= need) return have + hit->bounds.lower;
      if (hit->bounds.upper < need) return have + hit->bounds.upper;
      hint = hit->best;
    }
  }

  // The last tricks (three; two for null, where the table pays more) go to plain enumeration;
  // its bound is stored like any other.
  if (boundary && in_hands(s).size() <= (goal == Goal::NullClean ? kEndgameCardsNull : kEndgameCards)) {
    static constexpr std::array kCounts{EndgameCount::DeclarerPoints, EndgameCount::DefenderTricks,
                                        EndgameCount::DeclarerTricks};
    const Endgame endgame{s.rules(), s.declarer(), kCounts[static_cast<std::size_t>(goal)], node_limit_};
    std::array<CardSet, 3> hands = s.hands();
    const int v = endgame.search(hands, s.to_move(), need, nodes_);
    if (nodes_ >= node_limit_) {
      aborted_ = true;
      return 0;
    }
    TranspositionTable::Bounds b;
    if (v >= need)
      b.lower = static_cast<std::uint8_t>(v);
    else
      b.upper = static_cast<std::uint8_t>(v);
    tt_.store(key, tag, b, -1);
    return have + v;
  }
  Card moves[10];
  const int n = ordered_moves(s, goal, moves);
  if (hint >= 0)
    for (int i = 1; i < n; ++i)
      if (moves[i].id() == hint) {
        std::rotate(moves, moves + i, moves + i + 1);
        break;
      }
  // Points: the declarer maximises; all-tricks and null: the defenders do (they need one trick).
  const bool maximiser_moves = (goal == Goal::Points) == (s.to_move() == s.declarer());
  int best = maximiser_moves ? -1 : 1000;
  int refutation = -1;
  for (int i = 0; i < n; ++i) {
    s.play(moves[i]);
    const int v = search(s, goal, target);
    s.undo();
    if (aborted_) return 0;  // unwind without storing anything
    best = maximiser_moves ? std::max(best, v) : std::min(best, v);
    if ((v >= target) == maximiser_moves) {  // the mover reached what it wants: cut off
      refutation = moves[i].id();
      break;
    }
  }

  if (boundary) {
    TranspositionTable::Bounds b;
    if (best >= target)
      b.lower = static_cast<std::uint8_t>(best - have);
    else
      b.upper = static_cast<std::uint8_t>(best - have);
    tt_.store(key, tag, b, refutation);
  }
  return best;
}

bool OpenSolver::declarer_reaches(PlayState& state, int target) {
  return search(state, Goal::Points, target) >= target;
}

bool OpenSolver::declarer_takes_all(PlayState& state) {
  const int target = state.defender_tricks() + 1;
  return search(state, Goal::AllTricks, target) < target;
}

bool OpenSolver::null_declarer_clean(PlayState& state) {
  const int target = state.declarer_tricks() + 1;
  return search(state, Goal::NullClean, target) < target;
}

// Zero-window searches whose fail-soft results narrow [lower, upper] until they meet. The first
// threshold is 61 (the question that matters most); then either the bound the last search returned
// (one point above it after a fail high: MTD(f)) or the middle of what is still open. From a cold
// table MTD(f) needs fewer nodes (−14 % and −15 % on two ranges of bench deals); valuing the cards of
// one position on a shared table, bisection does (+12 % nodes for MTD(f) on 60 deals).
int OpenSolver::exact(PlayState& state, bool step_to_bound) {
  int lower = state.declarer_points();
  int upper = lower + future_max(state, Goal::Points);
  int target = std::clamp(61, lower + 1, std::max(lower + 1, upper));
  while (lower < upper) {
    const int v = search(state, Goal::Points, target);
    const bool high = v >= target;
    (high ? lower : upper) = v;
    if (!step_to_bound)
      target = (lower + upper + 1) / 2;
    else
      target = high ? std::min(upper, v + 1) : std::max(lower + 1, v);
  }
  return lower;
}

int OpenSolver::exact_points(PlayState& state) { return exact(state, true); }

std::vector<CardValue> OpenSolver::card_values(PlayState& state) {
  std::vector<CardValue> values;
  for (Card c : state.legal_moves()) {
    CardValue v;
    v.card = c;
    state.play(c);
    if (state.game() == GameType::Null) {
      v.declarer_wins = state.declarer_tricks() == 0 && null_declarer_clean(state);
    } else {
      v.declarer_points = exact(state, false);
      v.declarer_wins = v.declarer_points >= 61;
    }
    state.undo();
    values.push_back(v);
  }
  return values;
}

}  // namespace skat::bots
