// The read model's connections and the replies kept of ended series: reads reuse a connection
// instead of opening one each, at most `max_idle` wait between reads, a leased connection refuses
// writes (on SQLite and PostgreSQL alike), and the series cache drops the least recently used
// reply once its bytes pass the bound.
#include <gtest/gtest.h>

#include <filesystem>

#include "db/migrations.h"
#include "server/http/database_read_model.h"
#include "server/http/read_connections.h"
#include "server/http/series_cache.h"
#include "tests/support/test_store.h"

namespace {

using namespace skat;

std::string fresh_database() {
  const auto* info = testing::UnitTest::GetInstance()->current_test_info();
  const std::filesystem::path dir =
      std::filesystem::path(testing::TempDir()) / (std::string("skat_read_connections_") + info->name());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string path = test::fresh_store((dir / "skat.db").string());
  EXPECT_TRUE(db::open_database(path));  // created and migrated
  return path;
}

TEST(ReadConnections, ReadsReuseOneConnection) {
  app::DatabaseReadModel reads(fresh_database(), 2);
  for (int i = 0; i < 5; ++i) {
    const auto list = reads.series(db::SeriesFilter{}, db::Page{});
    ASSERT_TRUE(list) << list.error().message;
  }
  EXPECT_EQ(reads.connections().opened(), 1u);
  EXPECT_EQ(reads.connections().idle(), 1u);
}

TEST(ReadConnections, AtMostMaxIdleWaitAndEachRefusesWrites) {
  app::ReadConnections pool(fresh_database(), 2);
  {
    std::vector<app::ReadConnections::Lease> leases;
    for (int i = 0; i < 3; ++i) {
      auto lease = pool.acquire();
      ASSERT_TRUE(lease) << lease.error().message;
      leases.push_back(std::move(*lease));
    }
    EXPECT_EQ(pool.opened(), 3u);
    db::Connection& c = leases.front();
    EXPECT_FALSE(c.exec("CREATE TABLE written_by_a_reader (a INTEGER)"));
  }
  EXPECT_EQ(pool.idle(), 2u);
}

TEST(SeriesCache, TheLeastRecentlyUsedGoesFirstOnceTheBytesPassTheBound) {
  using Form = app::SeriesCache::Form;
  app::SeriesCache cache(10);
  cache.put(1, Form::Games, "aaaa");
  cache.put(2, Form::Games, "bbbb");
  ASSERT_TRUE(cache.find(1, Form::Games));  // 1 is used again: 2 is now the oldest
  EXPECT_FALSE(cache.find(1, Form::Pgn));
  cache.put(3, Form::Sgf, "cccc");
  EXPECT_FALSE(cache.find(2, Form::Games));
  ASSERT_TRUE(cache.find(1, Form::Games));
  EXPECT_EQ(*cache.find(1, Form::Games), "aaaa");
  EXPECT_EQ(*cache.find(3, Form::Sgf), "cccc");
  EXPECT_EQ(cache.bytes(), 8u);
  cache.put(4, Form::Pgn, std::string(11, 'x'));  // larger than the whole bound: not kept
  EXPECT_FALSE(cache.find(4, Form::Pgn));
  EXPECT_EQ(cache.entries(), 2u);
}

}  // namespace
