#include "bots/pimc/world_sampler.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "bots/hand_eval.h"

namespace skat::bots {

namespace {

std::vector<Card> cards_of(CardSet set) {
  std::vector<Card> out;
  for (Card c : set) out.push_back(c);
  return out;
}

void shuffle(std::vector<Card>& cards, FastRng& rng) {
  for (std::size_t i = cards.size(); i > 1; --i)
    std::swap(cards[i - 1], cards[static_cast<std::size_t>(uniform_below(rng, i))]);
}

}  // namespace

HiddenInfo hidden_info(const SeatView& view) {
  HiddenInfo h;
  h.game = view.declaration ? view.declaration->type : GameType::Grand;
  h.me = view.pos;
  h.declarer = view.declarer;
  h.bids = view.bids;
  h.final_bid = view.bid;
  h.hand_game = view.declaration && view.declaration->hand;
  const GameRules& rules = rules_for(h.game);
  CardSet played;
  auto note_trick = [&](const Card* cards, int n, int leader) {
    const int led = rules.class_of[static_cast<std::size_t>(cards[0].id())];
    for (int i = 0; i < n; ++i) {
      const int p = (leader + i) % 3;
      const Card c = cards[i];
      h.played_by[static_cast<std::size_t>(p)].add(c);
      played.add(c);
      if (rules.class_of[static_cast<std::size_t>(c.id())] != led)
        h.excluded[static_cast<std::size_t>(p)] |= rules.class_cards[static_cast<std::size_t>(led)];
    }
  };
  for (const CompletedTrick& t : view.tricks) note_trick(t.cards.data(), 3, t.leader);
  if (!view.current_trick.empty())
    note_trick(view.current_trick.data(), static_cast<int>(view.current_trick.size()), view.trick_leader);
  for (int p = 0; p < 3; ++p)
    h.hand_size[static_cast<std::size_t>(p)] = 10 - h.played_by[static_cast<std::size_t>(p)].size();

  h.known[static_cast<std::size_t>(h.me)] = view.hand;
  if (h.declarer >= 0 && h.declarer != h.me && !view.ouvert_cards.empty())
    h.known[static_cast<std::size_t>(h.declarer)] = view.ouvert_cards;
  if (h.me == h.declarer && view.picked_up) h.known_skat = view.discard;
  h.hidden_skat = h.known_skat.empty() ? 2 : 0;
  CardSet seen = played | h.known_skat;
  for (const CardSet& k : h.known) seen |= k;
  h.unknown = CardSet::all() - seen;
  return h;
}

bool WorldSampler::fits(const World& w) const {
  for (int p = 0; p < 3; ++p)
    if (!(w.hands[static_cast<std::size_t>(p)] & info_.excluded[static_cast<std::size_t>(p)]).empty()) return false;
  return true;
}

// The bidders' hands at the deal (cards held now and played; the declarer's with the skat) must
// support their bids: a world where a bidder could not reach his bid counts a quarter.
double WorldSampler::bid_weight(const World& w) const {
  double weight = 1.0;
  for (int p = 0; p < 3; ++p) {
    const int bid = info_.bids[static_cast<std::size_t>(p)];
    if (p == info_.me || bid == 0) continue;
    const CardSet dealt = w.hands[static_cast<std::size_t>(p)] | info_.played_by[static_cast<std::size_t>(p)];
    int limit = 0;
    if (p == info_.declarer) {
      limit = estimated_value(choose_declaration(dealt | w.skat, bid), dealt | w.skat);
    } else if (const auto game = biddable_game(dealt)) {
      limit = estimated_value(*game, dealt);
    }
    if (limit < bid) weight *= 0.25;
  }
  return weight;
}

double WorldSampler::kermit_weight(const World& w) const {
  double weight = 1.0;
  for (int p = 0; p < 3; ++p) {
    if (p == info_.me) continue;
    const auto at = static_cast<std::size_t>(p);
    const CardSet dealt = w.hands[at] | info_.played_by[at];
    weight *= p != info_.declarer
                  ? kermit_->defender_likelihood(dealt, info_.bids[at])
                  : kermit_->declarer_likelihood(info_.hand_game, info_.hand_game ? dealt : dealt | w.skat, info_.game,
                                                 info_.final_bid);
  }
  return weight;
}

PlacementProblem placement_problem(const HiddenInfo& info, const inference::CardLocations* locations) {
  PlacementProblem problem;
  for (int p = 0; p < 3; ++p)
    problem.need[static_cast<std::size_t>(p)] =
        info.hand_size[static_cast<std::size_t>(p)] - info.known[static_cast<std::size_t>(p)].size();
  problem.need[kSkatSlot] = info.hidden_skat;
  for (Card c : info.unknown) {
    std::array<double, kSlots> w{};
    for (int slot = 0; slot < kSlots; ++slot) {
      if (slot < 3 && info.excluded[static_cast<std::size_t>(slot)].contains(c)) continue;
      const int where = slot == kSkatSlot ? inference::kSkat : inference::relative(slot, info.me);
      w[static_cast<std::size_t>(slot)] =
          locations ? std::max<double>((*locations)[static_cast<std::size_t>(c.id())][static_cast<std::size_t>(where)],
                                       kLearnedFloor)
                    : 1.0;
    }
    problem.cards.push_back(c);
    problem.weights.push_back(w);
  }
  return problem;
}

World world_of(const HiddenInfo& info, const Placement& placement) {
  World w;
  for (std::size_t p = 0; p < 3; ++p) w.hands[p] = info.known[p] | placement[p];
  w.skat = info.known_skat | placement[kSkatSlot];
  return w;
}

Placement placement_of(const HiddenInfo& info, const World& world) {
  Placement out{};
  for (std::size_t p = 0; p < 3; ++p) out[p] = world.hands[p] & info.unknown;
  out[kSkatSlot] = world.skat & info.unknown;
  return out;
}

WorldSampler::WorldSampler(HiddenInfo info, Inference inference, std::optional<inference::CardLocations> locations,
                           const inference::KermitTables* kermit)
    : info_(std::move(info)), inference_(inference), kermit_(kermit) {
  if (inference_ == Inference::LearnedKermit && !locations) inference_ = Inference::Kermit;
  if (inference_ == Inference::LearnedKermit && kermit_ == nullptr) inference_ = Inference::Learned;
  if (inference_ == Inference::Learned && !locations) inference_ = Inference::Count;
  if (inference_ == Inference::Kermit && kermit_ == nullptr) inference_ = Inference::Count;
  if (uses_model(inference_)) learned_.emplace(placement_problem(info_, &*locations));
  if (uses_kermit(inference_))
    for (int p = 0; p < 3; ++p) {
      if (p == info_.me) continue;
      kermit_max_ *= p != info_.declarer ? kermit_->defender_max(info_.bids[static_cast<std::size_t>(p)])
                                         : kermit_->declarer_max(info_.hand_game, info_.game, info_.final_bid);
    }
}

std::optional<World> WorldSampler::sample(FastRng& rng) const {
  std::optional<World> w;
  if (inference_ == Inference::Learned) {
    w = draw_candidate(rng);
  } else if (uses_kermit(inference_)) {
    w = draw_kermit(rng);
  } else {
    w = draw_uniform(rng);
    if (w) w->weight = inference_ == Inference::Count ? bid_weight(*w) : 1.0;
  }
  if (w && void_weight_ != 1.0) w->weight *= std::pow(void_weight_, declarer_voids(*w));
  return w;
}

std::array<CardSet, 4> declarer_open_suits(const HiddenInfo& info) {
  std::array<CardSet, 4> open{};
  if (info.me == info.declarer || info.declarer < 0) return open;
  const GameRules& rules = rules_for(info.game);
  const CardSet excluded = info.excluded[static_cast<std::size_t>(info.declarer)];
  for (std::size_t suit = 0; suit < 4; ++suit) {
    const CardSet cards = rules.class_cards[suit];
    if ((cards & excluded).empty() && !(cards & info.unknown).empty()) open[suit] = cards;
  }
  return open;
}

void WorldSampler::weigh_declarer_voids(double weight) {
  open_suits_ = declarer_open_suits(info_);
  // Nothing to weigh in the declarer's own view, or with no void left hidden.
  const bool any = std::ranges::any_of(open_suits_, [](CardSet s) { return !s.empty(); });
  void_weight_ = any ? weight : 1.0;
}

int WorldSampler::declarer_voids(const World& w) const {
  const CardSet hand = w.hands[static_cast<std::size_t>(info_.declarer)];
  int voids = 0;
  for (const CardSet& suit : open_suits_)
    if (!suit.empty() && (hand & suit).empty()) ++voids;
  return voids;
}

// Rejection sampling against the largest weight makes the accepted world exact; the candidates'
// weighted draw (one pass, each kept with its share of the weight so far) is the fallback.
std::optional<World> WorldSampler::draw_kermit(FastRng& rng) const {
  std::optional<World> chosen;
  double total = 0;
  for (int k = 0; k < kKermitCandidates; ++k) {
    auto w = draw_candidate(rng);
    if (!w) break;
    const double weight = kermit_weight(*w);
    if (uniform01(rng) * kermit_max_ < weight) return w;
    total += weight;
    if (total > 0 && uniform01(rng) * total < weight) chosen = std::move(w);
  }
  return chosen;
}

std::optional<World> WorldSampler::draw_candidate(FastRng& rng) const {
  if (!learned_) return draw_uniform(rng);
  const auto placement = learned_->draw(rng);
  if (!placement) return std::nullopt;
  return world_of(info_, *placement);
}

std::optional<World> WorldSampler::draw_uniform(FastRng& rng) const {
  std::vector<Card> cards = cards_of(info_.unknown);
  std::array<int, 3> need{};
  for (int p = 0; p < 3; ++p)
    need[static_cast<std::size_t>(p)] =
        info_.hand_size[static_cast<std::size_t>(p)] - info_.known[static_cast<std::size_t>(p)].size();
  if (need[0] + need[1] + need[2] + info_.hidden_skat != static_cast<int>(cards.size())) return std::nullopt;

  World w;
  // Rejection: a uniform split of the unknown cards, kept when no shown void is broken.
  for (int attempt = 0; attempt < 64; ++attempt) {
    shuffle(cards, rng);
    w.hands = info_.known;
    w.skat = info_.known_skat;
    std::size_t i = 0;
    for (int p = 0; p < 3; ++p)
      for (int k = 0; k < need[static_cast<std::size_t>(p)]; ++k) w.hands[static_cast<std::size_t>(p)].add(cards[i++]);
    for (; i < cards.size(); ++i) w.skat.add(cards[i]);
    if (fits(w)) return w;
  }
  // Constrained deal: each card, in random order, to a random place that may take it.
  for (int attempt = 0; attempt < 64; ++attempt) {
    shuffle(cards, rng);
    w.hands = info_.known;
    w.skat = info_.known_skat;
    std::array<int, 4> left{need[0], need[1], need[2], info_.hidden_skat};
    bool ok = true;
    for (Card c : cards) {
      int options[4];
      int n = 0;
      for (int p = 0; p < 4; ++p)
        if (left[static_cast<std::size_t>(p)] > 0 &&
            (p == 3 || !info_.excluded[static_cast<std::size_t>(p)].contains(c)))
          options[n++] = p;
      if (n == 0) {
        ok = false;
        break;
      }
      const int p = options[uniform_below(rng, static_cast<std::uint64_t>(n))];
      --left[static_cast<std::size_t>(p)];
      (p == 3 ? w.skat : w.hands[static_cast<std::size_t>(p)]).add(c);
    }
    if (ok) return w;
  }
  return std::nullopt;
}

}  // namespace skat::bots
