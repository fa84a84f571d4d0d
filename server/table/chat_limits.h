// The chat bounds of one table: a rate per player (all the player's connections and seats share
// it) and, per game, a cap on the lines and bytes that go into the game's record. Pure arithmetic
// on the time passed in.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>

#include "server/table/table_types.h"

namespace skat::table {

// Per player: a burst of kChatBurst lines, then one line every kChatRefill.
inline constexpr int kChatBurst = 5;
inline constexpr std::chrono::seconds kChatRefill{2};
// Per game: at most this many lines and bytes of chat (the game's record keeps all of them).
inline constexpr int kMaxChatLinesPerGame = 100;
inline constexpr std::size_t kMaxChatBytesPerGame = 16 * 1024;

class ChatLimits {
 public:
  enum class Verdict { Ok, TooFast, GameFull };

  // Whether `player` may say `bytes` now (in a game when `in_game`); counts the line when it may.
  Verdict take(std::int64_t player, std::size_t bytes, bool in_game, TimePoint now) {
    // An allowance full again is as good as none: the map holds the recent chatters only.
    std::erase_if(players_, [&](const auto& e) { return now - e.second.last >= kChatRefill * kChatBurst; });
    Allowance& a = players_[player];
    if (!a.seen) a = Allowance{true, kChatBurst, now};
    const double refilled =
        std::chrono::duration<double>(now - a.last).count() / std::chrono::duration<double>(kChatRefill).count();
    a.tokens = std::min<double>(kChatBurst, a.tokens + std::max(0.0, refilled));
    a.last = std::max(a.last, now);
    if (a.tokens < 1.0) return Verdict::TooFast;
    if (in_game && (game_lines_ >= kMaxChatLinesPerGame || game_bytes_ + bytes > kMaxChatBytesPerGame))
      return Verdict::GameFull;
    a.tokens -= 1.0;
    if (in_game) {
      ++game_lines_;
      game_bytes_ += bytes;
    }
    return Verdict::Ok;
  }
  // A new game begins: its chat starts empty.
  void new_game() {
    game_lines_ = 0;
    game_bytes_ = 0;
  }

 private:
  struct Allowance {
    bool seen = false;
    double tokens = 0;
    TimePoint last{};
  };
  std::map<std::int64_t, Allowance> players_;
  int game_lines_ = 0;
  std::size_t game_bytes_ = 0;
};

}  // namespace skat::table
