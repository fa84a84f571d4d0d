// Tables, series and games: the life cycle of a series, games inserted one by one (only into a
// running series, each index once), closing unfinished series after a restart, the listing
// filters with paging (bots by program name), and the series of running sealed tournaments kept
// from readers.
#include <gtest/gtest.h>

#include "db/accounts.h"
#include "db/export.h"
#include "db/tournaments.h"
#include "db/transaction.h"
#include "tests/db/db_test_support.h"

namespace skat::db {
namespace {

using test::must;

TEST(Tables, CreateAndGet) {
  Connection c = test::memory_db();
  const TableRecord t = must(create_table(c, R"({"deals":36,"timeout_ms":5000})"));
  EXPECT_EQ(must(get_table(c, t.id)), t);
  auto bad = create_table(c, "{not json");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, DbErrc::Invalid);
  EXPECT_EQ(get_table(c, 42).error().code, DbErrc::NotFound);
}

TEST(Series, CreateGetAndSeats) {
  Connection c = test::memory_db();
  const auto ids = test::three_players(c);
  const TableRecord t = must(create_table(c, "{}"));
  NewSeries n;
  n.table_id = t.id;
  n.event = "Evening";
  n.deals = 12;
  n.seats = {ids[2], ids[0], ids[1]};
  n.started_at = from_millis(1'700'000'000'123);
  const SeriesRecord s = must(create_series(c, n));
  EXPECT_EQ(s.table_id, t.id);
  EXPECT_EQ(s.event, "Evening");
  EXPECT_EQ(s.status, SeriesStatus::Running);
  EXPECT_EQ(s.started_at, n.started_at);
  EXPECT_FALSE(s.finished_at);
  EXPECT_EQ(s.deals, 12);
  EXPECT_EQ(s.seats[0].player_id, ids[2]);
  EXPECT_EQ(s.seats[0].name, "P3");
  EXPECT_EQ(s.seats[1].name, "P1");
  EXPECT_TRUE(s.pgn.empty());
  EXPECT_EQ(must(get_series(c, s.id)), s);
  EXPECT_EQ(get_series(c, s.id + 1).error().code, DbErrc::NotFound);

  NewSeries bad = n;
  bad.seats[1] = 999;
  auto r = create_series(c, bad);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, DbErrc::NotFound);
  bad = n;
  bad.table_id = 999;
  EXPECT_EQ(create_series(c, bad).error().code, DbErrc::NotFound);
  bad = n;
  bad.deals = 0;
  EXPECT_EQ(create_series(c, bad).error().code, DbErrc::Invalid);
  EXPECT_EQ(must(list_series(c, {})).size(), 1u);  // the failed ones left nothing behind
}

TEST(Games, InsertListAndDerivedColumns) {
  Connection c = test::memory_db();
  const SeriesId s = test::running_series(c, test::three_players(c), 9);
  const PgnSeries pgn = test::selfplay_series(11, 9);
  test::insert_games(c, s, pgn);
  const auto games = must(list_games(c, s));
  ASSERT_EQ(games.size(), 9u);
  for (std::size_t i = 0; i < games.size(); ++i) {
    const GameRecord& g = games[i];
    const PgnGame& line = pgn.games[i];
    EXPECT_EQ(g.index, static_cast<int>(i));
    EXPECT_EQ(g.pgn, write_pgn_game(line));
    EXPECT_EQ(g.deal_id, deal_id(line.deal()));
    EXPECT_EQ(g.forehand_seat, static_cast<int>(i % 3));
    EXPECT_EQ(g.declarer_seat.has_value(), !line.folded);
    if (!line.folded) {
      EXPECT_EQ(*g.declarer_seat, pgn_seat_of(line.id, line.declarer));
    }
    EXPECT_EQ(g.list_entry, pgn_list_entry(line));
    EXPECT_EQ(g.seeger_fabian, seeger_fabian_points(pgn_list_game(line)));
    EXPECT_EQ(g.event_log, "[]");
    EXPECT_EQ(must(get_game(c, g.id)), g);
  }
}

TEST(Games, PassThroughFields) {
  Connection c = test::memory_db();
  const SeriesId s = test::running_series(c, test::three_players(c));
  GameRecord g = game_record_from(s, test::selfplay_series(3, 1).games[0], from_millis(1234));
  g.timeouts = {0, 2, 1};
  g.replaced = {false, true, false};
  g.notes = "seat 2 left after trick 3";
  g.event_log = R"([{"t":1,"ev":"bid","pos":1,"value":18}])";
  g.sgf = "(;GM[Skat];)";
  g.id = must(insert_game(c, g));
  EXPECT_EQ(must(get_game(c, g.id)), g);
  GameRecord bad = g;
  bad.index = 1;
  bad.event_log = "{broken";
  EXPECT_FALSE(insert_game(c, bad));
}

