// Helpers for the table tests: a table with injected deals, three seated participants, a
// driver that lets SimplePlayers answer every act request through the JSON protocol (exactly
// what networked bots do; a test may choose some answers itself), and the no-leak check of
// outbound messages.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bots/simple_player.h"
#include "common/csprng.h"
#include "engine/seat_view.h"
#include "protocol/client_messages.h"
#include "protocol/json_codec.h"
#include "server/table/table.h"

namespace skat::table::test {

using namespace std::chrono_literals;
using protocol::Json;

inline TimePoint t0() { return TimePoint{} + std::chrono::hours(24 * 365 * 55); }

inline DealSource seeded_deals(std::uint64_t seed) {
  auto rng = std::make_shared<Csprng>(Csprng::from_seed(seed));
  return [rng](int) { return uniform_below(*rng, kNumDeals); };
}

inline Participant person(std::int64_t id, std::string name, bool bot = false) {
  return Participant{id, std::move(name), bot, bot ? "simple" : ""};
}

inline std::vector<Json> messages_for(const TableOutput& out, int audience) {
  std::vector<Json> r;
  for (const Outbound& m : out.messages)
    if (m.audience == audience || m.audience == kAllSeats) r.push_back(m.json());
  return r;
}

inline std::optional<Json> last_of_type(const TableOutput& out, int audience, std::string_view type) {
  std::optional<Json> found;
  for (const Json& m : messages_for(out, audience))
    if (m.value("type", "") == type) found = m;
  return found;
}

// Every two-letter string anywhere in `j` that is a card name.
inline void collect_cards(const Json& j, CardSet& cards) {
  if (j.is_string()) {
    const auto& s = j.get_ref<const std::string&>();
    if (s.size() == 2)
      if (auto c = parse_card(s)) cards.add(*c);
  } else if (j.is_structured()) {
    for (const auto& item : j) collect_cards(item, cards);
  }
}

// What an audience (seat 0..2 or spectators) may know of a game.
inline CardSet allowed_cards(const Game& game, int game_index, int audience) {
  if (audience >= 0 && audience <= 2) return visible_cards(seat_view(game, ((audience - game_index % 3) + 3) % 3));
  SeatView v = seat_view(game, 0);
  v.hand = v.skat = v.discard = CardSet{};
  v.legal.clear();
  std::erase_if(v.history, [](const Action& a) { return a.kind == ActionKind::Discard; });
  return visible_cards(v);
}

// Checks every message of one call: the cards it names must be visible to its audience in the
// game it belongs to. Returns the number of messages checked.
inline int check_no_leak(const Table& table, const TableOutput& out, const std::vector<FinishedGame>& earlier = {}) {
  std::map<int, const Game*> games;
  for (const FinishedGame& g : earlier) games[g.game_index] = &g.game;
  for (const FinishedGame& g : out.games) games[g.game_index] = &g.game;
  if (table.game()) games[table.games_played()] = table.game();
  int checked = 0;
  for (const Outbound& m : out.messages) {
    CardSet cards;
    collect_cards(m.json(), cards);
    ++checked;
    if (cards.empty()) continue;
    const Json message = m.json();
    const int game = message.value("game", -1);
    const auto it = games.find(game);
    EXPECT_NE(it, games.end()) << "cards in a message without its game: " << message.dump();
    if (it == games.end()) continue;
    const std::vector<int> audiences =
        m.audience == kAllSeats ? std::vector<int>{0, 1, 2, 3} : std::vector<int>{m.audience};
    // Once the game is over its result opens the skat and the put cards to everyone.
    const CardSet opened =
        message.value("type", "") == "game_result" ? it->second->deal().skat | it->second->discard() : CardSet{};
    for (int a : audiences) {
      const CardSet leaked = cards - allowed_cards(*it->second, game, a) - opened;
      EXPECT_TRUE(leaked.empty()) << "audience " << a << " sees " << card_names(leaked) << " in " << message.dump();
    }
  }
  return checked;
}

// SeatView has no usable operator== (CompletedTrick defines none): compare field by field.
inline bool same_view(const SeatView& a, const SeatView& b) {
  const auto same_tricks = [](const std::vector<CompletedTrick>& x, const std::vector<CompletedTrick>& y) {
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i)
      if (x[i].cards != y[i].cards || x[i].leader != y[i].leader || x[i].winner != y[i].winner ||
          x[i].points != y[i].points)
        return false;
    return true;
  };
  return a.pos == b.pos && a.phase == b.phase && a.to_act == b.to_act && a.hand == b.hand &&
         a.current_bid == b.current_bid && a.bids == b.bids && a.declarer == b.declarer && a.bid == b.bid &&
         a.picked_up == b.picked_up && a.declaration == b.declaration && a.skat == b.skat && a.discard == b.discard &&
         a.ouvert_cards == b.ouvert_cards && a.history == b.history && same_tricks(a.tricks, b.tricks) &&
         a.current_trick == b.current_trick && a.trick_leader == b.trick_leader && a.conceded == b.conceded &&
         a.legal == b.legal && a.kontra_allowed == b.kontra_allowed && a.doubling == b.doubling &&
         a.kontra_by == b.kontra_by;
}

