// The confusable skeleton and the name key (common/confusables.h).
#include "common/confusables.h"

#include <unicode/uspoof.h>

#include <memory>
#include <vector>

#include "common/text_rules.h"

namespace skat::text {

namespace {

struct Closer {
  void operator()(USpoofChecker* checker) const { uspoof_close(checker); }
};

// One checker for the process: ICU's checks on an opened checker do not change it, and may run on
// several threads at once.
const USpoofChecker* checker() {
  static const std::unique_ptr<USpoofChecker, Closer> one = [] {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<USpoofChecker, Closer> c(uspoof_open(&status));
    if (U_FAILURE(status)) c.reset();
    return c;
  }();
  return one.get();
}

}  // namespace

std::string skeleton(std::string_view text) {
  const USpoofChecker* c = checker();
  if (!c || !valid_utf8(text)) return std::string(text);
  // A skeleton may be longer than its text (one character can map to several): ask for the size.
  std::vector<char> out(text.size() * 3 + 16);
  for (int attempt = 0; attempt < 2; ++attempt) {
    UErrorCode status = U_ZERO_ERROR;
    const int32_t n = uspoof_getSkeletonUTF8(c, 0, text.data(), static_cast<int32_t>(text.size()), out.data(),
                                             static_cast<int32_t>(out.size()), &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
      out.resize(static_cast<std::size_t>(n) + 1);
      continue;
    }
    if (U_FAILURE(status)) return std::string(text);
    return std::string(out.data(), static_cast<std::size_t>(n));
  }
  return std::string(text);
}

// Compatibility forms first (the skeleton maps a full-width hyphen elsewhere than "-"), then the
// skeleton, then the case fold (before it, a capital Greek Eta looks like "H"; after it, like "n").
std::string name_key(std::string_view name) { return fold(skeleton(compatible(name))); }

}  // namespace skat::text
