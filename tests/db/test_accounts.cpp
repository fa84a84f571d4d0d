// Players, bot accounts and sessions: names unique regardless of case, the secret shown once and
// only its hash stored, verification (right yes, wrong / revoked / disabled / unknown no), rotation
// after revocation, session expiry; players' bots (the per-owner limit, renaming, challenges, a new
// secret, revoking) and program names.
#include <gtest/gtest.h>

#include "db/accounts.h"
#include "db/secret_token.h"
#include "tests/db/db_test_support.h"

namespace skat::db {
namespace {

using test::must;

TEST(Players, CreateFindGet) {
  Connection c = test::memory_db();
  const Player alice = must(create_player(c, "Alice", PlayerKind::Human));
  const Player guest = must(create_guest(c, "Guest 17"));
  EXPECT_EQ(guest.kind, PlayerKind::Guest);
  EXPECT_NE(alice.id, guest.id);
  EXPECT_EQ(must(get_player(c, alice.id)), alice);
  EXPECT_EQ(must(find_player(c, "alice")), alice);  // without regard to case
  EXPECT_FALSE(must(find_player(c, "Bob")).has_value());
  auto missing = get_player(c, 999);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, DbErrc::NotFound);
  EXPECT_EQ(must(list_players(c)).size(), 2u);
  EXPECT_EQ(must(list_players(c, PlayerKind::Guest)), std::vector<Player>{guest});
}

TEST(Players, NamesAreUniqueAndValid) {
  Connection c = test::memory_db();
  must(create_player(c, "Alice", PlayerKind::Human));
  auto dup = create_player(c, "ALICE", PlayerKind::Guest);
  ASSERT_FALSE(dup);
  EXPECT_EQ(dup.error().code, DbErrc::AlreadyExists);
  for (const std::string& bad : {std::string(), std::string(65, 'x'), std::string(" lead"), std::string("tab\there"),
                                 std::string("rtl\u202eevil"), std::string("trail\u00a0"), std::string("bad\xff")}) {
    auto r = create_player(c, bad, PlayerKind::Human);
    ASSERT_FALSE(r) << bad;
    EXPECT_EQ(r.error().code, DbErrc::Invalid);
  }
  EXPECT_TRUE(create_player(c, "xskat:2", PlayerKind::Bot));
}

// "sec-1" is a bot: no other player may take a name that only looks the same, whether it differs
// by case, by full-width forms or by an invisible character (docs/protocol.md §2).
TEST(Players, NamesAreUniqueAfterFolding) {
  Connection c = test::memory_db();
  const Player bot = must(create_player(c, "sec-1", PlayerKind::Bot));
  for (const std::string& alike : {std::string("SEC-1"), std::string("\uff53\uff45\uff43\uff0d\uff11"),
                                   std::string("\uff33\uff25\uff23-1"), std::string("Sec-1")}) {
    auto r = create_guest(c, alike);
    ASSERT_FALSE(r) << alike;
  }
  auto fullwidth = create_guest(c, "\uff53\uff45\uff43\uff0d\uff11");
  ASSERT_FALSE(fullwidth);
  EXPECT_EQ(fullwidth.error().code, DbErrc::AlreadyExists);
  auto hidden = create_guest(c, "sec-1\u200b");
  ASSERT_FALSE(hidden);
  EXPECT_EQ(hidden.error().code, DbErrc::Invalid);  // a zero-width space is no part of a name at all
  EXPECT_EQ(must(find_player(c, "\uff53\uff45\uff43\uff0d\uff11")), bot);  // found by its folded key
  EXPECT_TRUE(create_guest(c, "sec-2"));
}

TEST(Players, FindOrCreate) {
  Connection c = test::memory_db();
  const Player a = must(find_or_create_player(c, "Carol", PlayerKind::Bot));
  EXPECT_EQ(a.kind, PlayerKind::Bot);
  EXPECT_EQ(must(find_or_create_player(c, "carol", PlayerKind::Human)), a);
  EXPECT_FALSE(c.in_transaction());
}

TEST(Bots, SecretVerifiesAndOnlyItsHashIsStored) {
  Connection c = test::memory_db();
  const NewBot bot = must(create_bot(c, "Kermit", "simple"));
  EXPECT_EQ(bot.secret.size(), 64u);
  EXPECT_EQ(bot.secret.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_EQ(bot.account.kind, "simple");
  EXPECT_EQ(must(get_player(c, bot.account.player_id)).kind, PlayerKind::Bot);

  EXPECT_EQ(must(verify_bot(c, "Kermit", bot.secret)), bot.account.player_id);
  for (const std::string& wrong : {std::string(), bot.secret.substr(1), std::string(64, '0'), bot.secret + "0"}) {
    auto r = verify_bot(c, "Kermit", wrong);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, DbErrc::Unauthorized);
  }
  EXPECT_FALSE(verify_bot(c, "Nobody", bot.secret));

  // The stored value is the 32-byte hash, neither the secret nor any part of it.
  auto st = must(c.prepare("SELECT token_hash FROM bot_accounts"));
  ASSERT_TRUE(must(st.step()));
  const std::vector<unsigned char> stored = st.blob(0);
  ASSERT_EQ(stored.size(), 32u);
  const TokenHash expected = hash_token(bot.secret);
  EXPECT_TRUE(std::equal(stored.begin(), stored.end(), expected.begin()));
  const std::string as_text(stored.begin(), stored.end());
  EXPECT_EQ(bot.secret.find(as_text), std::string::npos);
  auto any = must(c.prepare(c.engine() == Engine::Sqlite
                                ? "SELECT count(*) FROM bot_accounts WHERE instr(CAST(token_hash AS TEXT), ?1) > 0"
                                : "SELECT count(*) FROM bot_accounts WHERE position(?1 IN token_hash) > 0"));
  const std::string prefix = bot.secret.substr(0, 16);
  any.bind_blob(1, std::span(reinterpret_cast<const unsigned char*>(prefix.data()), prefix.size()));
  ASSERT_TRUE(must(any.step()));
  EXPECT_EQ(any.int64(0), 0);
}

TEST(Bots, EachSecretIsFresh) {
  Connection c = test::memory_db();
  const NewBot a = must(create_bot(c, "A", "simple"));
  const NewBot b = must(create_bot(c, "B", "simple"));
  EXPECT_NE(a.secret, b.secret);
  EXPECT_FALSE(verify_bot(c, "A", b.secret));
}

TEST(Bots, RevokedBotsDoNotVerifyAndCanBeRenewed) {
  Connection c = test::memory_db();
  const NewBot bot = must(create_bot(c, "Zoot", "simple"));
  const BotAccount revoked = must(revoke_bot(c, "zoot"));
  EXPECT_TRUE(revoked.revoked());
  auto r = verify_bot(c, "Zoot", bot.secret);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, DbErrc::Unauthorized);
  EXPECT_EQ(must(revoke_bot(c, "Zoot")).revoked_at, revoked.revoked_at);  // twice: no change

