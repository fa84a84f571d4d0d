#include "bots/pimc/pimc_player.h"

#include <algorithm>

#include "bots/concession_vote.h"
#include "bots/inference/location_model.h"
#include "bots/pimc/card_race.h"
#include "bots/pimc/world_sampler.h"
#include "bots/rule_player.h"
#include "bots/solver/position.h"
#include "engine/scoring.h"

namespace skat::bots {

namespace {

using Clock = std::chrono::steady_clock;

// What the game is worth to `me` when the declarer ends with `points` card points and
// `declarer_tricks` tricks (suit, grand) or wins/loses (null): my Seeger-Fabian points, or with
// `table` those less the mean of the other two players' (doubled for a defender, in whole points).
struct Payoff {
  const SeatView& view;
  Declaration declaration;
  CardSet declarer_dealt;  // the declarer's 10 dealt cards and the skat, for matadors
  bool table = false;
  bool win_chance = false;  // 100 when my side wins, 0 when it loses

  int operator()(int points, int declarer_tricks, bool null_won) const {
    GameOutcome o;
    o.declaration = declaration;
    o.bid = view.bid;
    o.declarer_cards_and_skat = declarer_dealt;
    o.declarer_points = points;
    o.declarer_tricks = declarer_tricks;
    o.defender_tricks = 10 - declarer_tricks;
    if (declaration.type == GameType::Null) {
      o.declarer_tricks = null_won ? 0 : 1;
      o.defender_tricks = 10 - o.declarer_tricks;
    }
    o.doubling = view.doubling;
    const GameResult r = score_game(o);
    if (win_chance) return (view.pos == view.declarer) == r.won ? 100 : 0;
    const int declarer = r.list_entry + (r.won ? 50 : -50);
    const int defender = r.won ? 0 : 40;
    if (!table) return view.pos == view.declarer ? declarer : defender;
    // Declarer: his points less the defenders' (equal). Defender, doubled: 2·mine − partner's − declarer's.
    return view.pos == view.declarer ? declarer - defender : defender - declarer;
  }
};

// The declarer's point brackets that decide the value of a suit or grand game, and what each is
// worth to the deciding position: lost schneider (≤ 30), lost, won, won schneider (≥ 90), won
// schwarz. Only the thresholds between brackets of different worth are searched: a defender's
// own payoff, for one, does not depend on schneider (his payoff against the table does).
struct Brackets {
  std::array<int, 5> worth{};

  // Null has two: lost (worth[1]) and won (worth[2]).
  Brackets(const Payoff& payoff, bool schwarz_open, bool null)
      : worth{payoff(30, 2, false), payoff(60, 4, false), payoff(61, 6, null), payoff(90, 9, false),
              schwarz_open ? payoff(120, 10, false) : payoff(90, 9, false)} {}

