// `skat tables generate`: the fast generator of winning-table games (bots/table_bot/
// table_generator.h) in resumable blocks, written as one table file.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <memory>

namespace skat::cli {

// Adds the subcommand to `tables`; its callback stores the command to run in `selected`.
void add_tables_generate(CLI::App& tables, const std::shared_ptr<std::function<int()>>& selected);

}  // namespace skat::cli
