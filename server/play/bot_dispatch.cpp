// Pool bots to seats (server/play/bot_dispatch.h).
#include "server/play/bot_dispatch.h"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "bots/bot_factory.h"
#include "bots/bot_levels.h"

namespace skat::app {

using protocol::ErrorCode;

std::expected<void, protocol::ProtocolError> BotDispatch::invite_for_player(const protocol::AddBot& add) {
  if (!tables_.contains(add.table))
    return std::unexpected(protocol::ProtocolError{ErrorCode::NoSuchTable, "no such table"});
  const TableOrigin* creator = tables_.origin(add.table);
  if (creator) {
    auto too_many = [](int held, int cap, std::string whose) {
      return std::unexpected(protocol::ProtocolError{ErrorCode::TooManyBots,
                                                     whose + " hold " + std::to_string(held) + " pool bots (at most " +
                                                         std::to_string(cap) + "); they return after a series"});
    };
    if (const int held = held_where([&](const TableOrigin& o) { return o.player == creator->player; });
        held >= caps_.per_player)
      return too_many(held, caps_.per_player, "the tables of this table's creator");
    if (const int held = held_where([&](const TableOrigin& o) { return o.address == creator->address; });
        held >= caps_.per_address)
      return too_many(held, caps_.per_address, "the tables created from this table's address");
  }
  // A house program's name ("simple", "pimc:worlds=8") asks for a house bot of that program first;
  // anything else for the bot of that name (house or a player's), then for a house program.
  const bool program_name = bots::parse_bot_spec(add.bot, false).has_value();
  auto slot = program_name ? lobby_.bots().acquire_by_kind(add.bot, add.table) : std::nullopt;
  if (!slot) slot = lobby_.bots().acquire_by_name(add.bot, add.table);
  if (!slot && !program_name) slot = lobby_.bots().acquire_by_kind(add.bot, add.table);
  // A player's bot, however it was named (its name, or "account:NAME"), only where it may go.
  if (slot && !may_invite(slot->bot, creator ? std::optional(creator->player) : std::nullopt)) {
    lobby_.bots().release(slot->bot, add.table);
    return std::unexpected(
        protocol::ProtocolError{ErrorCode::NotAllowed, "the bot '" + add.bot + "' does not accept challenges"});
  }
  if (!slot) return std::unexpected(protocol::ProtocolError{ErrorCode::BadField, "no free bot '" + add.bot + "'"});
  if (!invite(*slot, add.table, add.seat)) {
    lobby_.bots().drop(*slot);
    return std::unexpected(protocol::ProtocolError{ErrorCode::Internal, "the bot could not be reached"});
  }
  return {};
}

bool BotDispatch::may_invite(std::int64_t bot, std::optional<std::int64_t> creator) const {
  const auto owner = owners_.find(bot);
  if (owner == owners_.end()) return true;  // a house bot
  return owner->second.second || (creator && *creator == owner->second.first);
}

void BotDispatch::set_challenges(std::int64_t bot, bool everyone) {
  if (const auto it = owners_.find(bot); it != owners_.end()) it->second.second = everyone;
}

int BotDispatch::held_where(const std::function<bool(const TableOrigin&)>& counts) const {
  return static_cast<int>(std::ranges::count_if(seated_, [&](const auto& entry) {
    const TableOrigin* origin = tables_.origin(entry.second);
    return origin && counts(*origin);
  }));
}

bool BotDispatch::invite(const lobby::BotPool::Slot& slot, TableId table, int seat) {
  const auto session = sessions_.reach_connection(slot.conn, table);
  if (!session) return false;
  seated_.emplace(slot.bot, table);
  session->send(protocol::to_text(protocol::make_invite(table, seat)));
  return true;
}

void BotDispatch::request(TableId table, std::vector<table::BotRequest> requests) {
  const auto now = std::chrono::steady_clock::now();
  for (table::BotRequest& r : requests) waiting_.push_back({table, {std::move(r)}, false, now});
  serve_waiting();
}

void BotDispatch::request_whole(TableId table, std::vector<table::BotRequest> requests) {
  waiting_.push_back({table, std::move(requests), true, std::chrono::steady_clock::now()});
  serve_waiting();
}

bool BotDispatch::serve_whole(const Queued& q) {
  std::vector<std::pair<lobby::BotPool::Slot, int>> claimed;
  for (const table::BotRequest& r : q.requests) {
    const auto slot = lobby_.bots().acquire(r.name, r.kind, q.table);
    if (!slot) {
      for (const auto& [taken, seat] : claimed) lobby_.bots().release(taken.bot, q.table);
      return false;
    }
    claimed.emplace_back(*slot, r.seat);
  }
  for (const auto& [slot, seat] : claimed) {
    if (invite(slot, q.table, seat)) {
      spdlog::info("bot {} invited to table {} seat {}", slot.bot, q.table, seat);
      continue;
    }
    // Gone meanwhile: that seat waits on its own (the others are on their way).
    lobby_.bots().drop(slot);
    const auto r = std::ranges::find_if(q.requests, [&](const auto& x) { return x.seat == seat; });
    waiting_.push_back({q.table, {*r}, false, q.since});
  }
  return true;
}

// Requests in order of arrival, first each with the bot it asked for; then the requests that are
// not exact take any free house bot (any bot beats an empty seat), and exact ones keep waiting.
// A whole table's request is served only when all its bots are free.
void BotDispatch::serve_waiting() {
  for (const bool any_bot : {false, true}) {
    for (auto it = waiting_.begin(); it != waiting_.end();) {
      if (it->whole) {
        if (any_bot || !serve_whole(*it)) {
          ++it;
          continue;
        }
        it = waiting_.erase(it);
        continue;
      }
      const TableId table = it->table;
      const table::BotRequest& request = it->requests.front();
      if (any_bot && request.exact) {
        ++it;
        continue;
      }
      const auto slot =
          any_bot ? lobby_.bots().acquire_by_kind("", table) : lobby_.bots().acquire(request.name, request.kind, table);
      if (!slot) {
        ++it;
        continue;
      }
      if (!invite(*slot, table, request.seat)) {
        lobby_.bots().drop(*slot);
        continue;  // try this request again with another bot
      }
      spdlog::info("bot {} invited to table {} seat {}", slot->bot, table, request.seat);
      it = waiting_.erase(it);
    }
  }
}

std::optional<BotDispatch::Waiting> BotDispatch::waiting_at(TableId table) const {
  std::optional<Waiting> out;
  for (const Queued& q : waiting_) {
    if (q.table != table) continue;
    if (!out) out = Waiting{{}, q.since};
    out->since = std::min(out->since, q.since);
    out->requests.insert(out->requests.end(), q.requests.begin(), q.requests.end());
  }
  return out;
}

void BotDispatch::release(std::int64_t bot, TableId table) {
  if (const auto it = std::ranges::find_if(seated_, [&](const auto& e) { return e.first == bot && e.second == table; });
      it != seated_.end())
    seated_.erase(it);
  if (!seated_.contains(bot)) lobby_.set_table(bot, std::nullopt);
  lobby_.bots().release(bot, table);
  serve_waiting();
}

void BotDispatch::expect_back(std::int64_t bot, TableId table, int seat) {
  returning_.emplace(bot, std::pair{table, seat});
  // Already connected and free (a series this node took over from a silent node: its bots came
  // here before the series did): invited back at once.
  if (lobby_.bots().is_free(bot)) invite_back(bot);
}

void BotDispatch::connected(const Identity& bot, Connection& conn, std::uint64_t conn_id, int seats) {
  // A sandbox connection counts as its account's (whose program stays "account:NAME"), marked.
  const bool sandboxed = bot.bot_kind.starts_with(lobby::kSandboxPrefix);
  const bool house = !bot.owner.has_value();
  const std::string level = house ? std::string(bots::bot_level(bot.bot_kind).value_or("")) : std::string{};
  lobby_.bots().add(bot.player_id, conn_id,
                    {bot.name, sandboxed ? std::string(lobby::kAccountPrefix) + bot.name : bot.bot_kind, house, level},
                    seats, sandboxed);
  if (bot.owner)
    owners_[bot.player_id] = {*bot.owner, bot.challenges};
  else
    owners_.erase(bot.player_id);
  // Seats it still holds from a connection that closed: this connection plays them now.
  for (const TableId table : lobby_.bots().adopt(bot.player_id, conn_id)) conn.tables.insert(table);
}

// A bot that held a seat at a resumed table is invited back to it (if the seat went to another
// bot meanwhile, the table refuses it and it is free again).
void BotDispatch::welcomed(const Identity& bot) {
  invite_back(bot.player_id);
  serve_waiting();
}

void BotDispatch::invite_back(std::int64_t bot) {
  for (auto back = returning_.find(bot); back != returning_.end() && back->first == bot;) {
    const auto [table, seat] = back->second;
    if (!tables_.contains(table)) {
      back = returning_.erase(back);
      continue;
    }
    const auto slot = lobby_.bots().acquire_id(bot, table);
    if (!slot) break;  // no free connection now: the next one that connects
    back = returning_.erase(back);
    if (invite(*slot, table, seat))
      spdlog::info("bot {} invited back to table {} seat {}", bot, table, seat);
    else
      lobby_.bots().drop(*slot);
  }
}

bool BotDispatch::invited(std::int64_t bot, TableId table) const {
  const auto [from, to] = seated_.equal_range(bot);
  return std::any_of(from, to, [&](const auto& entry) { return entry.second == table; });
}

std::set<table::TableId> BotDispatch::holding() const {
  std::set<TableId> tables;
  for (const auto& [bot, table] : seated_) tables.insert(table);
  return tables;
}

std::set<table::TableId> BotDispatch::awaited() const {
  std::set<TableId> tables = holding();
  for (const Queued& q : waiting_) tables.insert(q.table);
  return tables;
}

void BotDispatch::drop_requests(TableId table) {
  std::erase_if(waiting_, [&](const Queued& q) { return q.table == table; });
}

}  // namespace skat::app