  const NewBot renewed = must(create_bot(c, "Zoot", "pimc"));
  EXPECT_EQ(renewed.account.player_id, bot.account.player_id);  // same player, history kept
  EXPECT_EQ(renewed.account.kind, "pimc");
  EXPECT_NE(renewed.secret, bot.secret);
  EXPECT_EQ(must(verify_bot(c, "Zoot", renewed.secret)), bot.account.player_id);
  EXPECT_FALSE(verify_bot(c, "Zoot", bot.secret));
}

TEST(Bots, CreateRefusesTakenNamesAndBadKinds) {
  Connection c = test::memory_db();
  must(create_player(c, "Human", PlayerKind::Human));
  must(create_bot(c, "Active", "simple"));
  for (const char* name : {"Human", "active"}) {
    auto r = create_bot(c, name, "simple");
    ASSERT_FALSE(r) << name;
    EXPECT_EQ(r.error().code, DbErrc::AlreadyExists);
  }
  for (const char* kind : {"", "Simple", "with space", "x/y"}) {
    auto r = create_bot(c, "New", kind);
    ASSERT_FALSE(r) << kind;
    EXPECT_EQ(r.error().code, DbErrc::Invalid);
  }
  auto missing = revoke_bot(c, "Human");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, DbErrc::NotFound);
  EXPECT_EQ(must(list_players(c)).size(), 2u);  // nothing half-created
}

