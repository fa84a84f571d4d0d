// Posting work onto a strand the way the app layer does it everywhere: the object stays alive
// until its job ran, and an exception from the job is logged, never thrown into Asio.
#pragma once

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <utility>

namespace skat::app {

// Runs f(*self) on `strand`; `owner` (and its `id`, if any) name it in the log line of a failed
// job. Nothing is formatted unless a job fails: this runs for every message a table receives.
template <class Strand, class Self, class F>
void post_guarded(const Strand& strand, std::shared_ptr<Self> self, F f, const char* owner,
                  std::optional<std::int64_t> id = std::nullopt) {
  boost::asio::post(strand, [self = std::move(self), f = std::move(f), owner, id]() mutable {
    try {
      f(*self);
    } catch (const std::exception& e) {
      if (id)
        spdlog::error("{} {}: {}", owner, *id, e.what());
      else
        spdlog::error("{}: {}", owner, e.what());
    }
  });
}

}  // namespace skat::app