TEST(Games, OnlyIntoRunningSeriesAndOncePerIndex) {
  Connection c = test::memory_db();
  const SeriesId s = test::running_series(c, test::three_players(c));
  const PgnSeries pgn = test::selfplay_series(4, 2);
  must(insert_game(c, game_record_from(s, pgn.games[0])));
  auto twice = insert_game(c, game_record_from(s, pgn.games[0]));
  ASSERT_FALSE(twice);
  EXPECT_EQ(twice.error().code, DbErrc::AlreadyExists);
  EXPECT_EQ(insert_game(c, game_record_from(s + 1, pgn.games[1])).error().code, DbErrc::Invalid);
  must(abort_series(c, s));
  auto late = insert_game(c, game_record_from(s, pgn.games[1]));
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error().code, DbErrc::Invalid);
  EXPECT_EQ(must(list_games(c, s)).size(), 1u);
}

TEST(Games, InsertInsideATransactionIsASavepoint) {
  Connection c = test::memory_db();
  const SeriesId s = test::running_series(c, test::three_players(c));
  const PgnSeries pgn = test::selfplay_series(4, 2);
  {
    auto tx = must(Transaction::begin(c));
    must(insert_game(c, game_record_from(s, pgn.games[0])));
    EXPECT_TRUE(c.in_transaction());
  }
  EXPECT_TRUE(must(list_games(c, s)).empty());
}