TEST(Bots, ListInCreationOrder) {
  Connection c = test::memory_db();
  must(create_bot(c, "One", "simple"));
  must(create_bot(c, "Two", "random"));
  must(revoke_bot(c, "One"));
  const auto bots = must(list_bots(c));
  ASSERT_EQ(bots.size(), 2u);
  EXPECT_EQ(bots[0].name, "One");
  EXPECT_TRUE(bots[0].revoked());
  EXPECT_EQ(bots[1].name, "Two");
  EXPECT_EQ(bots[1].kind, "random");
  EXPECT_FALSE(bots[1].revoked());
}

TEST(Bots, DisabledBotsDoNotVerifyUntilEnabled) {
  Connection c = test::memory_db();
  const NewBot bot = must(create_bot(c, "Gonzo", "simple"));
  const BotAccount off = must(set_bot_disabled(c, "gonzo", true));
  EXPECT_TRUE(off.disabled());
  EXPECT_EQ(must(set_bot_disabled(c, "Gonzo", true)).disabled_at, off.disabled_at);  // twice: no change
  auto r = verify_bot(c, "Gonzo", bot.secret);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, DbErrc::Unauthorized);
  EXPECT_EQ(r.error().message, verify_bot(c, "Gonzo", std::string(64, '0')).error().message);  // alike
  EXPECT_TRUE(must(get_bot(c, bot.account.player_id)).disabled());
  EXPECT_FALSE(must(set_bot_disabled(c, "Gonzo", false)).disabled());
  EXPECT_EQ(must(verify_bot(c, "Gonzo", bot.secret)), bot.account.player_id);
  EXPECT_EQ(set_bot_disabled(c, "Nobody", true).error().code, DbErrc::NotFound);
}

// What a running server asks of the bots connected to it (another process may revoke or disable
// them): those of the ids asked that may no longer log in, over more than one query's worth.
TEST(Bots, BarredBotsAreTheRevokedAndDisabledOfThoseAsked) {
  Connection c = test::memory_db();
  std::vector<PlayerId> ids;
  for (int i = 0; i < 70; ++i) ids.push_back(must(create_bot(c, "b" + std::to_string(i), "simple")).account.player_id);
  EXPECT_TRUE(must(barred_bots(c, ids)).empty());
  EXPECT_TRUE(must(barred_bots(c, {})).empty());
  must(revoke_bot(c, "b3"));
  must(set_bot_disabled(c, "b66", true));
  must(revoke_bot(c, "b69"));
  EXPECT_EQ(must(barred_bots(c, ids)), (std::vector<PlayerId>{ids[3], ids[66], ids[69]}));
  EXPECT_EQ(must(barred_bots(c, {ids[66], ids[1]})), std::vector<PlayerId>{ids[66]});
  EXPECT_TRUE(must(barred_bots(c, {ids[2], 9999})).empty());
  must(set_bot_disabled(c, "b66", false));
  EXPECT_EQ(must(barred_bots(c, ids)), (std::vector<PlayerId>{ids[3], ids[69]}));
}

