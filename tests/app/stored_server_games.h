// Server games with chosen auctions, stored as the server stores them: a table of the SQLite
// store driven through the JSON protocol by table::test::BotDriver, each finished game saved by
// DatabaseStore::save_game. The auction of each game is a script (ISS SGF move words, so jump bids,
// holds and passes come in any order wanted) or, for the games after the scripts, seeded random
// legal calls; the SimplePlayers play the rest of each game.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "engine/records/sgf.h"
#include "server/store/database_store.h"
#include "tests/server/table_test_support.h"

namespace skat::app::test {

// "1 18 0 y 1 p 2 p" → MH bids 18, FH holds, MH passes, RH passes (positions 0 FH, 1 MH, 2 RH).
inline std::vector<Action> calls(std::string_view iss_moves) {
  std::vector<std::string> words;
  std::size_t start = 0;
  while (start < iss_moves.size()) {
    const std::size_t end = std::min(iss_moves.find(' ', start), iss_moves.size());
    if (end > start) words.emplace_back(iss_moves.substr(start, end - start));
    start = end + 1;
  }
  std::vector<Action> out;
  for (std::size_t i = 0; i + 1 < words.size(); i += 2) {
    const auto m = parse_sgf_move(words[i], words[i + 1]);
    if (!m) throw std::runtime_error("not a move: " + words[i] + " " + words[i + 1]);
    if (m->kind == SgfMoveKind::Bid) out.push_back(Action::make_bid(m->who, m->value));
    if (m->kind == SgfMoveKind::Hold) out.push_back(Action::hold(m->who));
    if (m->kind == SgfMoveKind::Pass) out.push_back(Action::pass(m->who));
  }
  return out;
}

inline bool is_call(const Action& a) {
  return a.kind == ActionKind::Bid || a.kind == ActionKind::Hold || a.kind == ActionKind::Pass;
}

// The bids, holds and passes of a game, in order.
inline std::vector<Action> auction_of(const Game& game) {
  std::vector<Action> out;
  for (const Action& a : game.history())
    if (is_call(a)) out.push_back(a);
  return out;
}

// The bids, holds and passes of an ISS line, in order.
inline std::vector<Action> auction_of(const SgfGame& line) {
  std::vector<Action> out;
  for (const SgfMove& m : line.moves) {
    if (m.kind == SgfMoveKind::Bid) out.push_back(Action::make_bid(m.who, m.value));
    if (m.kind == SgfMoveKind::Hold) out.push_back(Action::hold(m.who));
    if (m.kind == SgfMoveKind::Pass) out.push_back(Action::pass(m.who));
  }
  return out;
}

// "1 18 0 y …" of a list of calls, for messages.
inline std::string text_of(const std::vector<Action>& auction) {
  std::string s;
  for (const Action& a : auction) {
    if (!s.empty()) s += ' ';
    s += std::to_string(a.pos) + ' ' +
         (a.kind == ActionKind::Bid    ? std::to_string(a.bid)
          : a.kind == ActionKind::Hold ? std::string("y")
                                       : std::string("p"));
  }
  return s;
}

// Long auctions with jump bids, holds and passes in every order: each position passing first,
// second and last, holding and passing, a fold, forehand alone, the highest bid, declarers in every
// position.
inline std::vector<std::vector<Action>> scripted_auctions() {
  std::vector<std::vector<Action>> out;
  for (const char* s : {
           "1 18 0 y 1 20 0 y 1 22 0 y 1 23 0 p 2 p",                             // MH at 23; FH held up to 22
           "1 18 0 y 1 20 0 y 1 22 0 y 1 23 0 y 1 p 2 p",                         // FH at 23 by holding
           "1 30 0 p 2 p",                                                        // one jump bid
           "1 18 0 y 1 27 0 y 1 48 0 p 2 50 1 y 2 p",                             // jumps, MH holds RH
           "1 p 2 p 0 18",                                                        // forehand alone
           "1 p 2 p 0 p",                                                         // folded
           "1 p 2 18 0 y 2 20 0 y 2 24 0 y 2 p",                                  // RH to FH, FH holds
           "1 18 0 p 2 20 1 y 2 22 1 y 2 33 1 p",                                 // RH jumps past MH
           "1 20 0 y 1 p 2 22 0 y 2 24 0 y 2 p",                                  // MH passes after a hold
           "1 264 0 y 1 p 2 p",                                                   // the highest bid, held
           "1 p 2 18 0 p",                                                        // RH at 18
           "1 p 2 20 0 y 2 p",                                                    // FH holds RH's jump
           "1 18 0 y 1 p 2 p",                                                    // FH at 18
           "1 22 0 y 1 23 0 y 1 24 0 y 1 p 2 27 0 y 2 30 0 y 2 36 0 y 2 40 0 p",  // RH at 40
           "1 18 0 p 2 p",                                                        // MH at 18
           "1 p 2 23 0 y 2 p",                                                    // RH jumps, FH holds
           "1 40 0 y 1 59 0 y 1 p 2 60 0 y 2 72 0 p",                             // big jumps, RH at 72
       })
    out.push_back(calls(s));
  return out;
}

// A seeded random legal call: mostly the lowest bid or a jump of up to ten values, holds more
// often than passes, so that auctions run long.
class RandomAuction {
 public:
  explicit RandomAuction(std::uint64_t seed) : gen_(seed) {}

