#include "server/table/event_log.h"

namespace skat::table {

std::int64_t EventLog::append(std::array<nlohmann::json, kAudiences> copies) {
  ++version_;
  for (auto& c : copies) c["version"] = version_;
  entries_.push_back(Entry{version_, std::move(copies)});
  while (entries_.size() > kMaxEvents) entries_.pop_front();
  return version_;
}

std::optional<std::vector<nlohmann::json>> EventLog::since(int audience, std::int64_t last) const {
  if (audience < 0 || audience >= kAudiences || last > version_ || last < 0) return std::nullopt;
  std::vector<nlohmann::json> out;
  if (last == version_) return out;
  // The first missing event (last + 1) must still be kept.
  if (entries_.empty() || entries_.front().version > last + 1) return std::nullopt;
  for (const Entry& e : entries_)
    if (e.version > last) out.push_back(e.copies[static_cast<std::size_t>(audience)]);
  return out;
}

void EventLog::start_after(std::int64_t version) {
  if (entries_.empty() && version > version_) version_ = version;
}

void EventLog::forget_through(std::int64_t version) {
  while (!entries_.empty() && entries_.front().version <= version) entries_.pop_front();
}

}  // namespace skat::table
