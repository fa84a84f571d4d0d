// libFuzzer target for the ISS SGF reader: any input must read without crashing, every game read
// must replay without crashing, and lines that read cleanly must survive write → read → write
// unchanged (same model, same text). Aborts otherwise.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "engine/records/replay.h"
#include "engine/records/sgf.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  (void)skat::detect_format(input);
  const skat::SgfReadResult first = skat::read_sgf(input);
  for (const skat::SgfGame& g : first.games) (void)skat::replay_sgf(g);
  if (!first.ok()) return 0;

  const std::string written = skat::write_sgf(first.games);
  const skat::SgfReadResult second = skat::read_sgf(written);
  if (!second.ok() || second.games != first.games || skat::write_sgf(second.games) != written) std::abort();
  return 0;
}
