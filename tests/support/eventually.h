// Waiting in tests for something another thread or process does: poll a condition until it holds
// or a generous limit passes. Tests never depend on speed otherwise.
#pragma once

#include <chrono>
#include <thread>

namespace skat::test {

template <class F>
bool eventually(F ready, std::chrono::milliseconds limit,
                std::chrono::milliseconds poll = std::chrono::milliseconds(20)) {
  const auto end = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < end) {
    if (ready()) return true;
    std::this_thread::sleep_for(poll);
  }
  return ready();
}

}  // namespace skat::test
