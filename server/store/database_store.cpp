// Opening the database store (server/store/database_store.h); its concerns are in the files beside.
#include "server/store/database_store.h"

#include "db/migrations.h"
#include "server/store/db_errors.h"

namespace skat::app {

StoreResult<std::unique_ptr<DatabaseStore>> DatabaseStore::open(const std::string& path, std::uint64_t max_bytes) {
  db::OpenOptions options;
  options.max_bytes = max_bytes;
  auto connection = db::open_database(path, options);
  if (!connection) return std::unexpected(db_failure(connection.error()));
  return std::unique_ptr<DatabaseStore>(new DatabaseStore(std::move(*connection), path, max_bytes));
}

DatabaseStore::~DatabaseStore() = default;  // the heartbeat thread stops and joins first

}  // namespace skat::app
