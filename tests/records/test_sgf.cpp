// ISS SGF codec (docs/records.md §2): every move shape typed and written back verbatim, escaping,
// R[...] tokens, read errors per line with the game id, and SGF lines of engine games.
#include <gtest/gtest.h>

#include "engine/records/replay.h"
#include "engine/records/sgf.h"
#include "record_test_support.h"

namespace skat {
namespace {

constexpr std::string_view kDeal =
    "w HA.SK.SJ.SA.CQ.S8.C9.H7.H9.DQ.CJ.S9.DJ.S7.D9.SQ.C8.HQ.DK.CA.D8.D7.DT.CT.ST.C7.HK.DA.HT.HJ.H8.CK";

SgfMove move(std::string_view who, std::string_view action) {
  auto m = parse_sgf_move(who, action);
  if (!m) throw std::runtime_error(m.error());
  return *m;
}

TEST(SgfMoves, EveryShapeIsTypedAndWrittenBack) {
  const std::pair<std::string_view, SgfMoveKind> cases[] = {
      {"1 18", SgfMoveKind::Bid},           {"0 y", SgfMoveKind::Hold},          {"2 p", SgfMoveKind::Pass},
      {"2 s", SgfMoveKind::PickUp},         {"w H8.CK", SgfMoveKind::SkatShown}, {"w ??.??", SgfMoveKind::SkatShown},
      {"2 D.ST.H8", SgfMoveKind::Declare},  {"0 G", SgfMoveKind::Declare},       {"0 SK.S7", SgfMoveKind::Discard},
      {"1 NO.HA.HQ", SgfMoveKind::Declare}, {"1 NOH", SgfMoveKind::Declare},     {"0 CHZ", SgfMoveKind::Declare},
      {"0 CHS", SgfMoveKind::Declare},      {"0 GO", SgfMoveKind::Declare},      {"0 SA", SgfMoveKind::Play},
      {"1 RE", SgfMoveKind::Resign},        {"0 SC", SgfMoveKind::Show},         {"1 SC.CJ.SJ", SgfMoveKind::Show},
      {"w TI.1", SgfMoveKind::Timeout},     {"w LE.2", SgfMoveKind::Left},       {"1 xyz", SgfMoveKind::Unknown},
      {"x 18", SgfMoveKind::Unknown},       {"w TI.x", SgfMoveKind::Unknown},    {"0 SC.", SgfMoveKind::Unknown},
  };
  for (auto [text, kind] : cases) {
    const std::size_t space = text.find(' ');
    auto m = parse_sgf_move(text.substr(0, space), text.substr(space + 1));
    if (kind == SgfMoveKind::Unknown && !m) continue;  // "SC." is an error, not a move
    ASSERT_TRUE(m.has_value()) << text << ": " << m.error();
    EXPECT_EQ(m->kind, kind) << text;
    EXPECT_EQ(sgf_move_text(*m), text);
  }
}

TEST(SgfMoves, DeclarationFlagsAndCards) {
  const SgfMove chz = move("0", "CHZ");
  EXPECT_EQ(chz.declaration.type, GameType::Clubs);
  EXPECT_TRUE(chz.declaration.hand);
  EXPECT_FALSE(chz.declaration.schneider);
  EXPECT_TRUE(chz.declaration.schwarz);
  const SgfMove no = move("1", "NO.HA.HQ");
  EXPECT_EQ(no.declaration.type, GameType::Null);
  EXPECT_TRUE(no.declaration.ouvert);
  ASSERT_EQ(no.declaration.cards.size(), 2u);
  EXPECT_EQ(card_name(no.declaration.cards[1]), "HQ");
  // "DT" is a card, "DH" diamonds hand.
  EXPECT_EQ(move("0", "DT").kind, SgfMoveKind::Play);
  EXPECT_EQ(move("0", "DH").kind, SgfMoveKind::Declare);
  // Flags out of the O H S Z order are not a declaration.
  EXPECT_EQ(move("0", "CHO").kind, SgfMoveKind::Unknown);
  EXPECT_FALSE(parse_sgf_move("0", "G.SK.SX").has_value());
}

TEST(SgfResult, TokensAndFields) {
  const auto r = parse_sgf_result("d:2 loss v:-54 m:-2 bidok p:59 t:4 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0");
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->tokens.size(), 15u);
  EXPECT_EQ(r->declarer, 2);
  EXPECT_EQ(r->won, false);
  EXPECT_EQ(r->value, -54);
  EXPECT_EQ(r->matadors, -2);
  EXPECT_EQ(r->bid_ok, true);
  EXPECT_EQ(r->points, 59);
  EXPECT_EQ(r->tricks, 4);
  EXPECT_EQ(r->schneider, 0);
  EXPECT_EQ(r->schwarz, 0);
  EXPECT_FALSE(r->passed);
  EXPECT_TRUE(parse_sgf_result("passed")->passed);
  EXPECT_FALSE(parse_sgf_result("d:x win").has_value());
}

std::string line_with(std::string_view moves, std::string_view result = "passed") {
  return "(;GM[Skat]PC[International Skat Server]CO[]SE[1]ID[42]DT[2010-12-06/18:59:24/UTC]P0[a]P1[b]P2[c]R0[]R1[]"
         "R2[]MV[" +
         std::string(moves) + " ]R[" + std::string(result) + "] ;)";
}

TEST(SgfLines, EscapedValuesRoundTrip) {
  std::string line = line_with(std::string(kDeal) + " 1 p 2 p 0 p");
  line.replace(line.find("P0[a]"), 5, "P0[a\\]b\\\\c]");
  const auto g = read_sgf_game(line, 1);
  ASSERT_TRUE(g.has_value()) << to_string(g.error());
  EXPECT_EQ(g->property("P0"), "a]b\\c");
  EXPECT_EQ(write_sgf_game(*g), line);
  const ReplayOutcome r = replay_sgf(*g);
  EXPECT_TRUE(r.ok());
  EXPECT_TRUE(r.passed);
  EXPECT_EQ(r.id, "42");
}

TEST(SgfLines, UnknownPropertiesKeepTheirPlace) {
  std::string line = line_with(std::string(kDeal) + " 1 p 2 p 0 p");
  line.replace(line.find("CO[]"), 4, "XX[hello world]CO[]");
  const auto g = read_sgf_game(line, 1);
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->properties[2].name, "XX");
  EXPECT_EQ(write_sgf_game(*g), line);
}

