// Series PGN codec (docs/records.md §1): header and game-line syntax, error reports that name the
// line, field and game id and let reading go on, seat mapping, recorded list entries and the
// Seeger-Fabian Result of the header.
#include <gtest/gtest.h>

#include "engine/records/pgn.h"
#include "engine/records/replay.h"
#include "record_test_support.h"

namespace skat {
namespace {

std::string header(int games) {
  std::string s =
      "[Event: Training] [Date: 12.01.2025, 13:19, Duration: 24m]\n"
      "[Seat1: Human (ID: 23)] [Seat2: AI1 (ID: 68)] [Seat3: AI2 (ID: 67)]\n"
      "[Number of games: ";
  s += std::to_string(games);
  s += "]\n[Result: Seat1: 581 (6:3) Seat2: 1276 (9:0) Seat3: -36 (13:3)]\n";
  return s;
}

// A folded deal: cards 0..9, 10..19, 20..29 and the skat 30 31.
std::string folded_line(int id) {
  std::string s = std::to_string(id);
  s += " -1 0 0 0 0 0 0 0 0 0 0 0 1 0 0 3 4 5";
  for (int c = 0; c < 32; ++c) {
    s += ' ';
    s += std::to_string(c);
  }
  s += " 30 31";
  return s;
}

TEST(PgnHeader, ReadsTheSpecExampleAndWritesItBack) {
  const std::string text = header(2) + "\n" + folded_line(0) + "\n" + folded_line(1) + "\n";
  const PgnReadResult r = read_pgn(text);
  for (const RecordError& e : r.errors) ADD_FAILURE() << to_string(e);
  const PgnHeader& h = r.series.header;
  EXPECT_EQ(h.event, "Training");
  EXPECT_EQ(h.date, "12.01.2025");
  EXPECT_EQ(h.time, "13:19");
  EXPECT_EQ(h.duration_minutes, 24);
  EXPECT_EQ(h.seats[0], (PgnSeat{"Human", 23}));
  EXPECT_EQ(h.seats[2], (PgnSeat{"AI2", 67}));
  EXPECT_EQ(h.number_of_games, 2);
  EXPECT_EQ(h.result[1], (PgnSeatResult{1276, 9, 0}));
  EXPECT_EQ(h.result[2], (PgnSeatResult{-36, 13, 3}));
  ASSERT_EQ(r.series.games.size(), 2u);
  EXPECT_TRUE(r.series.games[1].folded);
  EXPECT_EQ(r.series.games[1].strength, (std::array<int, 3>{3, 4, 5}));
  EXPECT_EQ(write_pgn(r.series), text);
}

TEST(PgnHeader, NamesWithParenthesesAndSpaces) {
  PgnSeries s;
  s.header.event = "Cup (final)";
  s.header.date = "01.02.2026";
  s.header.time = "09:05";
  s.header.seats = {PgnSeat{"Anna Maria (ID: 5)", 1}, PgnSeat{"", 2}, PgnSeat{"x", 3}};
  const std::string text = write_pgn(s);
  const PgnReadResult r = read_pgn(text);
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.series, s);
  EXPECT_EQ(write_pgn(r.series), text);
}

TEST(PgnHeader, BracketsInNamesAreReplacedWhenWritten) {
  PgnSeries s;
  s.header.date = "01.02.2026";
  s.header.time = "09:05";
  s.header.seats[0].name = "a[b]";
  const PgnReadResult r = read_pgn(write_pgn(s));
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.series.header.seats[0].name, "a(b)");
}

TEST(PgnHeader, BadDateIsReportedAndGamesAreStillRead) {
  std::string text = header(1);
  text.replace(text.find("12.01.2025"), 10, "2025-01-12");
  text += "\n" + folded_line(0) + "\n";
  const PgnReadResult r = read_pgn(text);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].line, 1);
  EXPECT_EQ(r.errors[0].field, "Date");
  EXPECT_EQ(r.series.games.size(), 1u);
}

