// The one place that includes the generated commit header, so a new commit recompiles one file.
#include "cli/build_info.h"

#include "build_commit.h"

namespace skat::cli {

std::string_view build_commit() { return SKAT_BUILD_COMMIT; }

}  // namespace skat::cli
