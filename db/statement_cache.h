// Internal to db/: a connection's prepared statements, kept by their SQL text and lent to one
// Statement handle at a time (the handle's release() gives a statement back by clearing its slot's
// flag). The SQLite and the PostgreSQL engine keep theirs here.
#pragma once

#include <cstddef>
#include <expected>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "db/engine.h"

namespace skat::db::detail {

template <class S>
class StatementCache {
 public:
  // The statement kept for `sql`, lent until its handle releases it. When it is lent already,
  // `one_use()` makes another for this use only; when none is kept, `prepare(lease, kept)` makes
  // the one to keep: `lease` is the flag its release clears, `kept` how many are kept before it.
  template <class OneUse, class Prepare>
  std::expected<StatementImpl*, DbError> lease(std::string_view sql, OneUse&& one_use, Prepare&& prepare) {
    std::string key(sql);
    if (const auto it = slots_.find(key); it != slots_.end()) {
      if (it->second->in_use) return one_use();
      it->second->in_use = true;
      return it->second->statement.get();
    }
    auto slot = std::make_unique<Slot>();
    std::expected<std::unique_ptr<S>, DbError> made = prepare(&slot->in_use, slots_.size());
    if (!made) return std::unexpected(made.error());
    slot->statement = std::move(*made);
    slot->in_use = true;
    StatementImpl* out = slot->statement.get();
    slots_.emplace(std::move(key), std::move(slot));
    return out;
  }

  std::size_t size() const { return slots_.size(); }
  template <class F>
  void for_each(F&& f) {
    for (auto& [sql, slot] : slots_) f(*slot->statement);
  }
  void clear() { slots_.clear(); }

 private:
  struct Slot {
    std::unique_ptr<S> statement;
    bool in_use = false;
  };
  std::unordered_map<std::string, std::unique_ptr<Slot>> slots_;
};

}  // namespace skat::db::detail