TEST(PgnGameLine, BadCardIsReportedWithLineFieldAndGameId) {
  std::string line = folded_line(7);
  line.replace(line.find(" 0 1 2 3 4 5 6"), 2, " 32");
  const std::string text = header(1) + "\n" + line + "\n";
  const PgnReadResult r = read_pgn(text);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].line, 6);
  EXPECT_EQ(r.errors[0].game_id, "7");
  EXPECT_EQ(r.errors[0].field, "field 20 (hand of position 0)");
  EXPECT_NE(r.errors[0].message.find("32 out of range"), std::string::npos) << r.errors[0].message;
  EXPECT_EQ(to_string(r.errors[0]).rfind("line 6, game 7, field 20", 0), 0u) << to_string(r.errors[0]);
}

TEST(PgnGameLine, WrongFieldCount) {
  const auto g = read_pgn_game(folded_line(0) + " 1 2", 9);
  ASSERT_FALSE(g.has_value());
  EXPECT_EQ(g.error().line, 9);
  EXPECT_EQ(g.error().field, "fields");
  EXPECT_EQ(g.error().game_id, "0");
  EXPECT_FALSE(read_pgn_game("0 1 2", 1).has_value());
}

TEST(PgnGameLine, OtherFieldErrors) {
  auto field_of = [](std::string line) {
    const auto g = read_pgn_game(line, 1);
    return g ? std::string("ok") : g.error().field;
  };
  std::string dup = folded_line(0);
  dup.replace(dup.find(" 1 2 3"), 2, " 0");  // card 0 twice
  EXPECT_EQ(field_of(dup), "field 21 (hand of position 0)");
  std::string game9 = folded_line(0);
  game9.replace(0, 4, "0 9 ");
  EXPECT_EQ(field_of(game9), "field 2 (game)");
  std::string bid = folded_line(0);
  bid.replace(0, 9, "0 -1 0 19 ");  // 19 is not a game value
  EXPECT_EQ(field_of(bid), "field 4 (bid of position 0)");
  std::string word = folded_line(0);
  word.replace(0, 1, "x");
  EXPECT_EQ(field_of(word), "field 1 (game id)");
  EXPECT_EQ(field_of(folded_line(0)), "ok");
}

TEST(PgnGameLine, ReadingGoesOnAfterABadLine) {
  std::string bad = folded_line(1);
  bad.replace(bad.size() - 6, 6, " 30 33");
  const std::string text = header(3) + "\n" + folded_line(0) + "\n" + bad + "\n" + folded_line(2) + "\n";
  const PgnReadResult r = read_pgn(text);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].line, 7);
  EXPECT_EQ(r.errors[0].field, "field 53 (skat put)");
  ASSERT_EQ(r.series.games.size(), 2u);
  EXPECT_EQ(r.series.games[1].id, 2);
}

TEST(PgnSeriesList, SeveralSeriesWithLineNumbersFromTheStartOfTheFile) {
  std::string bad = folded_line(1);
  bad.replace(bad.size() - 6, 6, " 30 33");
  const std::string first = header(2) + "\n" + folded_line(0) + "\n" + folded_line(1) + "\n";
  const std::string second = header(2) + "\n" + folded_line(0) + "\n" + bad + "\n";
  const auto list = read_pgn_series_list(first + "\n" + second);
  ASSERT_EQ(list.size(), 2u);
  EXPECT_TRUE(list[0].ok());
  EXPECT_EQ(list[0].series.games.size(), 2u);
  ASSERT_EQ(list[1].errors.size(), 1u);
  EXPECT_EQ(list[1].errors[0].line, 15);  // 7 lines of the first series, a blank line, then line 7 of the second
  EXPECT_EQ(list[1].series.games.size(), 1u);
  EXPECT_EQ(read_pgn_series_list(first).size(), 1u);
}

TEST(PgnHeader, NumberOfGamesMustMatchTheGameLines) {
  const PgnReadResult r = read_pgn(header(3) + "\n" + folded_line(0) + "\n");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].line, 3);
  EXPECT_EQ(r.errors[0].field, "Number of games");
  EXPECT_EQ(r.errors[0].message, "the header says 3, the file has 1 game lines");
}

