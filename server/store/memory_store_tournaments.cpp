// The server's tournaments in memory (server/store/memory_store.h), as the database keeps them.
#include <chrono>

#include "server/store/memory_store.h"

namespace skat::app {

StoreResult<std::int64_t> MemoryStore::create_tournament(const db::TournamentRecord& record) {
  std::lock_guard lock(mutex_);
  const std::int64_t id = static_cast<std::int64_t>(tournaments_.size()) + 1;
  db::TournamentRecord r = record;
  r.id = id;
  r.status = "running";
  r.created_at = std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now());
  r.finished_at.reset();
  r.end_reason.clear();
  r.cancelled = false;
  tournaments_[id] = {std::move(r), {}};
  return id;
}

StoreResult<void> MemoryStore::add_tournament_table(std::int64_t id, const db::TournamentTable& table) {
  std::lock_guard lock(mutex_);
  const auto it = tournaments_.find(id);
  if (it == tournaments_.end())
    return std::unexpected(StoreError{StoreError::Kind::NotFound, "no tournament with id " + std::to_string(id)});
  it->second.second.push_back(table);
  return {};
}

StoreResult<void> MemoryStore::update_tournament(std::int64_t id, const db::TournamentProgress& p) {
  std::lock_guard lock(mutex_);
  const auto it = tournaments_.find(id);
  if (it == tournaments_.end() || it->second.first.status != "running")
    return std::unexpected(
        StoreError{StoreError::Kind::Invalid, "tournament " + std::to_string(id) + " is not running"});
  db::TournamentRecord& r = it->second.first;
  r.deals_done = p.deals_done;
  r.report = p.report;
  r.curve = p.curve.empty() ? "[]" : p.curve;
  r.end_reason = p.end_reason;
  r.cancelled = p.cancelled;
  if (p.final_status) {
    r.status = *p.final_status;
    r.finished_at = std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now());
  }
  return {};
}

StoreResult<std::vector<db::TournamentRecord>> MemoryStore::tournaments(int limit) {
  std::lock_guard lock(mutex_);
  std::vector<db::TournamentRecord> out;
  for (auto it = tournaments_.rbegin(); it != tournaments_.rend() && static_cast<int>(out.size()) < limit; ++it)
    out.push_back(it->second.first);
  return out;
}

StoreResult<std::pair<db::TournamentRecord, std::vector<db::TournamentTable>>> MemoryStore::tournament(
    std::int64_t id) {
  std::lock_guard lock(mutex_);
  const auto it = tournaments_.find(id);
  if (it == tournaments_.end())
    return std::unexpected(StoreError{StoreError::Kind::NotFound, "no tournament with id " + std::to_string(id)});
  return it->second;
}

}  // namespace skat::app
