// The replies of ended series kept in memory: a finished or aborted series' replay JSON
// (/api/series/{id}/games), PGN and SGF never change, so the API serves them from here instead of
// reading and replaying the series again; nor does the analysis of a stored (so finished) game
// (/api/series/{id}/games/{n}/analysis), kept here too, by its game, also while the series runs. Least recently used
// first out, bounded by the bytes of the bodies held; a body larger than the whole bound is not kept. Only ended series
// may be put here (a running one gains games). Thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>

namespace skat::app {

class SeriesCache {
 public:
  enum class Form : std::uint8_t { Games, Pgn, Sgf, Analysis };

  explicit SeriesCache(std::size_t max_bytes) : max_bytes_(max_bytes) {}

  // `game`: the game's index, for the analysis (0 for the series' forms).
  std::shared_ptr<const std::string> find(std::int64_t series, Form form, int game = 0);
  void put(std::int64_t series, Form form, std::string body, int game = 0);
  std::size_t bytes() const;
  std::size_t entries() const;

 private:
  using Key = std::tuple<std::int64_t, Form, int>;
  struct Entry {
    Key key;
    std::shared_ptr<const std::string> body;
  };

  std::size_t max_bytes_;
  mutable std::mutex mutex_;
  std::list<Entry> order_;  // most recently used first
  std::map<Key, std::list<Entry>::iterator> index_;
  std::size_t bytes_ = 0;
};

}  // namespace skat::app
