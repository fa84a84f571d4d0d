// A connection's direct routes to its tables (server/play/table_routes.h).
#include "server/play/table_routes.h"

namespace skat::app {

void TableRoutes::identify(const Identity& who) {
  const std::lock_guard lock(mutex_);
  who_ = who;
}

void TableRoutes::open(TableId table, std::weak_ptr<TableHost> host) {
  const std::lock_guard lock(mutex_);
  if (!closed_) routes_[table].host = std::move(host);
}

void TableRoutes::close(TableId table) {
  const std::lock_guard lock(mutex_);
  const auto it = routes_.find(table);
  if (it == routes_.end()) return;
  if (it->second.via_hub == 0)
    routes_.erase(it);
  else
    it->second.host.reset();
}

void TableRoutes::close_all() {
  const std::lock_guard lock(mutex_);
  closed_ = true;
  for (auto it = routes_.begin(); it != routes_.end();) {
    it->second.host.reset();
    it = it->second.via_hub == 0 ? routes_.erase(it) : std::next(it);
  }
}

void TableRoutes::handed_over(TableId table) {
  const std::lock_guard lock(mutex_);
  const auto it = routes_.find(table);
  if (it == routes_.end() || it->second.via_hub == 0) return;
  if (--it->second.via_hub == 0 && it->second.host.expired()) routes_.erase(it);
}

bool TableRoutes::direct(TableId table) const {
  const std::lock_guard lock(mutex_);
  const auto it = routes_.find(table);
  return it != routes_.end() && it->second.via_hub == 0 && who_ && !it->second.host.expired();
}

}  // namespace skat::app