  // The worth of the world after `card`, by the solver.
  int play_out(PlayState& s, Card card, OpenSolver& solver) const {
    s.play(card);
    int result = 0;
    if (s.game() == GameType::Null) {
      result = s.declarer_tricks() == 0 && solver.null_declarer_clean(s) ? worth[2] : worth[1];
    } else if (solver.declarer_reaches(s, 61)) {
      if (worth[3] == worth[2] && worth[4] == worth[2])
        result = worth[2];
      else if (!solver.declarer_reaches(s, 90))
        result = worth[2];
      else if (worth[4] != worth[3] && s.defender_tricks() == 0 && solver.declarer_takes_all(s))
        result = worth[4];
      else
        result = worth[3];
    } else {
      result = worth[1] == worth[0] || solver.declarer_reaches(s, 31) ? worth[1] : worth[0];
    }
    s.undo();
    return result;
  }
};

}  // namespace

std::vector<std::size_t> equivalent_cards(const SeatView& view, const std::vector<Card>& cards) {
  const GameRules& r = rules_for(view.declaration->type);
  const bool points_matter = view.declaration->type != GameType::Null;
  CardSet gone;
  for (const CompletedTrick& t : view.tricks)
    for (Card c : t.cards) gone.add(c);
  const CardSet blockers = CardSet::all() - view.hand - gone;
  std::vector<std::size_t> rep(cards.size());
  for (std::size_t i = 0; i < cards.size(); ++i) {
    rep[i] = i;
    for (std::size_t j = 0; j < i; ++j) {
      const Card a = cards[j], b = cards[i];
      const auto ca = static_cast<std::size_t>(a.id()), cb = static_cast<std::size_t>(b.id());
      if (r.class_of[ca] != r.class_of[cb] || (points_matter && card_points(a) != card_points(b))) continue;
      const int lo = std::min(r.strength[ca], r.strength[cb]), hi = std::max(r.strength[ca], r.strength[cb]);
      bool adjacent = true;
      for (Card x : blockers& r.class_cards[r.class_of[ca]]) {
        const int s = r.strength[static_cast<std::size_t>(x.id())];
        if (s > lo && s < hi) adjacent = false;
      }
      if (adjacent) {
        rep[i] = rep[j];
        break;
      }
    }
  }
  return rep;
}

namespace {

// One world of a batch and what solving it gave.
struct WorldJob {
  World world;
  std::vector<int> worth;  // per card (active representatives only)
  enum class Outcome { Solved, OutOfNodes, OutOfTime, Unfit } outcome = Outcome::Solved;
};

}  // namespace

PimcDecision evaluate_cards(const SeatView& view, const PimcSettings& settings, FastRng& rng, SolverPool& solvers) {
  PimcDecision d;
  CardSet legal;
  for (const Action& a : view.legal)
    if (a.kind == ActionKind::Play) legal.add(a.card);
  for (Card c : legal) d.cards.push_back({c, 0.0});
  if (d.cards.empty()) return d;
  d.best = d.cards.front().card;
  if ((d.cards.size() == 1 && !settings.win_chance) || !view.declaration) return d;

  const Inference inference =
      view.pos == view.declarer && settings.declarer_inference ? *settings.declarer_inference : settings.inference;
  const bool learned = uses_model(inference) && settings.model;
  WorldSampler sampler(hidden_info(view), inference,
                       learned ? std::optional(settings.model->predict(view)) : std::nullopt, settings.kermit.get());
  sampler.weigh_declarer_voids(settings.declarer_void_weight);
  const HiddenInfo& info = sampler.info();
  const Declaration declaration = view.declaration->normalized();
  std::vector<Card> candidates;
  for (const CardScore& c : d.cards) candidates.push_back(c.card);
  const std::vector<std::size_t> same = equivalent_cards(view, candidates);
  const auto deadline = search_deadline(settings, settings.budget);
  // What every world shares: the declarer's points from completed tricks, and whether schwarz
  // (every trick, including those before this position) is still open.
  const int decl = info.declarer;
  int trick_points = 0;
  for (const CompletedTrick& t : view.tricks)
    if (t.winner == decl) trick_points += t.points;
  const bool schwarz_open = std::ranges::all_of(view.tricks, [&](const CompletedTrick& t) { return t.winner == decl; });

  // Equivalent cards share their representative's entry in the race.
  CardRace race(d.cards.size());
  auto solve = [&](WorldJob& job, OpenSolver& solver) {
    const World& world = job.world;
    if (settings.world_nodes > 0) {
      solver.clear();  // the node count must not depend on the worlds this solver saw before
      solver.set_node_limit(settings.world_nodes);
    }
    const CardSet declarer_dealt =
        world.hands[static_cast<std::size_t>(decl)] | info.played_by[static_cast<std::size_t>(decl)] | world.skat;
    const Brackets brackets(Payoff{view, declaration, declarer_dealt, settings.table_payoff, settings.win_chance},
                            schwarz_open, info.game == GameType::Null);
    // The position at the start of the current trick, then the trick's cards.
    PositionSpec spec;
    spec.game = info.game;
    spec.declarer = decl;
    spec.hands = world.hands;
    spec.trick = view.current_trick;
    spec.leader = view.trick_leader;
    spec.declarer_points_so_far = trick_points + (info.game == GameType::Null ? 0 : card_points(world.skat));
    auto state = make_position(spec);
    if (!state) {  // cannot happen for a consistent world; the decision ends with what it has
      job.outcome = WorldJob::Outcome::Unfit;
      return;
    }
    job.worth.assign(d.cards.size(), 0);
    for (std::size_t i = 0; i < d.cards.size(); ++i) {
      if (same[i] != i || !race.active(i)) continue;
      job.worth[i] = brackets.play_out(*state, d.cards[i].card, solver);
      if (solver.aborted()) {
        job.outcome = solver.node_limit_reached() ? WorldJob::Outcome::OutOfNodes : WorldJob::Outcome::OutOfTime;
        break;
      }
    }
    solver.set_node_limit(std::nullopt);
  };

  for (int w = 0; w < solvers.threads(); ++w) solvers.at(w).set_deadline(deadline);
  // With a node limit, dropped worlds are replaced, up to twice the worlds in all.
  const int most_drawn = settings.world_nodes > 0 ? 2 * settings.worlds : settings.worlds;
  int drawn = 0;
  std::vector<WorldJob> batch;
  while (race.worlds() < settings.worlds && drawn < most_drawn) {
    if (Clock::now() >= deadline) {
      d.cut_by_clock = true;
      break;
    }
    const int size = std::min({kBatchWorlds, settings.worlds - race.worlds(), most_drawn - drawn});
    batch.clear();
    bool exhausted = false;
    for (int k = 0; k < size && !exhausted; ++k) {
      auto world = sampler.sample(rng);
      if (world)
        batch.push_back({std::move(*world), {}, WorldJob::Outcome::Solved});
      else
        exhausted = true;
    }
    drawn += static_cast<int>(batch.size());
    solvers.run(static_cast<int>(batch.size()),
                [&](int k, OpenSolver& solver) { solve(batch[static_cast<std::size_t>(k)], solver); });
    for (WorldJob& job : batch) {
      if (job.outcome == WorldJob::Outcome::Unfit) {
        exhausted = true;
        break;
      }
      if (job.outcome == WorldJob::Outcome::OutOfTime) {
        d.cut_by_clock = true;
        continue;
      }
      if (job.outcome == WorldJob::Outcome::OutOfNodes) {
        ++d.dropped_worlds;
        continue;
      }
      for (std::size_t i = 0; i < d.cards.size(); ++i) job.worth[i] = job.worth[same[i]];
      race.add_world(job.world.weight, job.worth);
    }
    if (d.cut_by_clock || exhausted) break;
    if (settings.stop_early && race.worlds() < settings.worlds && race.settle(kRaceMinWorlds, kRaceZ)) {
      d.stopped_early = true;
      break;
    }
  }
  for (int w = 0; w < solvers.threads(); ++w) solvers.at(w).set_deadline(std::nullopt);
  d.worlds = race.worlds();
  if (d.worlds == 0) {  // not one world in time: the rule-based card
    d.best = rule_card(view);
    return d;
  }
  for (std::size_t i = 0; i < d.cards.size(); ++i) d.cards[i].payoff = race.payoff(i);
  const std::size_t best = race.leader();
  d.best = d.cards[best].card;
  // Among cards of equal worth in every world (the common case when the game is decided either
  // way), the rule-based card: it keeps the finer habits (cheap wins, smearing, saving points)
  // that the win/schneider brackets cannot see.
  const Card preferred = rule_card(view);
  for (std::size_t i = 0; i < d.cards.size(); ++i)
    if (d.cards[i].card == preferred && race.active(i) && d.cards[i].payoff >= d.cards[best].payoff - 1e-9)
      d.best = preferred;
  return d;
}

std::chrono::steady_clock::time_point search_deadline(const PimcSettings& settings, std::chrono::milliseconds budget) {
  const auto limit = settings.work_budgets ? std::chrono::duration_cast<std::chrono::milliseconds>(kSafetyNet) : budget;
  return std::min(Clock::now() + limit, settings.stop_at.value_or(Clock::time_point::max()));
}

namespace {

// The chance that the deciding position's side wins, over sampled worlds (its best card's, each
// world solved open-card) with half the worlds and budget of a card decision; empty when no world
// was solved.
std::optional<double> side_chance(const SeatView& view, const PimcSettings& settings, FastRng& rng,
                                  SolverPool& solvers) {
  PimcSettings quick = settings;
  quick.win_chance = true;
  quick.worlds = std::max(8, settings.worlds / 2);
  quick.budget = settings.budget / 2;
  quick.stop_early = false;  // the chance itself is wanted, not only the best card
  const PimcDecision d = evaluate_cards(view, quick, rng, solvers);
  if (d.worlds == 0) return std::nullopt;
  return std::ranges::max_element(d.cards, {}, &CardScore::payoff)->payoff / 100.0;
}

}  // namespace

std::optional<Action> doubling_decision(const SeatView& view, const PimcSettings& settings, FastRng& rng,
                                        SolverPool& solvers) {
  const auto offered = std::ranges::find_if(
      view.legal, [](const Action& a) { return a.kind == ActionKind::Kontra || a.kind == ActionKind::Re; });
  if (offered == view.legal.end()) return std::nullopt;
  const auto mine = side_chance(view, settings, rng, solvers);
  if (!mine) return std::nullopt;
  const double declarer_chance = view.pos == view.declarer ? *mine : 1.0 - *mine;
  const bool pays =
      offered->kind == ActionKind::Kontra ? declarer_chance <= kKontraAtMost : declarer_chance >= kReAtLeast;
  return pays ? std::optional(*offered) : std::nullopt;
}

std::optional<Action> concession_answer(const SeatView& view, const PimcSettings& settings, FastRng& rng,
                                        SolverPool& solvers) {
  const auto concede = partner_concession(view);
  if (!concede || !concession_costs_nothing(view)) return std::nullopt;
  const auto mine = side_chance(view, settings, rng, solvers);
  return mine && *mine == 0.0 ? concede : std::nullopt;
}

Action PimcPlayer::decide(const SeatView& view) {
  if (view.phase != Phase::Playing) return fallback_.decide(view);
  if (const auto doubled = doubling_decision(view, settings_, rng_, solvers_)) return *doubled;
  if (const auto agreed = concession_answer(view, settings_, rng_, solvers_)) return *agreed;
  const PimcDecision d = evaluate_cards(view, settings_, rng_, solvers_);
  if (settings_.work_budgets && d.cut_by_clock) ++clock_stops_;
  return Action::play(view.pos, d.best);
}

}  // namespace skat::bots