TEST(SgfLines, BadCardIsReportedWithGameIdAndReadingGoesOn) {
  std::string bad = line_with(std::string(kDeal) + " 1 p 2 p 0 p");
  bad.replace(bad.find("HA.SK"), 2, "CX");
  const std::string text = line_with(std::string(kDeal) + " 1 p 2 p 0 p") + "\n\n" + bad + "\n" +
                           line_with(std::string(kDeal) + " 1 p 2 p 0 p") + "\n";
  const SgfReadResult r = read_sgf(text);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].line, 3);
  EXPECT_EQ(r.errors[0].game_id, "42");
  EXPECT_EQ(r.errors[0].field, "MV");
  EXPECT_NE(r.errors[0].message.find("bad card 'CX' in move 1"), std::string::npos) << r.errors[0].message;
  EXPECT_EQ(r.games.size(), 2u);
}

TEST(SgfLines, StructuralErrors) {
  auto field_of = [](std::string_view line) {
    const auto g = read_sgf_game(line, 1);
    return g ? std::string("ok") : g.error().field;
  };
  EXPECT_EQ(field_of("GM[Skat]"), "line");
  EXPECT_EQ(field_of("(;GM[Skat]ID[3] ;)"), "MV");
  EXPECT_EQ(field_of("(;GM[Skat]MV[w] ;)"), "MV");  // a word without its pair
  EXPECT_EQ(field_of("(;GM[Skat]MV[] ;) x"), "line");
  EXPECT_EQ(field_of("(;GM[Skat"), "GM");
  EXPECT_EQ(field_of("(;GM[Skat]MV[]R[d:? win] ;)"), "R");
  EXPECT_EQ(field_of("(;GM[Skat]MV[] ;)"), "ok");
}