TEST(Bots, ProgramNames) {
  Connection c = test::memory_db();
  const BotAccount house = must(create_bot(c, "House", "full")).account;
  EXPECT_EQ(house.program_name(), "full");  // nothing announced yet: the label
  const std::string spec = "full:worlds=32,budget=2000,threads=2,nodes=2000,stop=1";
  must(set_bot_program(c, house.player_id, spec));
  EXPECT_EQ(must(get_bot(c, house.player_id)).program, spec);
  EXPECT_EQ(must(get_bot(c, house.player_id)).program_name(), spec);
  EXPECT_EQ(set_bot_program(c, house.player_id, std::string(257, 'x')).error().code, DbErrc::Invalid);
  must(set_bot_program(c, house.player_id, std::string(256, 'x')));
  must(set_bot_program(c, house.player_id, ""));
  EXPECT_EQ(must(get_bot(c, house.player_id)).program_name(), "full");
  EXPECT_EQ(set_bot_program(c, 999, "rule").error().code, DbErrc::NotFound);

  const PlayerId owner = must(create_guest(c, "Anna")).id;
  const BotAccount mine = must(create_owned_bot(c, owner, "anna-bot", "nobody", 5)).account;
  must(set_bot_program(c, mine.player_id, "full"));  // announced in hello: ignored
  EXPECT_EQ(must(get_bot(c, mine.player_id)).program_name(), "account:anna-bot");
  const auto all = must(list_bots(c));
  ASSERT_EQ(all.size(), 2u);
  EXPECT_FALSE(all[0].owner_id);
  EXPECT_TRUE(all[0].owner_name.empty());
  EXPECT_EQ(all[1].owner_id, owner);
  EXPECT_EQ(all[1].owner_name, "Anna");
  EXPECT_EQ(all[1].kind, "account");
  EXPECT_EQ(all[1].challenges, "nobody");
}

TEST(OwnedBots, CreateListAndTheLimitPerOwner) {
  Connection c = test::memory_db();
  const PlayerId anna = must(create_guest(c, "Anna")).id;
  const PlayerId ben = must(create_player(c, "Ben", PlayerKind::Human)).id;
  const NewBot first = must(create_owned_bot(c, anna, "anna-1", "everyone", 2));
  EXPECT_EQ(first.account.owner_id, anna);
  EXPECT_EQ(first.account.owner_name, "Anna");
  EXPECT_EQ(first.account.kind, "account");
  EXPECT_EQ(first.account.challenges, "everyone");
  EXPECT_EQ(first.account.program_name(), "account:anna-1");
  EXPECT_EQ(must(get_player(c, first.account.player_id)).kind, PlayerKind::Bot);
  EXPECT_EQ(must(verify_bot(c, "anna-1", first.secret)), first.account.player_id);
  EXPECT_EQ(must(get_bot(c, first.account.player_id)), first.account);
  EXPECT_EQ(must(find_bot(c, "ANNA-1")), first.account);
  const NewBot second = must(create_owned_bot(c, anna, "anna-2", "nobody", 2));
  must(create_owned_bot(c, ben, "ben-1", "nobody", 2));

  auto over = create_owned_bot(c, anna, "anna-3", "nobody", 2);
  ASSERT_FALSE(over);
  EXPECT_EQ(over.error().code, DbErrc::LimitReached);
  EXPECT_EQ(over.error().message, "at most 2 bots per player");
  EXPECT_FALSE(find_player(c, "anna-3").value().has_value());  // nothing half-created
  EXPECT_EQ(must(list_owned_bots(c, anna)), (std::vector<BotAccount>{first.account, second.account}));

  // A revoked bot frees its place but keeps its name (its records carry it).
  must(revoke_bot_id(c, first.account.player_id));
  EXPECT_EQ(must(list_owned_bots(c, anna)), std::vector<BotAccount>{second.account});
  must(create_owned_bot(c, anna, "anna-3", "nobody", 2));
  EXPECT_EQ(must(list_owned_bots(c, anna)).size(), 2u);
  EXPECT_EQ(must(list_owned_bots(c, ben)).size(), 1u);
  EXPECT_EQ(must(list_owned_bots(c, 999)).size(), 0u);
}

