// One loaded copy of a file per path, shared by every bot of the process that reads it (the
// winning tables, the card-location model): loading takes time and memory, and the contents are
// never changed once loaded. A failed load is not kept: the next call tries again.
#pragma once

#include <expected>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace skat::bots {

template <class T>
class SharedFiles {
 public:
  // The copy of `path` loaded before, or `load(path)` (an std::expected<T, std::string>) kept now.
  template <class Load>
  static std::expected<std::shared_ptr<const T>, std::string> get(const std::string& path, Load&& load) {
    const std::lock_guard lock(mutex_);
    if (const auto it = loaded_.find(path); it != loaded_.end()) return it->second;
    auto value = load(path);
    if (!value) return std::unexpected(std::move(value.error()));
    auto shared = std::make_shared<const T>(std::move(*value));
    loaded_.emplace(path, shared);
    return shared;
  }

 private:
  static inline std::mutex mutex_;
  static inline std::map<std::string, std::shared_ptr<const T>> loaded_;
};

}  // namespace skat::bots
