// The expiry of unused guests (db/guests.h): guests who never played go once they are old enough
// or hold no valid session, with their sessions; guests with a game, owners of bots, guests who
// started a tournament, players kept by the caller, humans and bots stay. Times are explicit, so
// nothing waits.
#include <gtest/gtest.h>

#include "db/accounts.h"
#include "db/guests.h"
#include "db/tournaments.h"
#include "tests/db/db_test_support.h"

namespace skat::db {
namespace {

using test::must;
using namespace std::chrono_literals;

TEST(Guests, UnusedGuestsArePurgedAndPlayersWithGamesStay) {
  Connection c = test::memory_db();
  const Timestamp t = now();
  const Timestamp week_ago = t - std::chrono::days(7);
  const Timestamp old = t - std::chrono::days(8);
  const Player old_unused = must(create_player(c, "old-unused", PlayerKind::Guest, old));
  const NewSession old_session = must(create_session(c, old_unused.id, std::chrono::days(30)));
  const Player fresh = must(create_player(c, "fresh", PlayerKind::Guest, t));
  const NewSession fresh_session = must(create_session(c, fresh.id, std::chrono::days(30)));
  const Player expired = must(create_player(c, "expired", PlayerKind::Guest, t - std::chrono::days(1)));
  must(create_session(c, expired.id, -1s));
  const Player old_player = must(create_player(c, "old-player", PlayerKind::Guest, old));
  const Player online = must(create_player(c, "online", PlayerKind::Guest, old));
  const Player human = must(create_player(c, "human", PlayerKind::Human, old));
  const PlayerId bot = must(create_bot(c, "bot", "simple")).account.player_id;
  NewSeries series;
  series.event = "Training";
  series.seats = {old_player.id, human.id, bot};
  must(create_series(c, series));

  EXPECT_EQ(must(purge_unused_guests(c, t, week_ago, {online.id})), 2);
  for (const Player& gone : {old_unused, expired}) EXPECT_FALSE(get_player(c, gone.id)) << gone.name;
  for (const Player& kept : {fresh, old_player, online, human}) EXPECT_TRUE(get_player(c, kept.id)) << kept.name;
  EXPECT_TRUE(get_player(c, bot));
  EXPECT_FALSE(verify_session(c, old_session.token)) << "the sessions of a purged guest go with it";
  EXPECT_EQ(must(verify_session(c, fresh_session.token)), fresh.id);
  // Once it is no longer kept, the online guest goes too; a second pass finds nothing else.
  EXPECT_EQ(must(purge_unused_guests(c, t, week_ago, {})), 1);
  EXPECT_EQ(must(purge_unused_guests(c, t, week_ago, {})), 0);
}

TEST(Guests, OwnersOfBotsAndStartersOfTournamentsStay) {
  Connection c = test::memory_db();
  const Timestamp t = now();
  const Timestamp old = t - std::chrono::days(8);
  const Player owner = must(create_player(c, "owner", PlayerKind::Guest, old));
  const Player former = must(create_player(c, "former-owner", PlayerKind::Guest, old));
  const Player starter = must(create_player(c, "starter", PlayerKind::Guest, old));
  const Player idle = must(create_player(c, "idle", PlayerKind::Guest, old));
  const PlayerId bot = must(create_owned_bot(c, owner.id, "owner-bot", "nobody", 5)).account.player_id;
  must(revoke_bot_id(c, must(create_owned_bot(c, former.id, "former-bot", "nobody", 5)).account.player_id));
  TournamentRecord tournament;
  tournament.mode = "server";
  tournament.a = "rule";
  tournament.b = "simple";
  tournament.deals = 10;
  tournament.seatings = "2:1";
  tournament.started_by = starter.id;
  must(create_tournament(c, tournament));

  EXPECT_EQ(must(purge_unused_guests(c, t, t - std::chrono::days(7), {})), 1);
  EXPECT_FALSE(get_player(c, idle.id));
  for (const Player& kept : {owner, former, starter}) EXPECT_TRUE(get_player(c, kept.id)) << kept.name;
  EXPECT_EQ(must(get_bot(c, bot)).owner_id, owner.id);
  EXPECT_EQ(must(purge_unused_guests(c, t, t, {})), 0);
}

}  // namespace
}  // namespace skat::db
