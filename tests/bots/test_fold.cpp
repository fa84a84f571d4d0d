// The fold of recorded games into winning tables: hand-made games land in the expected buckets,
// exclusions are counted per reason, folds of parts merge to the fold of the whole, and the
// watermark keeps games from being folded twice.
#include <gtest/gtest.h>

#include <sstream>
#include <vector>

#include "bots/play_deal.h"
#include "bots/rng.h"
#include "bots/simple_player.h"
#include "bots/tables/fold.h"
#include "engine/deal.h"

namespace skat::bots {
namespace {

CardSet cards(const std::string& names) {
  CardSet set;
  std::istringstream in(names);
  for (std::string name; in >> name;) set.add(*parse_card(name));
  return set;
}

std::array<Card, 2> two(const std::string& names) {
  const CardSet s = cards(names);
  return {s.first(), Card(std::countr_zero(s.bits() & (s.bits() - 1)))};
}

PgnTrick trick(const std::string& names, int winner, int points) {
  std::istringstream in(names);
  PgnTrick t;
  for (Card& c : t.cards) {
    std::string name;
    in >> name;
    c = *parse_card(name);
  }
  t.winner = winner;
  t.points = points;
  return t;
}

// One deal for every hand-made game: forehand, middlehand, rearhand, skat DQ D7.
PgnGame base_game(int game_code, int declarer, bool won) {
  PgnGame g;
  g.hands = {cards("CJ HJ CA CT C9 SA S7 HT HK D8"), cards("SJ DJ CK CQ C8 SK SQ HA H9 D9"),
             cards("C7 ST S9 S8 HQ H8 H7 DA DT DK")};
  g.skat = two("DQ D7");
  g.skat_put = g.skat;
  g.game = game_code;
  g.declarer = declarer;
  g.won = won;
  return g;
}

// Forehand plays clubs, picks up and puts ♦Q ♦8; no tricks recorded; won.
PgnGame suit_game() {
  PgnGame g = base_game(0, 0, true);
  g.bids = {24, 20, 0};
  g.skat_put = two("DQ D8");
  return g;
}

// Middlehand plays a grand hand at 30 and loses; forehand leads ♣A to trick 1.
PgnGame grand_game() {
  PgnGame g = base_game(4, 1, false);
  g.bids = {18, 30, 0};
  g.hand = true;
  g.tricks = {trick("CA C8 C7", 0, -11)};
  return g;
}

// Rearhand plays null, puts ♦A ♦10, and takes trick 1 with ♥Q: lost in hearts.
PgnGame null_game() {
  PgnGame g = base_game(kPgnNull, 2, false);
  g.bids = {0, 0, 23};
  g.skat_put = two("DA DT");
  g.tricks = {trick("HT H9 HQ", 2, 13)};
  return g;
}

TEST(Fold, HandMadeGamesLandInTheirBuckets) {
  TableSet tables;
  PgnGame passed = base_game(kPgnFolded, 0, false);
  passed.folded = true;
  PgnGame bad_discard = suit_game();
  bad_discard.skat_put = two("DA D7");
  PgnGame bad_winner = grand_game();
  bad_winner.tricks[0].winner = 1;
  const std::vector<PgnGame> games = {suit_game(), grand_game(), null_game(), passed, bad_discard, bad_winner};
  const FoldStats s = fold_games(tables, games, 1);
  EXPECT_EQ(s.folded, 3u);
  EXPECT_EQ(s.passed, 1u);
  EXPECT_EQ(s.inconsistent, 2u);
  EXPECT_EQ(s.lead_samples, 1u);
  EXPECT_EQ(tables.meta().games_folded, 3u);
  EXPECT_EQ(tables.meta().watermark, 6u);

  const auto bucket = [&](TableKind k, std::vector<std::uint8_t> f) {
    const WinningTable& t = tables.table(k);
    return t.foreground().at(t.hash().rank(f));
  };
  EXPECT_EQ(bucket(TableKind::Suit, {2, 4, 2, 1, 1, 4, 1, 0, 0}), (Bucket{1, 1}));
  EXPECT_EQ(tables.table(TableKind::Suit).foreground().total(), (Bucket{1, 1}));
  // Grand: ♠J ♦J = 5; ♥A; no ten; losers 3 + 2 + 1 + 1 capped at 7; bid 30; middlehand; skat 3 points.
  EXPECT_EQ(bucket(TableKind::Grand, {5, 1, 0, 7, 2, 1, 0}), (Bucket{1, 0}));
  // Lead: declarer plays second; three clubs; ♣J ♥J = 10; ace and ten; the ace itself led.
  EXPECT_EQ(bucket(TableKind::LeadGrand, {1, 3, 0, 10, 1, 1, 1}), (Bucket{1, 0}));
  EXPECT_EQ(tables.table(TableKind::LeadSuit).foreground().size(), 0u);
  // Null, rearhand: ♣7 / ♠10 9 8 / ♥Q 8 7 / ♦K Q 7 with both discards in diamonds; hit in hearts.
  EXPECT_EQ(bucket(TableKind::Null, {0, 0, 0, 0b1}), (Bucket{1, 1}));
  EXPECT_EQ(bucket(TableKind::Null, {0, 0, 0, 0b1110}), (Bucket{1, 1}));
  EXPECT_EQ(bucket(TableKind::Null, {0, 0, 0, 0b100011}), (Bucket{1, 0}));
  EXPECT_EQ(bucket(TableKind::Null, {0, 0, 2, 0b1100001}), (Bucket{1, 1}));
  EXPECT_EQ(tables.table(TableKind::Null).foreground().total(), (Bucket{4, 3}));
}

TEST(Fold, ExclusionReasons) {
  PgnGame resigned_null = null_game();
  resigned_null.tricks.clear();
  PgnGame clean_null_with_trick = null_game();
  clean_null_with_trick.won = true;
  PgnGame bad_bid = suit_game();
  bad_bid.bids[0] = 19;
  PgnGame hand_with_discard = suit_game();
  hand_with_discard.hand = true;
  const std::vector<PgnGame> games = {resigned_null, clean_null_with_trick, bad_bid, hand_with_discard, grand_game()};
  TableSet tables;
  const FoldStats s = fold_games(tables, games, 10, ended_by_concession);
  EXPECT_EQ(s.null_unattributed, 1u);
  EXPECT_EQ(s.inconsistent, 3u);
  EXPECT_EQ(s.filtered, 1u);  // the grand ended after one trick: a concession
  EXPECT_EQ(s.folded, 0u);
  EXPECT_EQ(s.excluded(), 5u);
  EXPECT_EQ(tables.meta().watermark, 14u);
  EXPECT_TRUE(ended_by_concession(grand_game()));
  EXPECT_FALSE(ended_by_concession(null_game()));  // a lost null ends at the declarer's trick
}

// Real games: the simple players through the engine, as PGN game lines.
std::vector<PgnGame> played_games(int count, std::uint64_t seed) {
  FastRng deals(seed);
  std::vector<PgnGame> out;
  for (int i = 0; i < count; ++i) {
    SimplePlayer a(seed + 1), b(seed + 2), c(seed + 3);
    const auto game = play_deal(random_deal(deals), {&a, &b, &c});
    EXPECT_TRUE(game) << game.error();
    if (game) out.push_back(pgn_game_from(*game, i, {0, 0, 0}));
  }
  return out;
}

TEST(Fold, PartsMergeToTheWhole) {
  const auto games = played_games(240, 77);
  const std::span<const PgnGame> all(games);
  TableSet whole, a, b;
  const FoldStats sw = fold_games(whole, all, 1);
  FoldStats sab = fold_games(a, all.first(100), 1);
  sab += fold_games(b, all.subspan(100), 101);
  EXPECT_EQ(sab, sw);
  EXPECT_GT(sw.folded, 150u);
  EXPECT_GT(sw.lead_samples, 50u);
  EXPECT_GT(sw.passed, 0u);
  EXPECT_EQ(sw.inconsistent, 0u);
  a.merge(b);
  EXPECT_EQ(a, whole);
  EXPECT_EQ(a.meta().watermark, 240u);
  EXPECT_EQ(a.meta().games_folded, sw.folded);
  // The other way round too.
  TableSet b2;
  fold_games(b2, all.subspan(100), 101);
  TableSet a2;
  fold_games(a2, all.first(100), 1);
  b2.merge(a2);
  EXPECT_EQ(b2, whole);
}

TEST(Fold, WatermarkSkipsGamesAlreadyFolded) {
  const auto games = played_games(60, 5);
  const std::span<const PgnGame> all(games);
  TableSet tables;
  const FoldStats first = fold_games(tables, all.first(40), 1);
  const TableSet after_first = tables;
  const FoldStats again = fold_games(tables, all.first(40), 1);
  EXPECT_EQ(again.skipped, 40u);
  EXPECT_EQ(again.folded + again.excluded(), 0u);
  EXPECT_EQ(tables, after_first);
  // An overlapping batch: the first 40 are skipped, the rest folded once.
  const FoldStats overlap = fold_games(tables, all, 1);
  EXPECT_EQ(overlap.skipped, 40u);
  EXPECT_EQ(first.folded + overlap.folded, fold_games(*std::make_unique<TableSet>(), all, 1).folded);
  EXPECT_EQ(tables.meta().watermark, 60u);
  // Out of order within a batch: a game below the watermark is skipped.
  Folder folder(tables);
  folder.add(70, games[0]);
  folder.add(65, games[1]);
  EXPECT_EQ(folder.stats().skipped, 1u);
  EXPECT_EQ(tables.meta().watermark, 70u);
}

}  // namespace
}  // namespace skat::bots