TEST(OwnedBots, CreateRefusesTakenNamesBadValuesAndBotOwners) {
  Connection c = test::memory_db();
  const PlayerId anna = must(create_guest(c, "Anna")).id;
  must(create_bot(c, "house", "simple"));
  const PlayerId revoked = must(create_owned_bot(c, anna, "old-bot", "nobody", 5)).account.player_id;
  must(revoke_bot_id(c, revoked));
  for (const std::string& taken :
       {std::string("anna"), std::string("HOUSE"), std::string("old-bot"), std::string("\uff41\uff4e\uff4e\uff41")}) {
    auto r = create_owned_bot(c, anna, taken, "nobody", 5);
    ASSERT_FALSE(r) << taken;
    EXPECT_EQ(r.error().code, DbErrc::AlreadyExists) << taken;
  }
  EXPECT_EQ(create_owned_bot(c, anna, "new-bot", "friends", 5).error().code, DbErrc::Invalid);
  EXPECT_EQ(create_owned_bot(c, anna, " new-bot", "nobody", 5).error().code, DbErrc::Invalid);
  EXPECT_EQ(create_owned_bot(c, 999, "new-bot", "nobody", 5).error().code, DbErrc::NotFound);
  const PlayerId house = must(find_bot(c, "house")).player_id;
  EXPECT_EQ(create_owned_bot(c, house, "new-bot", "nobody", 5).error().code, DbErrc::Invalid);
  // A house bot does not take over a player's revoked bot (its history is the player's).
  EXPECT_EQ(create_bot(c, "old-bot", "simple").error().code, DbErrc::AlreadyExists);
  EXPECT_EQ(must(get_bot(c, revoked)).owner_id, anna);
  EXPECT_EQ(get_bot(c, anna).error().code, DbErrc::NotFound);  // a guest, no bot
  EXPECT_EQ(find_bot(c, "Anna").error().code, DbErrc::NotFound);
  EXPECT_FALSE(c.in_transaction());
}

TEST(OwnedBots, RenameChallengesNewSecretAndRevoke) {
  Connection c = test::memory_db();
  const PlayerId anna = must(create_guest(c, "Anna")).id;
  must(create_player(c, "Ben", PlayerKind::Human));
  const NewBot bot = must(create_owned_bot(c, anna, "anna-bot", "nobody", 5));
  const PlayerId id = bot.account.player_id;

  const BotAccount renamed = must(rename_bot(c, id, "Kasper"));
  EXPECT_EQ(renamed.name, "Kasper");
  EXPECT_EQ(renamed.program_name(), "account:Kasper");
  EXPECT_EQ(must(get_bot(c, id)), renamed);
  EXPECT_EQ(must(find_bot(c, "kasper")).player_id, id);
  EXPECT_EQ(find_bot(c, "anna-bot").error().code, DbErrc::NotFound);
  EXPECT_EQ(must(verify_bot(c, "Kasper", bot.secret)), id);
  // The folded key moved with the name: a look-alike of the new name is taken, the old one is free.
  EXPECT_EQ(create_guest(c, "\uff4b\uff41\uff53\uff50\uff45\uff52").error().code, DbErrc::AlreadyExists);
  EXPECT_EQ(must(find_player(c, "\uff4b\uff41\uff53\uff50\uff45\uff52"))->id, id);
  EXPECT_TRUE(create_guest(c, "anna-bot"));
  EXPECT_EQ(must(rename_bot(c, id, "KASPER")).name, "KASPER");  // its own name in another case
  for (const std::string& taken : {std::string("ben"), std::string("Anna"), std::string("\uff22\uff45\uff4e")}) {
    auto r = rename_bot(c, id, taken);
    ASSERT_FALSE(r) << taken;
    EXPECT_EQ(r.error().code, DbErrc::AlreadyExists) << taken;
  }
  EXPECT_EQ(rename_bot(c, id, "").error().code, DbErrc::Invalid);
  EXPECT_EQ(rename_bot(c, anna, "Anna2").error().code, DbErrc::NotFound);  // not a bot
  EXPECT_EQ(must(get_player(c, id)).name, "KASPER");

  EXPECT_EQ(must(set_bot_challenges(c, id, "everyone")).challenges, "everyone");
  EXPECT_EQ(set_bot_challenges(c, id, "some").error().code, DbErrc::Invalid);
  EXPECT_EQ(set_bot_challenges(c, 999, "nobody").error().code, DbErrc::NotFound);
  EXPECT_EQ(must(get_bot(c, id)).challenges, "everyone");

  const NewBot rekeyed = must(rekey_bot(c, id));
  EXPECT_EQ(rekeyed.account.player_id, id);
  EXPECT_NE(rekeyed.secret, bot.secret);
  EXPECT_FALSE(verify_bot(c, "KASPER", bot.secret));
  EXPECT_EQ(must(verify_bot(c, "KASPER", rekeyed.secret)), id);

  const BotAccount gone = must(revoke_bot_id(c, id));
  EXPECT_TRUE(gone.revoked());
  EXPECT_EQ(must(revoke_bot_id(c, id)).revoked_at, gone.revoked_at);
  EXPECT_FALSE(verify_bot(c, "KASPER", rekeyed.secret));
  EXPECT_EQ(rekey_bot(c, id).error().code, DbErrc::NotFound);  // revoked: no new secret
  EXPECT_EQ(revoke_bot_id(c, anna).error().code, DbErrc::NotFound);
  EXPECT_TRUE(must(list_owned_bots(c, anna)).empty());
}

