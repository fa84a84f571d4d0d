// What this binary was built from: the commit of the source tree (cmake/build_commit.cmake writes
// it at every build), "-dirty" appended when tracked files had changes, "unknown" without git.
#pragma once

#include <string_view>

namespace skat::cli {

std::string_view build_commit();

}  // namespace skat::cli
