// The process's limit on open file descriptors (RLIMIT_NOFILE), which bounds how many connections
// the server can really hold: raising the soft limit toward what the connection cap needs.
#pragma once

#include <cstdint>

namespace skat::net {

struct DescriptorLimit {
  std::uint64_t soft = 0;
  std::uint64_t hard = 0;
};

// Raises the soft limit to `wanted` (no further than the hard limit) when it is lower, and returns
// the limits in force afterwards.
DescriptorLimit raise_descriptor_limit(std::uint64_t wanted);

}  // namespace skat::net
