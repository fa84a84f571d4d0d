// The store a test runs on. By default SQLite (a file, or ":memory:"); the ".pg" copies of the store
// tests (tests/CMakeLists.txt, skat_store_tests) set SKAT_TEST_POSTGRES to the file in which the
// ctest fixture `postgres` wrote the URL of its throw-away server (scripts/pg-throwaway.sh), and
// every fresh location is then a new schema of that server. When the fixture found no PostgreSQL
// binaries the file is empty and every test of the copy is skipped with that reason.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <string_view>

#include "db/connection.h"

namespace skat::test {

inline bool on_postgres() { return std::getenv("SKAT_TEST_POSTGRES") != nullptr; }

// The throw-away server's URL; empty when there is none.
inline std::string postgres_url() {
  const char* file = std::getenv("SKAT_TEST_POSTGRES");
  if (file == nullptr) return {};
  std::ifstream in(file);
  std::string url;
  std::getline(in, url);
  return url;
}

// A fresh, empty database: `sqlite_location` (a file path or ":memory:") on SQLite; on PostgreSQL
// a new schema of the test server, as a URL whose connections see only that schema.
inline std::string fresh_store(const std::string& sqlite_location) {
  if (!on_postgres()) return sqlite_location;
  const std::string url = postgres_url();
  if (url.empty()) throw std::runtime_error("no PostgreSQL test server");
  static std::atomic<int> counter{0};
  std::random_device random;
  const std::string schema =
      "t" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + "_" + std::to_string(random() % 1000000);
  auto c = db::Connection::open(url);
  if (!c) throw std::runtime_error(c.error().message);
  if (auto r = c->exec("CREATE SCHEMA " + schema); !r) throw std::runtime_error(r.error().message);
  return url + (url.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" + schema;
}

// Skips every test of a PostgreSQL copy when the fixture found no server to start.
class PostgresEnvironment : public testing::Environment {
 public:
  void SetUp() override {
    if (on_postgres() && postgres_url().empty())
      GTEST_SKIP() << "PostgreSQL's binaries (initdb, pg_ctl) were not found, so the PostgreSQL copy of the store "
                      "tests is skipped (apt-get install postgresql)";
  }
};

inline testing::Environment* const kPostgresEnvironment = testing::AddGlobalTestEnvironment(new PostgresEnvironment);

// Skips a test that is about SQLite itself (files, WAL, pragmas, backups) in the PostgreSQL copy.
#define SKAT_SQLITE_ONLY()                                                      \
  do {                                                                          \
    if (::skat::test::on_postgres()) GTEST_SKIP() << "about SQLite files only"; \
  } while (0)

}  // namespace skat::test