  Action call(const SeatView& view) {
    std::vector<Action> bids;
    std::optional<Action> hold, pass;
    for (const Action& a : view.legal) {
      if (a.kind == ActionKind::Bid) bids.push_back(a);
      if (a.kind == ActionKind::Hold) hold = a;
      if (a.kind == ActionKind::Pass) pass = a;
    }
    if (hold && pass) return below(100) < 75 ? *hold : *pass;
    if (bids.empty() || (pass && below(100) < 25)) return *pass;
    if (below(100) < 60) return bids.front();
    return bids[below(std::min<std::size_t>(bids.size(), 10))];
  }

 private:
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(uniform_below(gen_, n)); }
  std::mt19937_64 gen_;
};

struct PlayedSeries {
  table::TableId table = 0;
  std::vector<table::FinishedGame> games;  // as the table handed them to the store
};

// One finished series at a new table of `store`: a game per script, then `random_games` games with
// random auctions, every game and the series saved as the server saves them. Seats: three guests named prefix-ann,
// -bob, -cid.
inline PlayedSeries play_and_store(DatabaseStore& store, const std::vector<std::vector<Action>>& scripts,
                                   int random_games, std::uint64_t seed, const std::string& prefix) {
  table::TableConfig config;
  config.deals = static_cast<int>(scripts.size()) + random_games;
  config.event = "Auctions";
  config.deal_source = table::test::seeded_deals(seed);
  PlayedSeries p;
  p.table = store.create_table(config, {}).value();
  table::Table t(p.table, config);
  table::TimePoint now = table::test::t0();
  int seat = 0;
  for (const char* name : {"-ann", "-bob", "-cid"}) {
    const Identity who = store.create_guest(prefix + name).value();
    EXPECT_TRUE(t.sit(seat++, table::Participant{who.player_id, who.name, false, ""}, now));
  }
  table::test::BotDriver driver(seed);
  RandomAuction random(seed);
  driver.choose = [&](int, const SeatView& view) -> std::optional<Action> {
    if (view.phase != Phase::Bidding) return std::nullopt;
    const std::size_t game = driver.games_.size();  // finished games are taken before each answer
    if (game >= scripts.size()) return random.call(view);
    const std::vector<Action>& script = scripts[game];
    const std::size_t k = view.history.size();  // the calls so far
    if (k >= script.size()) {
      ADD_FAILURE() << "game " << game << ": the script " << text_of(script) << " ends before the auction";
      return std::nullopt;
    }
    EXPECT_EQ(script[k].pos, view.pos) << "game " << game << ": call " << k + 1 << " of " << text_of(script);
    return script[k];
  };
  driver.run(t, t.start_series(0, now).value(), now);
  p.games = std::move(driver.games_);
  for (const table::FinishedGame& g : p.games) {
    const auto saved = store.save_game(g);
    EXPECT_TRUE(saved) << saved.error().message;
  }
  EXPECT_EQ(driver.series_.size(), 1u);
  for (const table::FinishedSeries& s : driver.series_) {
    const auto saved = store.save_series(s);
    EXPECT_TRUE(saved) << saved.error().message;
  }
  return p;
}

}  // namespace skat::app::test
