// Who a connection is, in memory (server/store/memory_store.h): guests, their sessions and the
// purge of unused guests, and the sign-in of bot accounts.
#include "common/confusables.h"
#include "common/text_rules.h"
#include "server/store/memory_store.h"
#include "server/store/random_token.h"

namespace skat::app {

// Names are unique after folding, as in the database: a guest whose name is taken by another
// player (guest or bot) gets a short suffix.
StoreResult<Identity> MemoryStore::create_guest(std::string_view name) {
  if (name.empty()) return std::unexpected(StoreError{StoreError::Kind::Invalid, "a guest needs a name"});
  std::lock_guard lock(mutex_);
  std::string candidate(name);
  for (int attempt = 0; attempt < 8; ++attempt) {
    if (names_.emplace(text::name_key(candidate), next_id_ + 1).second) {
      Identity guest = person_identity(++next_id_, candidate);
      guests_[guest.player_id] = guest;
      guests_created_[guest.player_id] = db::now();
      return guest;
    }
    candidate = std::string(text::truncate(name, 24)) + "-" + random_token().substr(0, 4);
  }
  return std::unexpected(StoreError{StoreError::Kind::Conflict, "no free guest name like '" + std::string(name) + "'"});
}

StoreResult<std::string> MemoryStore::create_session(std::int64_t player_id) {
  std::lock_guard lock(mutex_);
  if (!guests_.contains(player_id)) return std::unexpected(StoreError{StoreError::Kind::NotFound, "no such player"});
  std::string token = random_token();
  sessions_[token] = player_id;
  sessions_expire_[token] = db::now() + std::chrono::days(30);
  return token;
}

StoreResult<Identity> MemoryStore::verify_session(std::string_view token) {
  std::lock_guard lock(mutex_);
  const auto it = sessions_.find(token);
  if (it == sessions_.end() || sessions_expire_.at(it->first) <= db::now())
    return std::unexpected(StoreError{StoreError::Kind::Unauthorized, "unknown or expired session"});
  signed_in_.insert(it->second);
  return guests_.at(it->second);
}

StoreResult<int> MemoryStore::purge_unused_guests(db::Timestamp now, db::Timestamp created_before,
                                                  const std::set<std::int64_t>& keep) {
  std::lock_guard lock(mutex_);
  std::set<std::int64_t> in_session;  // guests with a session valid at `now`
  for (const auto& [token, player] : sessions_)
    if (sessions_expire_.at(token) > now) in_session.insert(player);
  std::set<std::int64_t> doomed;
  for (const auto& [id, created] : guests_created_)
    if (!played_.contains(id) && !keep.contains(id) && !signed_in_.contains(id) &&
        (created <= created_before || !in_session.contains(id)))
      doomed.insert(id);
  signed_in_.clear();
  for (const std::int64_t id : doomed) {
    if (const auto guest = guests_.find(id); guest != guests_.end()) names_.erase(text::name_key(guest->second.name));
    guests_.erase(id);
    guests_created_.erase(id);
  }
  for (auto it = sessions_.begin(); it != sessions_.end();) {
    if (!doomed.contains(it->second)) {
      ++it;
      continue;
    }
    sessions_expire_.erase(it->first);
    it = sessions_.erase(it);
  }
  return static_cast<int>(doomed.size());
}

StoreResult<Identity> MemoryStore::verify_bot(std::string_view name, std::string_view token) {
  std::lock_guard lock(mutex_);
  const auto it = bots_.find(name);
  if (it == bots_.end() || it->second.second != token)
    return std::unexpected(StoreError{StoreError::Kind::Unauthorized, "unknown bot or wrong token"});
  const NewBot& bot = it->second.first;
  return bot_identity(bot.player_id, bot.name, bot.kind);
}

}  // namespace skat::app
