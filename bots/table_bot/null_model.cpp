#include "bots/table_bot/null_model.h"

#include <algorithm>
#include <array>
#include <vector>

#include "bots/rng.h"
#include "bots/solver/null_analysis.h"
#include "engine/deal.h"
#include "engine/play_state.h"

namespace skat::bots {

namespace {

// A null search touches few positions; a small table keeps clearing it cheap.
constexpr std::size_t kSolverBytes = std::size_t{1} << 20;
constexpr std::size_t kMostRemembered = 1u << 16;
// Deals solved before a hand that has won none of them is given up as lost.
constexpr int kHopelessAfter = 6;

std::uint64_t question_key(const NullQuestion& q) {
  // Per card one of unseen / in hand / known (two bits each), then the seat; folded to 64 bits.
  std::uint64_t a = 0, b = 0;
  for (Card c : q.ten) (c.id() < 16 ? a : b) |= std::uint64_t{1} << (2 * (c.id() % 16));
  for (Card c : q.known) (c.id() < 16 ? a : b) |= std::uint64_t{2} << (2 * (c.id() % 16));
  return a ^ (b * 0x9E3779B97F4A7C15ULL) ^ (static_cast<std::uint64_t>(q.position) << 62);
}

// Safe whatever the deal: a defender on lead cannot catch him in any suit against all the cards
// the defenders may hold together (null_analysis.h; more cards with them only make it harder), and
// when he leads first he has a suit of which the defenders surely hold a card, so that his lowest
// card of it gives them the lead.
bool safe_in_every_deal(const NullQuestion& q, CardSet unseen, std::size_t hidden_skat) {
  const std::array<CardSet, 3> together{q.ten, unseen, CardSet{}};
  if (!null_declarer_safe(together, 0, CardSet{})) return false;
  if (q.position != 0) return true;
  for (int suit = 0; suit < 4; ++suit) {
    const CardSet suit_cards = CardSet::of_suit(static_cast<Suit>(suit));
    if (!(q.ten & suit_cards).empty() && static_cast<std::size_t>((unseen & suit_cards).size()) > hidden_skat)
      return true;
  }
  return false;
}

}  // namespace

NullModel::NullModel(NullModelSettings settings) : settings_(settings), solver_(SolverOptions{kSolverBytes}) {}

double NullModel::open_card_share(const NullQuestion& q) {
  const std::uint64_t key = question_key(q);
  if (const auto it = shares_.find(key); it != shares_.end()) return it->second;
  const CardSet unseen_cards = CardSet::all() - q.ten - q.known;
  const std::size_t hidden_skat = 2 - static_cast<std::size_t>(std::min(q.known.size(), 2));
  if (safe_in_every_deal(q, unseen_cards, hidden_skat)) return remember(key, 1.0);
  std::vector<Card> unseen;
  for (Card c : unseen_cards) unseen.push_back(c);
  // The deals are the question's own: the same question always gets the same sample.
  FastRng rng(key);
  const auto declarer = static_cast<std::size_t>(q.position);
  int won = 0, solved = 0;
  for (int w = 0; w < settings_.worlds; ++w) {
    // A hand that loses every deal of the first few is not worth more deals.
    if (w == kHopelessAfter && won == 0) break;
    for (std::size_t i = unseen.size(); i > 1; --i)
      std::swap(unseen[i - 1], unseen[static_cast<std::size_t>(uniform_below(rng, i))]);
    std::array<CardSet, 3> hands;
    hands[declarer] = q.ten;
    std::size_t next = hidden_skat;
    for (std::size_t p = 0; p < 3; ++p) {
      if (p == declarer) continue;
      for (int k = 0; k < 10; ++k) hands[p].add(unseen[next++]);
    }
    PlayState start(GameType::Null, hands, q.position, 0);
    won += solver_.null_declarer_clean(start) ? 1 : 0;
    ++solved;
  }
  return remember(key, solved > 0 ? static_cast<double>(won) / solved : 0.0);
}

double NullModel::remember(std::uint64_t key, double share) {
  if (shares_.size() >= kMostRemembered) shares_.clear();
  shares_.emplace(key, share);
  return share;
}

double NullModel::win_probability(const NullQuestion& q) {
  const double open = open_card_share(q);
  const double rescue = q.ouvert ? settings_.lost_deal_won_ouvert : settings_.lost_deal_won_plain;
  return open + rescue * (1.0 - open);
}

}  // namespace skat::bots