TEST(Series, FinishWithPgnAndScores) {
  Connection c = test::memory_db();
  const auto ids = test::three_players(c);
  const SeriesId s = test::running_series(c, ids, 6, std::nullopt, from_millis(1'700'000'000'000));
  test::insert_games(c, s, test::selfplay_series(21, 6));
  const PgnSeries built = must(build_series_pgn(c, s, from_millis(1'700'000'000'000 + 25 * 60'000)));
  EXPECT_EQ(built.header.duration_minutes, 25);
  EXPECT_EQ(built.header.seats[1].name, "P2");
  EXPECT_EQ(built.header.seats[1].id, ids[1]);
  EXPECT_EQ(built.games.size(), 6u);
  const std::string text = write_pgn(built);
  must(finish_series(c, s, text, built.header.result, from_millis(1'700'000'000'000 + 25 * 60'000)));
  const SeriesRecord done = must(get_series(c, s));
  EXPECT_EQ(done.status, SeriesStatus::Finished);
  EXPECT_EQ(done.pgn, text);
  EXPECT_EQ(done.games_played, 6);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(done.seats[i].score, built.header.result[i].score);
    EXPECT_EQ(done.seats[i].won, built.header.result[i].won);
    EXPECT_EQ(done.seats[i].lost, built.header.result[i].lost);
  }
  auto again = finish_series(c, s, text, built.header.result);
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().code, DbErrc::Invalid);
  EXPECT_EQ(abort_series(c, s).error().code, DbErrc::Invalid);
}

TEST(Series, ARunningSeriesShowsItsGamesAndTotalsSoFar) {
  // While it runs, a series counts its stored games and each seat's Seeger-Fabian total, games won
  // and lost; finishing it leaves the same figures (the ones its PGN gives).
  Connection c = test::memory_db();
  const auto ids = test::three_players(c);
  const SeriesId s = test::running_series(c, ids, 8);
  const PgnSeries games = test::selfplay_series(22, 8);
  for (std::size_t n = 0; n < games.games.size(); ++n) {
    must(insert_game(c, game_record_from(s, games.games[n])));
    std::vector<ListGame> so_far;
    for (std::size_t k = 0; k <= n; ++k) so_far.push_back(pgn_list_game(games.games[k]));
    const auto expected = seeger_fabian(so_far);
    const SeriesRecord now = must(get_series(c, s));
    EXPECT_EQ(now.status, SeriesStatus::Running);
    EXPECT_EQ(now.games_played, static_cast<int>(n + 1));
    for (std::size_t i = 0; i < 3; ++i) {
      EXPECT_EQ(now.seats[i].score, expected[i].score) << "after game " << n << ", seat " << i;
      EXPECT_EQ(now.seats[i].won, expected[i].won);
      EXPECT_EQ(now.seats[i].lost, expected[i].lost);
    }
  }
  const SeriesRecord before = must(get_series(c, s));
  const PgnSeries built = must(build_series_pgn(c, s));
  must(finish_series(c, s, write_pgn(built), built.header.result));
  const SeriesRecord done = must(get_series(c, s));
  EXPECT_EQ(done.games_played, before.games_played);
  EXPECT_EQ(done.seats, before.seats);
}

// Aborting every running series (what a restart does with those it cannot resume).
int abort_running(Connection& c) {
  SeriesFilter running;
  running.status = SeriesStatus::Running;
  int n = 0;
  for (const SeriesRecord& s : must(list_series(c, running))) {
    must(abort_series(c, s.id));
    ++n;
  }
  return n;
}

TEST(Series, AbortingEndsWithThePgnOfTheGamesPresent) {
  Connection c = test::memory_db();
  const auto ids = test::three_players(c);
  const SeriesId a = test::running_series(c, ids);
  const SeriesId b = test::running_series(c, ids);
  const SeriesId done = test::running_series(c, ids, 1);
  const PgnSeries pgn = test::selfplay_series(8, 5);
  test::insert_games(c, a, pgn);
  test::insert_games(c, done, test::selfplay_series(9, 1));
  const PgnSeries d = must(build_series_pgn(c, done));
  must(finish_series(c, done, write_pgn(d), d.header.result));

  // Only a series with all its deals stored can be completed.
  EXPECT_EQ(complete_series(c, a).error().code, DbErrc::Invalid);
  EXPECT_EQ(abort_running(c), 2);
  const SeriesRecord ra = must(get_series(c, a));
  EXPECT_EQ(ra.status, SeriesStatus::Aborted);
  EXPECT_TRUE(ra.finished_at);
  EXPECT_EQ(ra.games_played, 5);
  const PgnReadResult read = read_pgn(ra.pgn);
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(read.series.games, pgn.games);
  EXPECT_EQ(read.series.header.result, pgn_series_result(pgn.games));
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(ra.seats[i].score, read.series.header.result[i].score);
  const SeriesRecord rb = must(get_series(c, b));
  EXPECT_EQ(rb.status, SeriesStatus::Aborted);
  EXPECT_EQ(rb.games_played, 0);
  EXPECT_TRUE(read_pgn(rb.pgn).ok()) << rb.pgn;
  EXPECT_EQ(must(get_series(c, done)).status, SeriesStatus::Finished);
  EXPECT_EQ(abort_running(c), 0);
}

class SeriesFilters : public testing::Test {
 protected:
  void SetUp() override {
    const auto humans = test::three_players(c_, "H");
    bot_ = must(create_bot(c_, "Bot", "pimc")).account.player_id;
    const PlayerId other_bot = must(create_bot(c_, "Other", "simple")).account.player_id;
    table_ = must(create_table(c_, "{}")).id;
    // Ten series, one per day from day0: even ones at the table with the pimc bot, odd ones
    // without a table and with the simple bot; the last two stay running.
    for (int i = 0; i < 10; ++i) {
      const bool even = i % 2 == 0;
      const std::array<PlayerId, 3> seats = {humans[0], even ? bot_ : other_bot, humans[i % 3 == 0 ? 1 : 2]};
      const SeriesId s = test::running_series(c_, seats, 1, even ? std::optional(table_) : std::nullopt,
                                              day0_ + std::chrono::days(i) + std::chrono::hours(12));
      ids_.push_back(s);
      if (i >= 8) continue;
      test::insert_games(c_, s, test::selfplay_series(static_cast<std::uint64_t>(100 + i), 1));
      const PgnSeries p = must(build_series_pgn(c_, s));
      must(finish_series(c_, s, write_pgn(p), p.header.result));
    }
  }

  std::vector<SeriesId> ids(const SeriesFilter& f, Page page = {}) {
    std::vector<SeriesId> out;
    for (const SeriesRecord& s : must(list_series(c_, f, page))) out.push_back(s.id);
    return out;
  }
  std::vector<SeriesId> pick(std::initializer_list<int> which) const {
    std::vector<SeriesId> out;
    for (int i : which) out.push_back(ids_[static_cast<std::size_t>(i)]);
    return out;
  }

  Connection c_ = test::memory_db();
  PlayerId bot_ = 0;
  TableId table_ = 0;
  Timestamp day0_ = from_millis(1'735'689'600'000);  // 2025-01-01T00:00:00Z
  std::vector<SeriesId> ids_;
};

TEST_F(SeriesFilters, EachFilter) {
  EXPECT_EQ(ids({}), ids_);
  SeriesFilter f;
  f.status = SeriesStatus::Running;
  EXPECT_EQ(ids(f), pick({8, 9}));
  f = {};
  f.table_id = table_;
  EXPECT_EQ(ids(f), pick({0, 2, 4, 6, 8}));
  f = {};
  f.player_id = bot_;
  EXPECT_EQ(ids(f), pick({0, 2, 4, 6, 8}));
  f = {};
  f.player_name = "h2";  // seat 3 when i % 3 == 0
  EXPECT_EQ(ids(f), pick({0, 3, 6, 9}));
  f = {};
  f.bot_kind = "simple";
  EXPECT_EQ(ids(f), pick({1, 3, 5, 7, 9}));
  f = {};
  f.from = day0_ + std::chrono::days(3);
  f.to = day0_ + std::chrono::days(6);
  EXPECT_EQ(ids(f), pick({3, 4, 5}));
}

TEST_F(SeriesFilters, CombinedFiltersAndPaging) {
  SeriesFilter f;
  f.status = SeriesStatus::Finished;
  f.player_name = "H2";
  f.bot_kind = "pimc";
  EXPECT_EQ(ids(f), pick({0, 6}));
  f = {};
  f.status = SeriesStatus::Finished;
  EXPECT_EQ(ids(f, {0, 3}), pick({0, 1, 2}));
  EXPECT_EQ(ids(f, {ids_[2], 3}), pick({3, 4, 5}));
  EXPECT_EQ(ids(f, {ids_[5], 3}), pick({6, 7}));
  EXPECT_TRUE(ids(f, {ids_[7], 3}).empty());
  f.player_name = "nobody";
  EXPECT_TRUE(ids(f).empty());
}

TEST_F(SeriesFilters, ForEachVisitsInOrderAndStops) {
  std::vector<SeriesId> seen;
  EXPECT_EQ(must(for_each_series(c_, {},
                                 [&](const SeriesRecord& s) {
                                   seen.push_back(s.id);
                                   return true;
                                 })),
            10);
  EXPECT_EQ(seen, ids_);
  seen.clear();
  EXPECT_EQ(must(for_each_series(c_, {},
                                 [&](const SeriesRecord& s) {
                                   seen.push_back(s.id);
                                   return seen.size() < 4;
                                 })),
            4);
  EXPECT_EQ(seen, pick({0, 1, 2, 3}));
}

// The bot filter matches the program name: exactly, or as a family ("full" for every "full:…").
TEST(SeriesBotFilter, MatchesProgramNames) {
  Connection c = test::memory_db();
  const auto humans = test::three_players(c, "H");
  const PlayerId full32 = must(create_bot(c, "Full32", "full")).account.player_id;
  must(set_bot_program(c, full32, "full:worlds=32"));
  const PlayerId full8 = must(create_bot(c, "Full8", "full")).account.player_id;
  must(set_bot_program(c, full8, "full:worlds=8"));
  const PlayerId pimc = must(create_bot(c, "Pimc", "pimc")).account.player_id;  // never announced: its label
  const PlayerId owned = must(create_owned_bot(c, humans[0], "anna-bot", "nobody", 5)).account.player_id;
  const PlayerId fullish = must(create_owned_bot(c, humans[0], "full", "nobody", 5)).account.player_id;
  const std::array<SeriesId, 5> s = {
      test::running_series(c, {humans[0], humans[1], full32}), test::running_series(c, {humans[0], humans[1], full8}),
      test::running_series(c, {humans[0], humans[1], pimc}), test::running_series(c, {humans[0], owned, pimc}),
      test::running_series(c, {humans[0], humans[1], fullish})};
  const auto ids = [&](std::string bot) {
    SeriesFilter f;
    f.bot_kind = std::move(bot);
    std::vector<SeriesId> out;
    for (const SeriesRecord& r : must(list_series(c, f))) out.push_back(r.id);
    return out;
  };
  EXPECT_EQ(ids("full"), (std::vector<SeriesId>{s[0], s[1]}));  // not the player's bot named "full"
  EXPECT_EQ(ids("full:worlds=32"), (std::vector<SeriesId>{s[0]}));
  EXPECT_EQ(ids("FULL:worlds=8"), (std::vector<SeriesId>{s[1]}));
  EXPECT_TRUE(ids("ful").empty());
  EXPECT_TRUE(ids("full:worlds=3").empty());
  EXPECT_EQ(ids("pimc"), (std::vector<SeriesId>{s[2], s[3]}));
  EXPECT_EQ(ids("account:anna-bot"), (std::vector<SeriesId>{s[3]}));
  EXPECT_EQ(ids("account:full"), (std::vector<SeriesId>{s[4]}));
  EXPECT_EQ(ids("account"), (std::vector<SeriesId>{s[3], s[4]}));
  EXPECT_TRUE(ids("anna-bot").empty());
  // Seats show the program name too, and a renamed bot's new name.
  must(rename_bot(c, owned, "kasper"));
  const SeriesRecord r = must(get_series(c, s[3]));
  EXPECT_EQ(r.seats[0].bot_kind, "");
  EXPECT_EQ(r.seats[1].bot_kind, "account:kasper");
  EXPECT_EQ(r.seats[2].bot_kind, "pimc");
  EXPECT_EQ(must(get_series(c, s[0])).seats[2].bot_kind, "full:worlds=32");
  EXPECT_EQ(ids("account:kasper"), (std::vector<SeriesId>{s[3]}));
  EXPECT_TRUE(ids("account:anna-bot").empty());
}

// A running sealed tournament's series are kept from readers (lists, exports, single reads) until
// it ends; a running tournament that is not sealed shows its series.
TEST(SealedTournaments, SeriesAreHiddenWhileRunning) {
  Connection c = test::memory_db();
  const auto players = test::three_players(c);
  TournamentRecord sealed;
  sealed.mode = "server";
  sealed.a = "rule";
  sealed.b = "account:anna-bot";
  sealed.deals = 4;
  sealed.seatings = "2:1";
  sealed.sealed = true;
  const TournamentId sealed_id = must(create_tournament(c, sealed));
  TournamentRecord open = sealed;
  open.sealed = false;
  const TournamentId open_id = must(create_tournament(c, open));
  const TableId sealed_table = must(create_table(c, "{}")).id;
  const TableId open_table = must(create_table(c, "{}")).id;
  must(add_tournament_table(c, sealed_id, {sealed_table, 1, 0, 0, {}}));
  must(add_tournament_table(c, open_id, {open_table, 1, 0, 0, {}}));
  const SeriesId loose = test::running_series(c, players, 1);
  const SeriesId hidden = test::running_series(c, players, 1, sealed_table);
  const SeriesId shown = test::running_series(c, players, 1, open_table);
  for (const SeriesId s : {loose, hidden, shown}) {
    test::insert_games(c, s, test::selfplay_series(static_cast<std::uint64_t>(s), 1));
    const PgnSeries p = must(build_series_pgn(c, s));
    must(finish_series(c, s, write_pgn(p), p.header.result));  // a table's series ends before its tournament
  }

  const auto listed = [&](const SeriesFilter& f) {
    std::vector<SeriesId> out;
    for (const SeriesRecord& r : must(list_series(c, f))) out.push_back(r.id);
    return out;
  };
  const auto exported = [&](const SeriesFilter& f) {
    return must(export_pgn(c, f, [](std::string_view) { return true; })).series;
  };
  EXPECT_EQ(listed({}), (std::vector<SeriesId>{loose, shown}));
  SeriesFilter at;
  at.table_id = sealed_table;
  EXPECT_TRUE(listed(at).empty());
  EXPECT_EQ(exported({}), 2);
  EXPECT_EQ(must(export_sgf(c, {}, [](std::string_view) { return true; }, {})).series, 2);
  auto single = get_visible_series(c, hidden);
  ASSERT_FALSE(single);
  EXPECT_EQ(single.error().code, DbErrc::NotFound);
  EXPECT_EQ(single.error().message, "no series with id " + std::to_string(hidden));  // as if there were none
  EXPECT_EQ(must(get_visible_series(c, shown)).id, shown);
  EXPECT_EQ(must(get_series(c, hidden)).id, hidden);  // the server's own read sees it
  SeriesFilter all;
  all.hide_sealed = false;
  EXPECT_EQ(listed(all), (std::vector<SeriesId>{loose, hidden, shown}));
  EXPECT_EQ(exported(all), 3);

  must(update_tournament(c, sealed_id, {4, "{}", "[]", "finished"}));
  EXPECT_EQ(listed({}), (std::vector<SeriesId>{loose, hidden, shown}));
  EXPECT_EQ(exported({}), 3);
  EXPECT_EQ(must(get_visible_series(c, hidden)).id, hidden);
}

TEST(Series, ForEachPagesThroughManySeries) {
  Connection c = test::memory_db();
  const auto ids = test::three_players(c);
  for (int i = 0; i < 150; ++i) test::running_series(c, ids, 1);
  int n = 0;
  SeriesId last = 0;
  EXPECT_EQ(must(for_each_series(c, {},
                                 [&](const SeriesRecord& s) {
                                   EXPECT_GT(s.id, last);
                                   last = s.id;
                                   ++n;
                                   return true;
                                 })),
            150);
  EXPECT_EQ(n, 150);
}

}  // namespace
}  // namespace skat::db
