#include "bots/tables/game_samples.h"

#include "engine/auction.h"

namespace skat::bots {

namespace {

bool valid_card(Card c) { return c.id() < kNumCards; }

// Hands, skat and discard as docs/records.md §1 requires.
bool cards_consistent(const PgnGame& g, const Declaration& d) {
  CardSet seen;
  for (const CardSet& hand : g.hands) {
    if (hand.size() != 10 || !(seen & hand).empty()) return false;
    seen |= hand;
  }
  for (Card c : g.skat)
    if (!valid_card(c)) return false;
  for (Card c : g.skat_put)
    if (!valid_card(c)) return false;
  const CardSet skat{g.skat[0], g.skat[1]};
  const CardSet put{g.skat_put[0], g.skat_put[1]};
  if (skat.size() != 2 || !(seen & skat).empty() || put.size() != 2) return false;
  const CardSet twelve = g.hands[static_cast<std::size_t>(g.declarer)] | skat;
  if (!(put - twelve).empty()) return false;
  return !d.hand || put == skat;
}

// Walks the recorded tricks: ownership and winners, the first defender lead, the null hit suit.
bool walk_tricks(const PgnGame& g, GameSamples& out) {
  if (g.tricks.size() > 10) return false;
  const DeclarerContext& dc = out.declarer;
  const GameType type = dc.declaration.type;
  const GameRules& rules = rules_for(type);
  std::array<CardSet, 3> left = g.hands;
  left[static_cast<std::size_t>(dc.position)] = dc.hand;
  CardSet played;
  int leader = kForehand;
  for (const PgnTrick& t : g.tricks) {
    for (int j = 0; j < 3; ++j) {
      const Card c = t.cards[static_cast<std::size_t>(j)];
      auto& hand = left[static_cast<std::size_t>((leader + j) % 3)];
      if (!valid_card(c) || !hand.contains(c)) return false;
      if (j == 0 && leader != dc.position && type != GameType::Null && !out.lead)
        out.lead = LeadContext{type, hand, c, played, leader, dc.position, false};
      hand.remove(c);
    }
    const int winner = (leader + rules.trick_winner(t.cards.data(), 3)) % 3;
    if (winner != t.winner) return false;
    if (type == GameType::Null && winner == dc.position && out.null_hit_suit < 0)
      out.null_hit_suit = static_cast<int>(t.cards[0].suit());
    for (Card c : t.cards) played.add(c);
    leader = winner;
  }
  return true;
}

}  // namespace

bool is_passed_deal(const PgnGame& g) { return g.folded || g.game == kPgnFolded; }

DeclarerContext declarer_context(const PgnGame& g) {
  DeclarerContext c;
  const auto pos = static_cast<std::size_t>(g.declarer);
  c.declaration = pgn_declaration(g);
  c.skat_put = CardSet{g.skat_put[0], g.skat_put[1]};
  c.hand = (g.hands[pos] | CardSet{g.skat[0], g.skat[1]}) - c.skat_put;
  c.bid = g.bids[pos];
  c.position = g.declarer;
  return c;
}

std::expected<GameSamples, Exclusion> game_samples(const PgnGame& g) {
  if (is_passed_deal(g)) return std::unexpected(Exclusion::Passed);
  if (g.game < 0 || g.game > kPgnNullOuvertHand || g.declarer < 0 || g.declarer > 2)
    return std::unexpected(Exclusion::Inconsistent);
  const Declaration d = pgn_declaration(g);
  if (!cards_consistent(g, d) || !is_legal_bid(g.bids[static_cast<std::size_t>(g.declarer)]))
    return std::unexpected(Exclusion::Inconsistent);
  GameSamples s;
  s.declarer = declarer_context(g);
  s.won = g.won;
  if (!walk_tricks(g, s)) return std::unexpected(Exclusion::Inconsistent);
  if (d.type == GameType::Null) {
    if (s.won && s.null_hit_suit >= 0) return std::unexpected(Exclusion::Inconsistent);
    if (!s.won && s.null_hit_suit < 0) return std::unexpected(Exclusion::NullUnattributed);
  }
  return s;
}

bool ended_by_concession(const PgnGame& g) {
  if (is_passed_deal(g) || g.tricks.size() >= 10) return false;
  if (g.won) return true;  // the defenders gave up the remaining tricks
  // Lost early by rule: a null declarer took a trick, or an announced schwarz broke.
  return g.game < kPgnNull && !g.schwarz_announced;
}

}  // namespace skat::bots
