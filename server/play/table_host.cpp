#include "server/play/table_host.h"

#include <sodium.h>
#include <spdlog/spdlog.h>

#include <algorithm>

#include "common/overloaded.h"
#include "server/play/client_error.h"
#include "server/play/metrics.h"
#include "server/play/strand_post.h"

namespace skat::app {

namespace asio = boost::asio;
using protocol::ErrorCode;

table::Participant participant_of(const Identity& who) {
  return {who.player_id, who.name, who.bot, who.bot_kind, who.hints};
}

TableHost::TableHost(asio::io_context& io, table::Table table, std::int64_t creator,
                     std::weak_ptr<TableServices> services, DbWriter& writer, TableHooks hooks)
    : id_(table.id()),
      creator_(creator),
      strand_(asio::make_strand(io)),
      table_(std::move(table)),
      services_(std::move(services)),
      writer_(writer),
      timer_(strand_),
      hooks_(std::move(hooks)) {}

// The Table is only ever touched here, on the table strand; nothing escapes to Asio.
template <class F>
void TableHost::on_strand(F f) {
  post_guarded(strand_, shared_from_this(), std::move(f), "table", id_);
}

void TableHost::begin(table::TableOutput out) {
  on_strand([out = std::move(out)](TableHost& host) mutable { host.apply(std::move(out)); });
}

void TableHost::client_message(const Identity& who, std::shared_ptr<net::WsSession> session,
                               protocol::TableMessage message, Steady::time_point received) {
  on_strand([who, session = std::move(session), message = std::move(message), received](TableHost& host) {
    host.dispatch(who, session, message, received);
  });
}

void TableHost::session_closed(std::int64_t player_id, std::uint64_t session_id) {
  on_strand([player_id, session_id](TableHost& host) {
    host.spectators_.erase(session_id);
    for (int seat = 0; seat < 3; ++seat) {
      auto& attached = host.seats_[static_cast<std::size_t>(seat)];
      if (attached.erase(session_id) == 0) continue;
      bool still_there = false;
      for (const auto& [sid, a] : attached) still_there = still_there || a.player_id == player_id;
      const auto& occupant = host.table_.occupant(seat);
      if (!still_there && occupant && occupant->player_id == player_id && host.table_.connected(seat))
        host.apply(host.table_.disconnect(seat, table::Clock::now()));
    }
    host.publish();
  });
}

void TableHost::ask_seated_before_series(std::int64_t player_id, std::function<void(bool)> answer) {
  on_strand([player_id, answer = std::move(answer)](TableHost& host) {
    answer(!host.table_.series_running() && host.table_.occupied_seat(player_id).has_value());
  });
}

void TableHost::remove_bot(std::int64_t player_id) {
  on_strand([player_id](TableHost& host) {
    const auto services = host.services_.lock();
    bool left = false;
    for (int seat = 0; seat < 3; ++seat) {
      const auto& occupant = host.table_.occupant(seat);
      if (!occupant || occupant->player_id != player_id) continue;
      auto out = host.table_.leave(seat, table::Clock::now());
      if (!out) continue;
      if (!host.table_.series_running()) host.detach_player(seat, player_id);
      host.apply(std::move(*out));
      left = true;
    }
    if (!left) return;
    spdlog::info("table {}: bot {} removed (its account may no longer play)", host.id_, player_id);
    if (services) services->release_bot(player_id, host.id_);
    host.publish();
  });
}

void TableHost::dismiss_bots() {
  on_strand([](TableHost& host) {
    if (host.table_.series_running()) return;
    host.release_bots(host.services_.lock());
    host.publish();
  });
}

void TableHost::end_managed() {
  on_strand([](TableHost& host) {
    host.ended_ = true;
    host.hooks_.start_when_full = false;
    host.apply(host.table_.end_series(table::Clock::now()));
    if (!host.table_.series_running() && host.commits_awaited_ == 0) host.release_bots(host.services_.lock());
    host.publish();
  });
}

void TableHost::shutdown() {
  on_strand([](TableHost& host) {
    host.stopped_ = true;
    host.timer_.cancel();
  });
}

void TableHost::dispatch(const Identity& who, const std::shared_ptr<net::WsSession>& session,
                         const protocol::TableMessage& m, Steady::time_point queued) {
  const auto now = table::Clock::now();
  auto seat = [&]() -> std::optional<int> {
    const auto occupied = held_seat(who, session->id(), std::nullopt);
    if (!occupied) send_error(*session, {ErrorCode::NotSeated, "you have no seat at this table"}, m.id, id_);
    return occupied;
  };
  std::visit(Overloaded{
                 [&](const protocol::JoinTable& j) {
                   if (!admits(who, j.key, j.invited)) return refuse_private(*session, m.id);
                   join(who, session, m.id, j.seat);
                 },
                 [&](const protocol::Resume& r) { resume(who, session, r.version); },
                 [&](const protocol::WatchTable& w) {
                   if (!admits(who, w.key, false)) return refuse_private(*session, m.id);
                   watch(session);
                 },
                 [&](const protocol::LeaveTable&) {
                   if (const auto s = seat()) leave(who, *s, m.id, session);
                 },
                 [&](const protocol::StartSeries&) { start_series(who, session, m.id); },
                 [&](const protocol::RemovePlayer& r) { remove_player(who, session, m.id, r.seat); },
                 [&](const protocol::GameCommand& command) {
                   if (const auto s = seat())
                     play(queued, [&] {
                       attach(*s, who, session);  // a second connection of the same player is a valid sender too
                       apply_answering(*session, table_.command(*s, command, now, m.id));
                     });
                 },
                 [&](const protocol::Chat& chat) {
                   if (const auto s = seat())
                     play(queued, [&] {
                       attach(*s, who, session);
                       apply_answering(*session, table_.chat(*s, chat.text, now, m.id));
                     });
                 },
                 [&](const protocol::ResultWait& w) {
                   if (const auto s = seat()) apply_answering(*session, table_.result_wait(*s, w.until_ready, now));
                 },
                 [&](const protocol::Ready& r) {
                   if (const auto s = seat()) apply_answering(*session, table_.ready(*s, r.game, now));
                 },
             },
             m.body);
}

// Metrics of the commands played at the table: from the dispatch until the outbound messages are
// queued, and from the server reading them (including the waits for the hub, if they went through
// it, and for the table's strand).
template <class F>
void TableHost::play(Steady::time_point queued, F f) {
  const auto start = Steady::now();
  const auto cpu_start = thread_cpu_now();
  f();
  const auto done = Steady::now();
  Metrics& m = metrics();
  m.move_handling.record(done - start);
  m.move_cpu.record(thread_cpu_now() - cpu_start);
  m.move_latency.record(done - queued);
  m.moves_handled.fetch_add(1, std::memory_order_relaxed);
}

bool TableHost::admits(const Identity& who, const std::string& key, bool invited_bot) const {
  const std::string& mine = hooks_.private_key;
  if (mine.empty() || who.player_id == creator_ || table_.seat_of(who.player_id) ||
      table_.occupied_seat(who.player_id) || (who.bot && invited_bot))
    return true;
  return key.size() == mine.size() && sodium_memcmp(key.data(), mine.data(), mine.size()) == 0;
}

void TableHost::refuse_private(net::WsSession& session, std::optional<std::int64_t> request_id) const {
  send_error(session, {ErrorCode::NotAllowed, "a private table: only its link lets you in"}, request_id, id_);
}

void TableHost::watch(const std::shared_ptr<net::WsSession>& session) {
  if (hooks_.sealed)
    return send_error(*session,
                      {ErrorCode::NotAllowed, "a tournament with players' bots cannot be watched while it runs"},
                      std::nullopt, id_);
  spectators_[session->id()] = session;
  send_direct(session, table_.resume(table::kSpectators, 0));
  publish();
}

void TableHost::leave(const Identity& who, int seat, std::optional<std::int64_t> request_id,
                      const std::shared_ptr<net::WsSession>& session) {
  auto out = table_.leave(seat, table::Clock::now());
  if (!out) return send_error(*session, out.error(), request_id, id_);
  if (!table_.series_running()) detach_player(seat, who.player_id);
  apply(std::move(*out));
  if (auto services = services_.lock()) {
    if (who.bot)
      services->release_bot(who.player_id, id_);  // that seat's connection is free again
    else  // a person who left is not at the table, even while a substitute keeps the seat for him
      services->note_seat(who.player_id, std::nullopt);
  }
}

// A seated player starts the series; so may the table's creator without a seat (a table of three
// bots), on behalf of the table.
void TableHost::start_series(const Identity& who, const std::shared_ptr<net::WsSession>& session,
                             std::optional<std::int64_t> request_id) {
  auto seat = table_.occupied_seat(who.player_id);
  if (!seat && who.player_id == creator_)
    for (int s = 0; s < 3 && !seat; ++s)
      if (table_.occupant(s)) seat = s;
  if (!seat) return send_error(*session, {ErrorCode::NotSeated, "you have no seat at this table"}, request_id, id_);
  auto out = table_.start_series(*seat, table::Clock::now());
  if (!out) return send_error(*session, out.error(), request_id, id_);
  apply(std::move(*out));
}

// Before the series the table's creator may free a seat (someone sat down uninvited). The removed
// player hears of it (`left` with `removed`) on each of its connections, and may not sit at this
// table again; a removed pool bot goes back to the pool.
void TableHost::remove_player(const Identity& who, const std::shared_ptr<net::WsSession>& session,
                              std::optional<std::int64_t> request_id, int seat) {
  if (creator_ == 0 || who.player_id != creator_)
    return send_error(*session, {ErrorCode::NotAllowed, "only the table's creator may remove a player"}, request_id,
                      id_);
  const std::optional<table::Participant> removed = table_.occupant(seat);
  auto out = table_.remove(seat, table::Clock::now());
  if (!out) return send_error(*session, out.error(), request_id, id_);
  // The removed player is no longer the seat's occupant, so the table's delivery would miss it.
  for (const auto& [sid, a] : seats_[static_cast<std::size_t>(seat)])
    if (const auto s = a.session.lock(); s && a.player_id == removed->player_id)
      for (const table::Outbound& o : out->messages) s->send(o.serialised());
  detach_player(seat, removed->player_id);
  if (!removed->is_bot && removed->player_id != creator_ && removed_.size() < kMaxRemoved)
    removed_.insert(removed->player_id);
  apply(std::move(*out));
  if (auto services = services_.lock()) {
    if (removed->is_bot)
      services->release_bot(removed->player_id, id_);
    else
      services->note_seat(removed->player_id, std::nullopt);
  }
}

void TableHost::join(const Identity& who, const std::shared_ptr<net::WsSession>& session,
                     std::optional<std::int64_t> request_id, std::optional<int> wanted) {
  const auto now = table::Clock::now();
  if (const auto seat = held_seat(who, session->id(), wanted)) {  // already seated: a reconnect
    attach(*seat, who, session);
    if (!table_.connected(*seat)) apply(table_.reconnect(*seat, now));
    send_direct(session, table_.resume(*seat, 0));
    return publish();
  }
  if (removed_.contains(who.player_id))
    return send_error(*session, {ErrorCode::NotAllowed, "the table's creator removed you from this table"}, request_id,
                      id_);
  if (ended_) {  // a bot invited before its tournament ended
    send_error(*session, {ErrorCode::NotAllowed, "this table's tournament has ended"}, request_id, id_);
    if (auto services = services_.lock(); services && who.bot) services->release_bot(who.player_id, id_);
    return;
  }
  int target = -1;
  if (const auto displaced = table_.seat_of(who.player_id); displaced && !who.bot)
    target = *displaced;  // a human coming back to the seat a bot took over
  else if (wanted)
    target = *wanted;
  else
    for (int s = 2; s >= 0; --s)
      if (!table_.occupant(s)) target = s;
  auto out = table_.sit(target < 0 ? 0 : target, participant_of(who), now);
  if (!out) {
    send_error(*session, out.error(), request_id, id_);
    if (auto services = services_.lock(); services && who.bot) services->release_bot(who.player_id, id_);
    return;
  }
  attach(target, who, session);
  spectators_.erase(session->id());
  apply(std::move(*out));  // holds the act request when it is that seat's turn (a replacement mid-game)
  if (auto services = services_.lock()) services->note_seat(who.player_id, id_);
}

void TableHost::resume(const Identity& who, const std::shared_ptr<net::WsSession>& session, std::int64_t version) {
  const auto now = table::Clock::now();
  auto seat = held_seat(who, session->id(), std::nullopt);
  if (!seat && table_.seat_of(who.player_id)) {  // displaced by a bot: take the seat back
    const int displaced = *table_.seat_of(who.player_id);
    if (auto out = table_.sit(displaced, participant_of(who), now)) {
      apply(std::move(*out));
      seat = displaced;
    }
  }
  if (!seat) {                                 // a spectator
    if (hooks_.sealed) return watch(session);  // refused
    // a private table's: only a connection already let in by its key (watch_table) reads on
    if (is_private() && !spectators_.contains(session->id()) && !admits(who, {}, false))
      return refuse_private(*session, std::nullopt);
    spectators_[session->id()] = session;
    send_direct(session, table_.resume(table::kSpectators, version));
    return publish();
  }
  attach(*seat, who, session);
  if (!table_.connected(*seat)) apply(table_.reconnect(*seat, now));
  send_direct(session, table_.resume(*seat, version));
  publish();
}

// The seat a message of this player on this connection is for: the seat the connection plays,
// else the seat it names (`wanted`), else one of the player's seats no live connection plays (a
// reconnect), else, unless a bot is asked to a new seat, the player's first seat (a person's
// second connection). A bot account may hold several seats, each played by its own connection.
std::optional<int> TableHost::held_seat(const Identity& who, std::uint64_t session_id,
                                        std::optional<int> wanted) const {
  std::optional<int> unheld, first;
  for (int s = 0; s < 3; ++s) {
    const auto& occupant = table_.occupant(s);
    if (!occupant || occupant->player_id != who.player_id) continue;
    const auto& attached = seats_[static_cast<std::size_t>(s)];
    if (attached.contains(session_id) || wanted == s) return s;
    const bool live = std::ranges::any_of(
        attached, [&](const auto& e) { return e.second.player_id == who.player_id && !e.second.session.expired(); });
    if (!live && !unheld) unheld = s;
    if (!first) first = s;
  }
  if (unheld) return unheld;
  if (wanted && who.bot) return std::nullopt;
  return first;
}

void TableHost::attach(int seat, const Identity& who, const std::shared_ptr<net::WsSession>& session) {
  seats_[static_cast<std::size_t>(seat)][session->id()] = Attached{session, who.player_id};
}

void TableHost::detach_player(int seat, std::int64_t player_id) {
  std::erase_if(seats_[static_cast<std::size_t>(seat)], [&](const auto& e) { return e.second.player_id == player_id; });
  if (const auto services = services_.lock(); services && !table_.occupied_seat(player_id))
    services->seat_ended(id_, player_id);
}

// A message's own errors answer it: they go to the connection that sent it, not to the player's
// other connections (which never sent that message).
void TableHost::apply_answering(net::WsSession& sender, table::TableOutput out) {
  std::erase_if(out.messages, [&](const table::Outbound& o) {
    if (!o.message.is_object() || o.message.value("type", "") != "error") return false;
    metrics().errors_sent.fetch_add(1, std::memory_order_relaxed);
    sender.send(o.serialised());
    return true;
  });
  apply(std::move(out));
}

void TableHost::apply(table::TableOutput out) {
  Metrics& metrics = app::metrics();
  metrics.games_finished.fetch_add(out.games.size(), std::memory_order_relaxed);
  if (out.series) metrics.series_finished.fetch_add(1, std::memory_order_relaxed);
  const bool series_over = out.series.has_value();
  const bool abandoned = series_over && out.series->abandoned;
  if (!out.games.empty() || out.series) {
    // The hooks (a tournament's director) hear of the games once their records are queued, so
    // that what they write about them (a tournament's end) comes after.
    std::vector<table::FinishedGame> heard;
    if (hooks_.on_game) heard = out.games;
    for (table::FinishedGame& g : out.games) writer_.save_game(std::move(g));
    if (out.series) writer_.save_series(std::move(*out.series));
    for (const table::FinishedGame& g : heard) hooks_.on_game(g);
    // Writer jobs run in order: this one runs once the games above are committed.
    ++commits_awaited_;
    writer_.post([weak = weak_from_this()](RecordStore&) {
      if (const auto self = weak.lock()) self->on_strand([](TableHost& host) { host.committed(); });
    });
  }
  for (const table::Outbound& o : out.messages) {
    if (const auto type = o.message.find("type"); type != o.message.end() && *type == "error")
      metrics.errors_sent.fetch_add(1, std::memory_order_relaxed);
    deliver(o.audience, std::make_shared<const std::string>(o.serialised()));
  }
  const auto services = services_.lock();
  if (abandoned && services) services->drop_bot_requests(id_);  // nobody is to come any more
  // The bots go back to the pool once the series' last messages reached them (they wait for the
  // records to be committed).
  if (series_over && !table_.series_running()) {
    if (commits_awaited_ > 0)
      release_when_committed_ = true;
    else
      release_bots(services);
  }
  for (const table::BotRelease& r : out.bot_releases) {
    detach_player(r.seat, r.player_id);
    if (services) services->release_bot(r.player_id, id_);
  }
  for (table::BotRequest& r : out.bot_requests)
    if (services) services->request_bot(id_, std::move(r));
  arm_clock();
  publish();
  if (const Game* game = table_.game(); game && services && table_.config().hand_strengths) {
    if (const std::uint64_t id = deal_id(game->deal()); id != prefetched_deal_) {
      prefetched_deal_ = id;
      services->prefetch_hand_strengths(game->deal());
    }
  }
  if (hooks_.start_when_full && !started_by_hook_ && !table_.series_running() && table_.occupant(0) &&
      table_.occupant(1) && table_.occupant(2)) {
    started_by_hook_ = true;
    if (auto started = table_.start_series(0, table::Clock::now()))
      apply(std::move(*started));
    else
      spdlog::error("table {}: the series did not start: {}", id_, started.error().message);
  }
}

// After a series the bots go back to the pool, so that a shared pool serves many tables; the
// players invite them again for another series.
void TableHost::release_bots(const std::shared_ptr<TableServices>& services) {
  for (int seat = 0; seat < 3; ++seat) {
    const auto occupant = table_.occupant(seat);
    if (!occupant || !occupant->is_bot) continue;
    auto out = table_.leave(seat, table::Clock::now());
    if (!out) continue;
    for (const table::Outbound& o : out->messages)
      deliver(o.audience, std::make_shared<const std::string>(o.serialised()));
    detach_player(seat, occupant->player_id);
    if (services) services->release_bot(occupant->player_id, id_);
  }
}

// Only connections of the seat's current occupant receive that seat's messages.
void TableHost::deliver(int audience, const std::shared_ptr<const std::string>& text) {
  if (commits_awaited_ > 0)
    held_.emplace_back(audience, text);
  else
    send_now(audience, text);
}

void TableHost::committed() {
  if (--commits_awaited_ > 0) return;
  while (!held_.empty()) {
    auto [audience, text] = std::move(held_.front());
    held_.pop_front();
    send_now(audience, text);
  }
  if (release_when_committed_ && !table_.series_running()) {
    release_when_committed_ = false;
    release_bots(services_.lock());
    publish();
  }
}

void TableHost::send_now(int audience, const std::shared_ptr<const std::string>& text) {
  auto to_seat = [&](int seat) {
    const auto& occupant = table_.occupant(seat);
    if (!occupant) return;
    for (const auto& [sid, a] : seats_[static_cast<std::size_t>(seat)])
      if (a.player_id == occupant->player_id)
        if (const auto s = a.session.lock()) s->send(text);
  };
  auto to_spectators = [&] {
    for (const auto& [sid, weak] : spectators_)
      if (const auto s = weak.lock()) s->send(text);
  };
  if (audience == table::kAllSeats) {
    for (int seat = 0; seat < 3; ++seat) to_seat(seat);
    to_spectators();
  } else if (audience == table::kSpectators) {
    to_spectators();
  } else if (audience >= 0 && audience < 3) {
    to_seat(audience);
  }
}

// Resume output goes to the asking connection only (whatever audience the table gave it).
void TableHost::send_direct(const std::shared_ptr<net::WsSession>& session, const table::TableOutput& out) {
  for (const table::Outbound& o : out.messages) session->send(o.serialised());
}

void TableHost::arm_clock() {
  if (stopped_) return;
  const auto deadline = table_.next_deadline();
  if (deadline == armed_) return;
  armed_ = deadline;
  if (!deadline) {
    timer_.cancel();
    return;
  }
  const auto delay = std::max(table::Clock::duration::zero(), *deadline - table::Clock::now());
  timer_.expires_after(std::chrono::duration_cast<std::chrono::steady_clock::duration>(delay));
  timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    try {
      self->on_clock(ec);
    } catch (const std::exception& e) {
      spdlog::error("table {} clock: {}", self->id_, e.what());
    }
  });
}