// Plays the table with one SimplePlayer per seat, answering act requests through JSON.
class BotDriver {
 public:
  explicit BotDriver(std::uint64_t seed) {
    for (std::uint64_t s = 0; s < 3; ++s) players_.push_back(std::make_unique<bots::SimplePlayer>(seed * 7 + s));
  }

  // Feeds `out` (checked for leaks) and answers act requests until none is left.
  void run(Table& table, TableOutput out, TimePoint& now) {
    for (int steps = 0; steps < 100000; ++steps) {
      messages_ += check_no_leak(table, out);
      sent_.insert(sent_.end(), out.messages.begin(), out.messages.end());
      absorb(out);
      std::optional<Json> act;
      for (const Outbound& m : out.messages)
        if (const Json j = m.json(); j.value("type", "") == "act") act = j;
      if (!act) return;
      const int seat = (*act)["seat"].get<int>();
      auto view = protocol::seat_view_from_json((*act)["view"]);
      ASSERT_TRUE(view.has_value()) << view.error().message;
      ASSERT_TRUE(same_view(*view, *table.view(seat))) << "the JSON view differs from the table's view";
      std::optional<Action> chosen = choose ? choose(seat, *view) : std::nullopt;
      const Action a = chosen ? *chosen : players_[static_cast<std::size_t>(seat)]->decide(*view);
      Json request = protocol::action_to_json(a);
      request.erase("pos");
      request["table"] = table.id();
      auto parsed = protocol::parse_client_message(request.dump());
      ASSERT_TRUE(parsed.has_value()) << parsed.error().message;
      now += 100ms;
      const auto* command = protocol::body_as<protocol::GameCommand>(parsed->body);
      ASSERT_NE(command, nullptr);
      out = table.command(seat, *command, now, parsed->id);
      for (const Outbound& m : out.messages) ASSERT_NE(m.json().value("type", ""), "error") << m.json().dump();
    }
    FAIL() << "the table did not finish";
  }

  void absorb(TableOutput& out) {
    for (auto& g : out.games) games_.push_back(std::move(g));
    if (out.series) series_.push_back(std::move(*out.series));
    out.games.clear();
    out.series.reset();
  }

  // When set, asked first for each answer (seat, its view); an action it returns is sent instead
  // of the bot's (e.g. scripted auctions).
  std::function<std::optional<Action>(int seat, const SeatView& view)> choose;
  std::vector<FinishedGame> games_;
  std::vector<FinishedSeries> series_;
  int messages_ = 0;
  std::vector<Outbound> sent_;  // every message the table sent, in order

 private:
  std::vector<std::unique_ptr<bots::Player>> players_;
};

// A table with three seated players and a started series (output of the start).
inline TableOutput seat_three_and_start(Table& table, TimePoint now, bool bots = false) {
  for (int s = 0; s < 3; ++s) {
    std::string name = "p";
    name += std::to_string(s + 1);
    auto r = table.sit(s, person(s + 1, name, bots), now);
    EXPECT_TRUE(r.has_value());
  }
  auto started = table.start_series(0, now);
  EXPECT_TRUE(started.has_value());
  return started ? std::move(*started) : TableOutput{};
}

}  // namespace skat::table::test
