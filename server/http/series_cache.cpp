// The replies of ended series kept in memory (server/http/series_cache.h).
#include "server/http/series_cache.h"

namespace skat::app {

std::shared_ptr<const std::string> SeriesCache::find(std::int64_t series, Form form, int game) {
  const std::lock_guard lock(mutex_);
  const auto it = index_.find(Key{series, form, game});
  if (it == index_.end()) return nullptr;
  order_.splice(order_.begin(), order_, it->second);
  return it->second->body;
}

void SeriesCache::put(std::int64_t series, Form form, std::string body, int game) {
  if (body.size() > max_bytes_) return;
  const Key key{series, form, game};
  auto shared = std::make_shared<const std::string>(std::move(body));
  const std::lock_guard lock(mutex_);
  if (const auto it = index_.find(key); it != index_.end()) {
    bytes_ -= it->second->body->size();
    order_.erase(it->second);
    index_.erase(it);
  }
  bytes_ += shared->size();
  order_.push_front(Entry{key, std::move(shared)});
  index_.emplace(key, order_.begin());
  while (bytes_ > max_bytes_) {
    const Entry& last = order_.back();
    bytes_ -= last.body->size();
    index_.erase(last.key);
    order_.pop_back();
  }
}

std::size_t SeriesCache::bytes() const {
  const std::lock_guard lock(mutex_);
  return bytes_;
}

std::size_t SeriesCache::entries() const {
  const std::lock_guard lock(mutex_);
  return index_.size();
}

}  // namespace skat::app