void TableHost::on_clock(boost::system::error_code ec) {
  if (ec || stopped_) return;
  armed_.reset();
  apply(table_.on_clock(table::Clock::now()));
}

void TableHost::publish() {
  const auto services = services_.lock();
  if (!services) return;
  protocol::LobbyTable summary;
  summary.table = id_;
  summary.event = table_.config().event;
  summary.deals = table_.config().deals;
  summary.kontra = table_.config().kontra;
  summary.running = table_.series_running();
  summary.game = table_.games_played();
  for (int seat = 0; seat < 3; ++seat) {
    const auto& occupant = table_.occupant(seat);
    if (!occupant) continue;
    auto& s = summary.seats[seat];
    s.player_id = occupant->player_id;
    s.name = occupant->name;
    s.bot = occupant->is_bot;
    s.connected = table_.connected(seat);
  }
  summary.spectators = static_cast<int>(spectators_.size());
  if (!hooks_.private_key.empty()) {
    summary.is_private = true;
    summary.members.push_back(creator_);
    for (int seat = 0; seat < 3; ++seat)
      for (const auto* p : {&table_.occupant(seat), &table_.owner(seat)})
        if (*p && !(*p)->is_bot) summary.members.push_back((*p)->player_id);
  }
  if (published_ == summary) return;  // most moves change nothing the lobby shows
  published_ = summary;
  services->publish_table(std::move(summary));
}

}  // namespace skat::app