TEST(OwnedBots, ChallengeableAreActiveEnabledPlayersBotsOpenToEveryone) {
  Connection c = test::memory_db();
  const PlayerId anna = must(create_guest(c, "Anna")).id;
  must(create_bot(c, "house", "simple"));  // a house bot is no challenge
  const PlayerId open = must(create_owned_bot(c, anna, "open", "everyone", 9)).account.player_id;
  must(create_owned_bot(c, anna, "closed", "nobody", 9));
  const PlayerId revoked = must(create_owned_bot(c, anna, "revoked", "everyone", 9)).account.player_id;
  must(revoke_bot_id(c, revoked));
  must(create_owned_bot(c, anna, "disabled", "everyone", 9));
  must(set_bot_disabled(c, "disabled", true));
  const PlayerId later = must(create_owned_bot(c, anna, "later", "nobody", 9)).account.player_id;
  must(set_bot_challenges(c, later, "everyone"));
  std::vector<PlayerId> ids;
  for (const BotAccount& b : must(challengeable_bots(c))) ids.push_back(b.player_id);
  EXPECT_EQ(ids, (std::vector<PlayerId>{open, later}));
}

TEST(Players, ProfileShowsProgramNameAndOwner) {
  Connection c = test::memory_db();
  const Player anna = must(create_guest(c, "Anna"));
  const PlayerId house = must(create_bot(c, "House", "pimc")).account.player_id;
  const PlayerId mine = must(create_owned_bot(c, anna.id, "anna-bot", "nobody", 5)).account.player_id;
  const PlayerId plain = must(create_player(c, "Imported", PlayerKind::Bot)).id;
  EXPECT_EQ(must(get_player_profile(c, anna.id)), (PlayerProfile{anna, "", std::nullopt, ""}));
  const PlayerProfile h = must(get_player_profile(c, house));
  EXPECT_EQ(h.bot_kind, "pimc");
  EXPECT_FALSE(h.owner_id);
  const PlayerProfile m = must(get_player_profile(c, mine));
  EXPECT_EQ(m.player, must(get_player(c, mine)));
  EXPECT_EQ(m.bot_kind, "account:anna-bot");
  EXPECT_EQ(m.owner_id, anna.id);
  EXPECT_EQ(m.owner_name, "Anna");
  EXPECT_EQ(must(get_player_profile(c, plain)).bot_kind, "");
  EXPECT_EQ(get_player_profile(c, 999).error().code, DbErrc::NotFound);
}

TEST(Sessions, VerifyExpireDelete) {
  Connection c = test::memory_db();
  const Player p = must(create_guest(c, "Guest 1"));
  const NewSession s = must(create_session(c, p.id, std::chrono::hours(1)));
  EXPECT_EQ(s.token.size(), 64u);
  EXPECT_EQ(must(verify_session(c, s.token)), p.id);
  EXPECT_FALSE(verify_session(c, s.token + "x"));
  auto late = verify_session(c, s.token, s.expires_at + std::chrono::milliseconds(1));
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error().code, DbErrc::Unauthorized);
  const NewSession old = must(create_session(c, p.id, std::chrono::seconds(-1)));
  EXPECT_EQ(must(purge_expired_sessions(c)), 1);
  EXPECT_FALSE(verify_session(c, old.token));
  must(delete_session(c, s.token));
  EXPECT_FALSE(verify_session(c, s.token));
}

}  // namespace
}  // namespace skat::db
