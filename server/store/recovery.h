// What becomes of the series a previous process (or a node gone silent) left running: closed as
// aborted, finished when every deal was stored, or resumed at a fresh table of the same id.
#pragma once

#include <string>
#include <vector>

#include "server/table/table_types.h"

namespace skat::app {

// A series to go on at a fresh table of the same id.
struct UnfinishedSeries {
  table::TableId table = 0;
  int deals = 36;
  std::string event;
  std::string private_key;  // the table's, when it is private (hub.cpp: TableHooks)
  bool kontra = false;      // the table plays with Kontra and Re
  table::SeriesSoFar so_far;
};

struct Recovery {
  int aborted = 0;    // closed as aborted: tournament tables, records that cannot go on
  int completed = 0;  // every deal was stored already: finished now
  std::vector<UnfinishedSeries> resumable;
};

}  // namespace skat::app
