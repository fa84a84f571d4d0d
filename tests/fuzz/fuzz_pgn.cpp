// libFuzzer target for the series PGN reader: any input must read without crashing, every game
// read must replay without crashing, and a series that reads cleanly must survive write → read
// → write unchanged (same model, same text). Aborts otherwise.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "engine/records/pgn.h"
#include "engine/records/replay.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  (void)skat::detect_format(input);
  const skat::PgnReadResult first = skat::read_pgn(input);
  for (const skat::PgnGame& g : first.series.games) (void)skat::replay_pgn(g);
  (void)skat::pgn_series_result(first.series.games);
  if (!first.ok()) return 0;

  const std::string written = skat::write_pgn(first.series);
  const skat::PgnReadResult second = skat::read_pgn(written);
  if (!second.ok() || !(second.series == first.series) || skat::write_pgn(second.series) != written) std::abort();
  return 0;
}
