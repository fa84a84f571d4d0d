// GET /api/series/{id}/games: through the SQLite read model and the replay JSON, games played by the simple bots are
// stored like the server stores them, then read back as replay JSON (hands by seat, auction,
// tricks, result recomputed by the engine) and checked against the records.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "bots/play_deal.h"
#include "bots/simple_player.h"
#include "db/games.h"
#include "db/migrations.h"
#include "db/players.h"
#include "db/series.h"
#include "engine/records/pgn.h"
#include "server/http/database_read_model.h"
#include "server/http/game_replay_json.h"
#include "server/http/read_json.h"
#include "tests/support/test_store.h"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using namespace skat;

template <class T>
T must(std::expected<T, db::DbError> r) {
  if (!r) throw std::runtime_error(r.error().message);
  return std::move(*r);
}
void must(std::expected<void, db::DbError> r) {
  if (!r) throw std::runtime_error(r.error().message);
}

struct Stored {
  std::string path;
  db::SeriesId series = 0;
  std::vector<db::GameRecord> games;
};

// Six deals of three simple bots stored as a finished series (game lines and an event log with
// the auction as the table writes it). With `substitute`, a substitute bot ("house-9") played seat
// 2 from the fourth game on.
Stored store_series(bool substitute = false) {
  // one folder per test: ctest runs the tests of this file in parallel
  const fs::path dir =
      fs::path(testing::TempDir()) /
      ("skat_app_replay_json_" + std::string(testing::UnitTest::GetInstance()->current_test_info()->name()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  Stored s;
  s.path = test::fresh_store((dir / "skat.db").string());
  auto c = must(db::open_database(s.path));
  db::NewSeries ns;
  ns.event = "Replay test";
  ns.deals = 6;
  for (int i = 0; i < 3; ++i)
    ns.seats[static_cast<std::size_t>(i)] =
        must(db::create_player(c, "p" + std::to_string(i + 1), db::PlayerKind::Human)).id;
  s.series = must(db::create_series(c, ns)).id;
  const db::PlayerId house = must(db::create_player(c, "house-9", db::PlayerKind::Bot)).id;
  bots::SimplePlayer a(1), b(2), d(3);
  const std::array<bots::Player*, 3> seats = {&a, &b, &d};
  PgnSeries series;
  for (int n = 0; n < 6; ++n) {
    const Deal deal = *deal_from_id(123456789ULL * static_cast<std::uint64_t>(n + 1) + 17);
    std::array<bots::Player*, 3> by_position{};
    for (int pos = 0; pos < 3; ++pos)
      by_position[static_cast<std::size_t>(pos)] = seats[static_cast<std::size_t>(pgn_seat_of(n, pos))];
    const Game game = *bots::play_deal(deal, by_position);
    const PgnGame line = pgn_game_from(game, n, {0, 0, 0});
    series.games.push_back(line);
    db::GameRecord record = db::game_record_from(s.series, line);
    Json log = Json::array();
    for (const Action& act : game.history()) {
      if (act.kind != ActionKind::Bid && act.kind != ActionKind::Hold && act.kind != ActionKind::Pass) continue;
      Json e = {{"type", act.kind == ActionKind::Bid    ? "bid"
                         : act.kind == ActionKind::Hold ? "hold"
                                                        : "pass"},
                {"pos", act.pos},
                {"seat", (n + act.pos) % 3}};
      if (act.kind == ActionKind::Bid) e["value"] = act.bid;
      log.push_back(e);
    }
    record.event_log = log.dump();
    if (substitute && n >= 3) {
      record.replaced = {false, false, true};
      record.substitutes = {std::nullopt, std::nullopt, house};
    }
    record.id = must(db::insert_game(c, record));
    s.games.push_back(record);
  }
  fill_pgn_result(series);
  must(db::finish_series(c, s.series, write_pgn(series), series.header.result));
  return s;
}

int card_points(const Json& cards) {
  int sum = 0;
  for (const Json& c : cards) {
    const char rank = c.get<std::string>()[1];
    sum += rank == 'A' ? 11 : rank == 'T' ? 10 : rank == 'K' ? 4 : rank == 'Q' ? 3 : rank == 'J' ? 2 : 0;
  }
  return sum;
}

TEST(GameReplayJson, SeriesGamesHaveTheDealTheTricksAndTheResult) {
  const Stored s = store_series();
  app::DatabaseReadModel reads(s.path);
  const auto read = reads.series_games(s.series);
  ASSERT_TRUE(read) << read.error().message;
  const Json j = app::series_games_json(read->series, read->games);
  EXPECT_EQ(j["series"], s.series);
  ASSERT_EQ(j["seats"].size(), 3u);
  EXPECT_EQ(j["seats"][1]["name"], "p2");
  ASSERT_EQ(j["games"].size(), 6u);
  int full_games = 0;
  for (std::size_t i = 0; i < 6; ++i) {
    const Json& g = j["games"][i];
    const db::GameRecord& rec = s.games[i];
    SCOPED_TRACE("game " + std::to_string(i));
    EXPECT_FALSE(g.contains("error")) << g.dump();
    EXPECT_EQ(g["index"], static_cast<int>(i));
    EXPECT_EQ(g["forehand"], static_cast<int>(i % 3));
    // three hands of ten and the skat: 32 different cards
    std::set<std::string> all;
    std::array<std::set<std::string>, 3> hands;
    for (std::size_t seat = 0; seat < 3; ++seat) {
      ASSERT_EQ(g["hands"][seat].size(), 10u);
      for (const Json& c : g["hands"][seat]) {
        all.insert(c.get<std::string>());
        hands[seat].insert(c.get<std::string>());
      }
    }
    for (const Json& c : g["skat"]) all.insert(c.get<std::string>());
    EXPECT_EQ(all.size(), 32u);
    EXPECT_EQ(g["folded"], rec.game == kPgnFolded);
    EXPECT_EQ(g["points"], Json(rec.seeger_fabian));
    const Json& r = g["result"];
    ASSERT_TRUE(r.is_object());
    if (g["folded"].get<bool>()) {
      EXPECT_EQ(r["folded"], true);
      EXPECT_TRUE(g["declarer"].is_null());
      continue;
    }
    const int declarer = g["declarer"].get<int>();
    EXPECT_EQ(declarer, rec.declarer_seat.value());
    EXPECT_EQ(r["declarer"], declarer);
    EXPECT_EQ(r["won"], rec.won);
    EXPECT_EQ(r["list_entry"], rec.list_entry);
    // the auction from the log ends with the declarer's bid or hold standing
    ASSERT_FALSE(g["auction"].empty());
    // every card played once, by the seat that held it (the declarer after taking the skat)
    if (!g["declaration"]["hand"].get<bool>()) {
      for (const Json& c : g["skat"]) hands[static_cast<std::size_t>(declarer)].insert(c.get<std::string>());
      for (const Json& c : g["skat_put"]) hands[static_cast<std::size_t>(declarer)].erase(c.get<std::string>());
    }
    std::set<std::string> played;
    int points = 0;
    int leader = g["forehand"].get<int>();
    for (const Json& t : g["tricks"]) {
      EXPECT_EQ(t["leader"], leader);
      for (std::size_t k = 0; k < t["cards"].size(); ++k) {
        const std::string card = t["cards"][k].get<std::string>();
        const auto seat = static_cast<std::size_t>((leader + static_cast<int>(k)) % 3);
        EXPECT_TRUE(hands[seat].contains(card)) << card << " not held by seat " << seat;
        played.insert(card);
      }
      leader = t["winner"].get<int>();
      points += t["points"].get<int>();
    }
    if (r["end"] == "all_tricks") {
      ++full_games;
      EXPECT_EQ(g["tricks"].size(), 10u);
      EXPECT_EQ(played.size(), 30u);
      EXPECT_EQ(points, 120 - card_points(g["skat_put"]));  // the skat put counts for nobody's tricks
    }
  }
  EXPECT_GT(full_games, 0);

  const auto missing = reads.series_games(999);
  ASSERT_FALSE(missing);
  EXPECT_TRUE(missing.error().not_found);
}

// A hand grand of position 0 after a bid of 18, its first `plays` cards played (each the first
// legal one), then conceded by the declarer or by both defenders; as stored: the PGN line (whole
// tricks only) and the event log with every card played.
db::GameRecord conceded_mid_trick(int plays, bool by_defenders, Game& game) {
  game = *Game::after_auction(*deal_from_id(4242424242ULL), 0, {18, 0, 0});
  EXPECT_TRUE(game.apply(Action::declare(0, Declaration{GameType::Grand, true, false, false, false})));
  for (int i = 0; i < plays; ++i) {
    const auto legal = game.legal_actions(game.to_act());
    const auto play = std::ranges::find(legal, ActionKind::Play, &Action::kind);
    EXPECT_NE(play, legal.end());
    EXPECT_TRUE(game.apply(*play));
  }
  for (int pos : by_defenders ? std::vector<int>{1, 2} : std::vector<int>{0})
    EXPECT_TRUE(game.apply(Action::concede(pos)));
  EXPECT_TRUE(game.finished());
  db::GameRecord record = db::game_record_from(1, pgn_game_from(game, 0, {0, 0, 0}));
  Json log = Json::array();
  for (const Action& a : game.history()) {
    if (a.kind == ActionKind::Play)
      log.push_back({{"type", "play"}, {"pos", a.pos}, {"seat", a.pos}, {"card", card_name(a.card)}});
    if (a.kind == ActionKind::Concede) log.push_back({{"type", "concede"}, {"pos", a.pos}, {"seat", a.pos}});
  }
  record.event_log = log.dump();
  return record;
}

TEST(GameReplayJson, AConcededGameShowsTheCardsOfTheTrickUnderWay) {
  for (const bool by_defenders : {false, true}) {
    for (const int open_cards : {1, 2}) {
      SCOPED_TRACE(std::string(by_defenders ? "defenders" : "declarer") + " conceded with " +
                   std::to_string(open_cards) + " card(s) on the table");
      Game game = *Game::after_auction(*deal_from_id(1), 0, {18, 0, 0});
      const db::GameRecord record = conceded_mid_trick(12 + open_cards, by_defenders, game);
      const Json j = app::game_replay_json(record);
      ASSERT_FALSE(j.contains("error")) << j.dump();
      EXPECT_EQ(j["tricks"].size(), 4u);
      ASSERT_TRUE(j.contains("unfinished_trick") && j["unfinished_trick"].is_object()) << j.dump();
      const Json& open = j["unfinished_trick"];
      EXPECT_EQ(open["leader"], game.tricks().back().winner);  // forehand is seat 0: seats are positions
      ASSERT_EQ(open["cards"].size(), static_cast<std::size_t>(open_cards));
      for (int k = 0; k < open_cards; ++k)
        EXPECT_EQ(open["cards"][static_cast<std::size_t>(k)], card_name(game.play_state().trick_card(k)));
      EXPECT_EQ(j["result"]["declarer_points"], game.outcome().declarer_points);
      EXPECT_EQ(j["result"]["won"], game.result().won);
      EXPECT_EQ(j["result"]["end"], by_defenders ? "defenders_conceded" : "declarer_conceded");

      // A record without the event log (imported) cannot show them, and still replays.
      db::GameRecord imported = record;
      imported.event_log = "[]";
      const Json k = app::game_replay_json(imported);
      ASSERT_FALSE(k.contains("error")) << k.dump();
      EXPECT_TRUE(k["unfinished_trick"].is_null());
      EXPECT_EQ(k["result"]["declarer_points"], game.outcome().declarer_points);
    }
  }
}

// Each game names who played each seat; the seat's figures are its player's own games, and the
// substitute's share is shown apart.
TEST(GameReplayJson, ASubstitutesGamesAreCreditedToTheSubstitute) {
  const Stored s = store_series(true);
  app::DatabaseReadModel reads(s.path);
  const auto read = reads.series_games(s.series);
  ASSERT_TRUE(read) << read.error().message;
  const Json j = app::series_games_json(read->series, read->games);
  ASSERT_EQ(j["games"].size(), 6u);
  for (std::size_t i = 0; i < 6; ++i) {
    const Json& players = j["games"][i]["players"];
    ASSERT_EQ(players.size(), 3u);
    EXPECT_EQ(players[0]["name"], "p1");
    EXPECT_EQ(players[2]["name"], i < 3 ? "p3" : "house-9") << players.dump();
    EXPECT_EQ(j["games"][i]["substitutes"][2], i >= 3);
  }
  int own = 0, theirs = 0, own_won = 0, their_won = 0;
  for (const db::GameRecord& g : s.games) {
    (g.index < 3 ? own : theirs) += g.seeger_fabian[2];
    if (g.declarer_seat == 2 && g.won) ++(g.index < 3 ? own_won : their_won);
  }
  const Json seat = app::series_json(read->series)["seats"][2];
  EXPECT_EQ(seat["name"], "p3");
  EXPECT_EQ(seat["score"], own);
  EXPECT_EQ(seat["won"], own_won);
  ASSERT_TRUE(seat.contains("substitute")) << seat.dump();
  EXPECT_EQ(seat["substitute"]["games"], 3);
  EXPECT_EQ(seat["substitute"]["score"], theirs);
  EXPECT_EQ(seat["substitute"]["won"], their_won);
  EXPECT_EQ(seat["substitute"]["players"],
            Json::array({Json{{"player_id", *s.games[3].substitutes[2]}, {"name", "house-9"}}}));
  EXPECT_FALSE(app::series_json(read->series)["seats"][0].contains("substitute"));
}

// A doubled game replays doubled: Kontra (and Re) are in the line's last fields.
TEST(GameReplayJson, AKontraGameReplaysDoubled) {
  Game game = *Game::after_auction(*deal_from_id(1), 0, {18, 0, 0}, TableRules{.kontra = true});
  ASSERT_TRUE(game.apply(Action::declare(0, Declaration{GameType::Grand, true, false, false, false})));
  ASSERT_TRUE(game.apply(Action::kontra(1)));
  ASSERT_TRUE(game.apply(Action::re(0)));
  while (!game.finished())
    for (const Action& a : game.legal_actions(game.to_act()))
      if (a.kind == ActionKind::Play) {
        ASSERT_TRUE(game.apply(a));
        break;
      }
  db::GameRecord record = db::game_record_from(1, pgn_game_from(game, 0, {0, 0, 0}));
  const Json j = app::game_replay_json(record);
  ASSERT_FALSE(j.contains("error")) << j.dump();
  EXPECT_EQ(j["result"]["doubling"], 4);
  EXPECT_EQ(j["result"]["value"], game.result().value);
  EXPECT_EQ(j["result"]["list_entry"], game.result().list_entry);
}

TEST(GameReplayJson, AnUnreadableLineIsReportedNotThrown) {
  db::GameRecord bad;
  bad.pgn = "not a game line";
  const Json j = app::game_replay_json(bad);
  EXPECT_TRUE(j.contains("error"));
  EXPECT_TRUE(j["result"].is_null());
}

}  // namespace
