// Players, bot accounts and sessions: names unique regardless of case, the secret shown once and
// only its hash stored, verification (right yes, wrong / revoked / unknown no), rotation after
// revocation, session expiry.
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
