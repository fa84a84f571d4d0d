// Connections and identities on the hub strand (server/play/sessions.h).
#include "server/play/sessions.h"

#include <spdlog/spdlog.h>

#include "server/play/client_error.h"
#include "server/play/sandbox_key.h"
#include "server/play/strand_post.h"
#include "server/store/bot_account_store.h"

namespace skat::app {

using protocol::ErrorCode;

Sessions::Sessions(Strand strand, DbWriter& writer, SessionLimits limits)
    : strand_(std::move(strand)),
      writer_(writer),
      limits_(limits),
      guest_quota_(limits.guests_per_address_per_hour),
      purge_timer_(strand_) {}

void Sessions::wire(Identified identified, Seated seated) {
  identified_ = std::move(identified);
  seated_ = std::move(seated);
}

void Sessions::open(const std::shared_ptr<net::WsSession>& session, std::shared_ptr<TableRoutes> routes) {
  Connection& conn = conns_[session->id()];
  conn.session = session;
  conn.routes = std::move(routes);
  conn.address = address_key(session->remote_address());
}

std::optional<Sessions::Closed> Sessions::close(std::uint64_t session_id) {
  const auto it = conns_.find(session_id);
  if (it == conns_.end()) return std::nullopt;
  Closed closed{std::move(it->second)};
  conns_.erase(it);
  closed.conn.routes->close_all();
  if (closed.conn.who) {
    const std::int64_t pid = closed.conn.who->player_id;
    auto& sessions = by_player_[pid];
    sessions.erase(session_id);
    if (sessions.empty()) {
      by_player_.erase(pid);
      closed.last_of_player = true;
    }
  }
  return closed;
}

Connection* Sessions::find(std::uint64_t session_id) {
  const auto it = conns_.find(session_id);
  return it == conns_.end() ? nullptr : &it->second;
}

void Sessions::hello(const std::shared_ptr<net::WsSession>& session, Connection& conn, const protocol::Hello& h,
                     std::optional<std::int64_t> request_id) {
  if (conn.who || conn.hello_pending)
    return send_error(*session, {ErrorCode::BadField, "hello was already sent on this connection"}, request_id);
  conn.hello_pending = true;
  conn.hints = h.hints;
  conn.seats = h.seats;
  const std::uint64_t sid = session->id();
  if (h.bot && is_sandbox_token(h.name, h.token)) {
    // This process's own sandbox connection (server/app/sandbox_runner.h): the player's bot of that
    // name, while it may play and has an uploaded program; its program is "sandbox:NAME".
    writer_.post([reply = answer_later(sid, request_id), name = h.name](BotAccountStore& store) {
      auto bot = store.find_bot(name);
      if (!bot || !bot->owner || bot->disabled || bot->uploaded_language.empty() || bot->name != name)
        return reply(std::unexpected(StoreError{StoreError::Kind::Unauthorized, "no such sandboxed bot"}), "");
      Identity who = bot_identity(bot->player_id, bot->name, std::string(kSandboxPrefix) + bot->name);
      who.owner = bot->owner;
      who.challenges = bot->challenges;
      reply(std::move(who), "");
    });
    return;
  }
  if (h.bot) {
    // A house bot's program is what it announces (kept on its account, so that the leaderboard and
    // the filters name it alike); a player's bot is always "account:NAME", whatever it announces.
    writer_.post(
        [reply = answer_later(sid, request_id), name = h.name, token = h.token, kind = h.kind](IdentityStore& store) {
          auto who = store.verify_bot(name, token);
          if (who && !who->owner && !kind.empty() && kind != who->bot_kind) {
            if (auto kept = store.set_bot_program(who->player_id, kind); !kept)
              spdlog::warn("sessions: the program of bot {} not kept: {}", who->name, kept.error().message);
            who->bot_kind = kind;
          }
          reply(std::move(who), "");
        });
    return;
  }
  // A guest's session token (the store keeps its hash, so it outlives a restart) gives the same
  // player back; an unknown or expired one is ignored and a new guest with a new session begins.
  if (h.token.empty()) return new_guest(sid, h.name, request_id);
  writer_.post([self = shared_from_this(), reply = answer_later(sid, request_id), sid, request_id, name = h.name,
                token = h.token](IdentityStore& store) {
    if (auto known = store.verify_session(token)) return reply(std::move(known), token);
    post_guarded(
        self->strand_, self, [sid, request_id, name](Sessions& s) { s.new_guest(sid, name, request_id); }, "sessions");
  });
}

std::function<void(Sessions::Verdict, std::string)> Sessions::answer_later(std::uint64_t sid,
                                                                           std::optional<std::int64_t> request_id) {
  return [self = shared_from_this(), sid, request_id](Verdict verdict, std::string token) {
    post_guarded(
        self->strand_, self,
        [sid, request_id, verdict = std::move(verdict), token = std::move(token)](Sessions& s) mutable {
          s.answer(sid, std::move(verdict), token, request_id);
        },
        "sessions");
  };
}

// Every new guest is a player row and a session row: an address may create
// `guests_per_address_per_hour` of them, refilled over the hour.
void Sessions::new_guest(std::uint64_t sid, std::string name, std::optional<std::int64_t> request_id) {
  Connection* conn = find(sid);
  if (!conn) return;
  if (!guest_quota_.take(conn->address, std::chrono::steady_clock::now())) {
    conn->hello_pending = false;
    if (const auto session = conn->session.lock())
      send_error(*session,
                 {ErrorCode::TooManyGuests,
                  "too many new guests from your address: sign in with the token you were given, or come back later"},
                 request_id);
    return;
  }
  writer_.post([reply = answer_later(sid, request_id), name = std::move(name)](IdentityStore& store) {
    auto guest = store.create_guest(name);
    if (!guest) return reply(std::move(guest), "");
    auto created = store.create_session(guest->player_id);
    if (!created) return reply(std::unexpected(created.error()), "");
    reply(std::move(guest), std::move(*created));
  });
}

void Sessions::answer(std::uint64_t sid, Verdict verdict, const std::string& token,
                      std::optional<std::int64_t> request_id) {
  Connection* conn = find(sid);
  if (!conn) return;
  conn->hello_pending = false;
  const auto session = conn->session.lock();
  if (!session) return;
  if (!verdict) return send_error(*session, {ErrorCode::AuthFailed, verdict.error().message}, request_id);
  conn->who = std::move(*verdict);
  conn->who->hints = conn->hints.value_or(!conn->who->bot);
  conn->who->seats = conn->who->bot ? conn->seats : 1;
  conn->routes->identify(*conn->who);
  session->authenticated();  // the hello deadline (net::Limits::hello_timeout) is met
  by_player_[conn->who->player_id].insert(sid);
  identified_(*conn, session, token);
}

std::shared_ptr<net::WsSession> Sessions::reach_connection(std::uint64_t session_id, table::TableId table) {
  Connection* conn = find(session_id);
  if (!conn) return {};
  auto session = conn->session.lock();
  if (session) conn->tables.insert(table);
  return session;
}

void Sessions::close_player(std::int64_t player_id) {
  const auto sessions = by_player_.find(player_id);
  if (sessions == by_player_.end()) return;
  for (const std::uint64_t sid : sessions->second)
    if (Connection* conn = find(sid)) {
      conn->routes->close_all();
      if (const auto session = conn->session.lock()) session->close();
    }
}

void Sessions::close_routes(std::int64_t player_id, table::TableId table) {
  const auto sessions = by_player_.find(player_id);
  if (sessions == by_player_.end()) return;
  for (const std::uint64_t sid : sessions->second)
    if (Connection* conn = find(sid)) conn->routes->close(table);
}

void Sessions::close_routes_to(table::TableId table) {
  for (auto& [id, conn] : conns_) conn.routes->close(table);
}

std::vector<std::int64_t> Sessions::bot_players() const {
  std::set<std::int64_t> bots;
  for (const auto& [id, conn] : conns_)
    if (conn.who && conn.who->bot) bots.insert(conn.who->player_id);
  return {bots.begin(), bots.end()};
}

void Sessions::send_to_bots(const std::string& text) {
  const auto shared = std::make_shared<const std::string>(text);
  for (const auto& [id, conn] : conns_)
    if (conn.who && conn.who->bot)
      if (const auto session = conn.session.lock()) session->send(shared);
}

void Sessions::send_to_player(std::int64_t player_id, const std::string& text) {
  const auto it = by_player_.find(player_id);
  if (it == by_player_.end()) return;
  const auto shared = std::make_shared<const std::string>(text);
  for (const std::uint64_t id : it->second)
    if (const auto conn = conns_.find(id); conn != conns_.end())
      if (const auto session = conn->second.session.lock()) session->send(shared);
}

void Sessions::start_purge() {
  post_guarded(
      strand_, shared_from_this(), [](Sessions& s) { s.purge_unused_guests(); }, "sessions");
}

void Sessions::schedule_purge(std::chrono::milliseconds after) {
  if (stopped_) return;
  purge_timer_.expires_after(after);
  purge_timer_.async_wait([weak = weak_from_this()](boost::system::error_code ec) {
    const auto self = weak.lock();
    if (!self || ec) return;
    post_guarded(
        self->strand_, self, [](Sessions& s) { s.purge_unused_guests(); }, "sessions");
  });
}

// Guests who played no game go `guest_unused_after` after their creation; whoever is online or
// sits at a live table now stays (the store also keeps those who signed in since its last purge).
void Sessions::purge_unused_guests() {
  if (stopped_) return;
  std::set<std::int64_t> keep = seated_();
  for (const auto& [player, sessions] : by_player_) keep.insert(player);
  const db::Timestamp now = db::now();
  writer_.post([keep = std::move(keep), now, before = now - limits_.guest_unused_after](IdentityStore& store) {
    if (const auto purged = store.purge_unused_guests(now, before, keep); !purged)
      spdlog::warn("sessions: unused guests not purged: {}", purged.error().message);
    else if (*purged > 0)
      spdlog::info("sessions: {} unused guest(s) purged", *purged);
  });
  schedule_purge(limits_.guest_purge_every);
}

void Sessions::stop() {
  stopped_ = true;
  purge_timer_.cancel();
  for (auto& [id, conn] : conns_) {
    conn.routes->close_all();
    if (const auto session = conn.session.lock()) session->close();
  }
}

}  // namespace skat::app