// The engine game of fixture 727, played action by action.
Game grand_ouvert_727() {
  const auto deal_move = move("w",
                              "HJ.HA.DJ.HQ.SA.H7.CA.CJ.HT.H8.H9.D7.DT.C7.ST.CK.C9.SK.S9.CT.C8.SQ.HK.S8.D9.DK.SJ."
                              "D8.CQ.DA.DQ.S7");
  Deal deal;
  for (std::size_t i = 0; i < 32; ++i) (i < 30 ? deal.hands[i / 10] : deal.skat).add(*deal_move.cards[i]);
  Game g(deal);
  const Action actions[] = {Action::pass(1),
                            Action::pass(2),
                            Action::make_bid(0, 18),
                            Action::declare(0, {GameType::Grand, true, false, false, true}),
                            Action::play(0, *parse_card("CJ")),
                            Action::concede(1),
                            Action::play(1, *parse_card("H9")),
                            Action::concede(2)};
  for (const Action& a : actions)
    if (!g.apply(a)) throw std::runtime_error("fixture action failed: " + describe(a));
  return g;
}

TEST(SgfFromGame, WritesIssMovesAndResult) {
  const Game g = grand_ouvert_727();
  const SgfGame sgf = sgf_game_from(g, {"bonsai", "mic", "Legolaus"}, "1265", "727", "2007-11-19/23:42:26/UTC");
  const std::string line = write_sgf_game(sgf);
  EXPECT_NE(line.find("MV[w CJ.CA.SA.H7.H8.HT.HJ.HQ.HA.DJ.C7."), std::string::npos) << line;
  EXPECT_NE(line.find(" 1 p 2 p 0 18 0 GO 0 CJ 1 RE 1 H9 2 RE ]"), std::string::npos) << line;
  EXPECT_NE(line.find("R[d:0 win v:192 m:1 bidok p:120 t:10 s:1 z:1 p0:0 p1:0 p2:0 l:-1 to:-1 r:1] ;)"),
            std::string::npos)
      << line;
  EXPECT_EQ(line.rfind("(;GM[Skat]PC[Skat Server]CO[]SE[1265]ID[727]DT[2007-11-19/23:42:26/UTC]P0[bonsai]", 0), 0u);
  const ReplayOutcome r = replay_sgf(*read_sgf_game(line, 1));
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.value, 192);
}

TEST(SgfFromGame, OuvertCardsAreCheckedAgainstTheHand) {
  const std::string base = std::string(
      "w HJ.HA.DJ.HQ.SA.H7.CA.CJ.HT.H8.H9.D7.DT.C7.ST.CK.C9.SK.S9.CT.C8.SQ.HK.S8.D9.DK.SJ.D8.CQ."
      "DA.DQ.S7 1 p 2 p 0 18 0 GO.");
  const std::string rest = " 0 CJ 1 RE 1 H9 2 RE";
  const auto good = read_sgf_game(line_with(base + "HJ.HA.DJ.HQ.SA.H7.CA.CJ.HT.H8" + rest, "d:0 win v:192"), 1);
  ASSERT_TRUE(good.has_value());
  EXPECT_TRUE(replay_sgf(*good).ok());
  const auto bad = read_sgf_game(line_with(base + "HJ.HA.DJ.HQ.SA.H7.CA.CJ.HT.H9" + rest), 1);
  ASSERT_TRUE(bad.has_value());
  const ReplayOutcome r = replay_sgf(*bad);
  ASSERT_TRUE(r.error.has_value());
  EXPECT_NE(r.error->find("ouvert cards"), std::string::npos) << *r.error;
}

}  // namespace
}  // namespace skat
