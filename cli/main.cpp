// Entry point of the `skat` executable: everything happens in the subcommands (command.h).
#include "cli/command.h"

int main(int argc, char** argv) { return skat::cli::run_cli(argc, argv); }