TEST(PgnGameLine, MissingHeaderIsReported) {
  const PgnReadResult r = read_pgn(folded_line(0) + "\n");
  ASSERT_FALSE(r.errors.empty());
  EXPECT_EQ(r.errors[0].field, "header");
  EXPECT_EQ(r.series.games.size(), 1u);
}

TEST(PgnSeats, ForehandRotatesClockwise) {
  EXPECT_EQ(pgn_seat_of(0, 0), 0);
  EXPECT_EQ(pgn_seat_of(0, 2), 2);
  EXPECT_EQ(pgn_seat_of(1, 0), 1);
  EXPECT_EQ(pgn_seat_of(1, 1), 2);
  EXPECT_EQ(pgn_seat_of(1, 2), 0);
  EXPECT_EQ(pgn_seat_of(5, 0), 2);
}

PgnGame played_game(int code, int declarer, int bid, int level, bool won, bool hand) {
  PgnGame g;
  g.game = code;
  g.declarer = declarer;
  g.bids[static_cast<std::size_t>(declarer)] = bid;
  g.level = level;
  g.won = won;
  g.hand = hand;
  return g;
}

TEST(PgnListEntry, WorkedExamplesOfTheRules) {
  // docs/rules.md §7: won grand with 2 → +72; lost hearts hand without 1 → −60.
  EXPECT_EQ(pgn_list_entry(played_game(4, 0, 18, 2, true, false)), 72);
  EXPECT_EQ(pgn_list_entry(played_game(2, 0, 18, -1, false, true)), -60);
  // Overbid: diamonds without 1, bid 22 → charged 27, lost −54.
  EXPECT_EQ(pgn_list_entry(played_game(3, 0, 22, -1, false, false)), -54);
  // Null ouvert hand lost −118; folded 0.
  EXPECT_EQ(pgn_list_entry(played_game(kPgnNullOuvertHand, 1, 23, 0, false, true)), -118);
  PgnGame folded;
  folded.folded = true;
  EXPECT_EQ(pgn_list_entry(folded), 0);
}

TEST(PgnListEntry, SeegerFabianPerSeat) {
  // Line 1: forehand is Seat2, so declarer position 2 is Seat1.
  PgnGame grand = played_game(4, 2, 18, 2, true, false);
  grand.id = 1;
  PgnGame hearts = played_game(2, 0, 18, -1, false, true);
  hearts.id = 2;  // forehand Seat3
  const std::vector<PgnGame> games{grand, hearts};
  const auto r = pgn_series_result(games);
  EXPECT_EQ(r[0], (PgnSeatResult{122 + 40, 1, 0}));
  EXPECT_EQ(r[1], (PgnSeatResult{40, 0, 0}));
  EXPECT_EQ(r[2], (PgnSeatResult{-110, 0, 1}));
}

TEST(PgnConversion, GameCodesOfNullVariants) {
  EXPECT_EQ(pgn_game_code({GameType::Null, false, false, false, false}), kPgnNull);
  EXPECT_EQ(pgn_game_code({GameType::Null, false, false, false, true}), kPgnNullOuvert);
  EXPECT_EQ(pgn_game_code({GameType::Null, true, false, false, false}), kPgnNullHand);
  EXPECT_EQ(pgn_game_code({GameType::Null, true, false, false, true}), kPgnNullOuvertHand);
  EXPECT_EQ(pgn_game_code({GameType::Spades, true, true, false, false}), 1);
}

TEST(PgnConversion, FoldedGame) {
  Game g(*deal_from_id(123456789));
  for (int pos : {1, 2, 0}) ASSERT_TRUE(g.apply(Action::pass(pos)));
  const PgnGame line = pgn_game_from(g, 4, {1, 2, 3});
  EXPECT_EQ(line.game, kPgnFolded);
  EXPECT_TRUE(line.folded);
  EXPECT_EQ(line.skat_put, line.skat);
  EXPECT_TRUE(line.tricks.empty());
  const ReplayOutcome r = replay_pgn(line);
  EXPECT_TRUE(r.ok());
  EXPECT_TRUE(r.passed);
  EXPECT_EQ(r.id, "4");
}

}  // namespace
}  // namespace skat
