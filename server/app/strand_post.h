// Posting work onto a strand the way the app layer does it everywhere: the object stays alive
// until its job ran, and an exception from the job is logged, never thrown into Asio.
#pragma once

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <exception>
#include <memory>
#include <string>
#include <utility>

namespace skat::app {

// Runs f(*self) on `strand`; `what` names the owner in the log line of a failed job.
template <class Strand, class Self, class F>
void post_guarded(const Strand& strand, std::shared_ptr<Self> self, F f, std::string what) {
  boost::asio::post(strand, [self = std::move(self), f = std::move(f), what = std::move(what)]() mutable {
    try {
      f(*self);
    } catch (const std::exception& e) {
      spdlog::error("{}: {}", what, e.what());
    }
  });
}

}  // namespace skat::app
