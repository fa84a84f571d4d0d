// The one place that turns a bot description into a Player: the kind ("random", "simple", "rule",
// "pimc" = PIMC card play with the simple bidding, "full" = the complete bot with winning tables)
// and its settings, written as `kind[:key=value,...]` (e.g. `full:worlds=20,tables=t.wtab`) on
// command lines, in tournaments and by the bot client. Parsing validates every key and bound and
// loads the tables a full bot names (once per file; bots share them). Two more forms name a bot
// that is not built in: `account:NAME` (a player's bot account, which plays through the server only)
// and `program:CMD ARGS` (an outside program speaking the line protocol of docs/bots.md, run by
// skat_bridge in in-process tournaments and by `skat bot --program`).
#pragma once

#include <chrono>
#include <cstdint>
#include <expected>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bots/pimc/pimc_player.h"
#include "bots/player.h"
#include "bots/table_bot/table_player.h"
#include "bots/tables/winning_table.h"

namespace skat::bots {

struct BotSpec {
  std::string kind = "simple";
  int worlds = 20;                         // pimc: worlds per card decision
  std::chrono::milliseconds budget{3000};  // pimc: time per card decision (kept below the 5 s clock)
  int tt_mib = 16;                         // pimc: solver table memory (per thread)
  int threads = 1;                         // pimc: worker threads per card decision
  int kilonodes = 0;                       // pimc: solver nodes per world, thousands (0: no limit)
  bool stop = false;                       // pimc: race the cards, stop when the best is clear
  int void_weight = 100;  // pimc: a defender's world weighed by this (percent) per void of the declarer's
  std::string tables = std::string(kDefaultTables);  // full: winning tables file, or a folder of versions
  std::string putting = "rules";     // full: rules (hard rules + soft score), vonstegen, kinback, winprob
  std::string nullback = "pattern";  // full: a thin null bucket falls back on its pattern, or its type and pattern
  std::string null_w = "tables";     // full: null games' W from the null table, or the open-card null model
  int null_gate = 30;                // full, null=model: the null table's W (percent) from which the model is asked
  // full: what a lost game costs the declarer: his own score (own), also the defenders' 40 in the game
  // choice and card play (table), or in the game choice only (choice)
  std::string payoff = "own";
  std::string infer = "count";  // pimc, full: how worlds are drawn: none, count, ki, learned, learned-ki
  std::string declarer_infer;   // pimc, full: how they are drawn when declarer (empty: as `infer`)
  std::string model = std::string(kDefaultModel);  // the learned model's file (infer=learned, learned-ki)
  std::string ki = std::string(kDefaultKermit);    // the KI tables' file (infer=ki, learned-ki)
  std::string account;                             // account: the bot account's name (1..32 bytes, verbatim)
  std::string program;  // program: the command line (1..1024 bytes, verbatim; run by /bin/sh)

  static constexpr std::string_view kDefaultTables = "tables/base-1m.wtab";
  static constexpr std::string_view kDefaultModel = "tables/inference.bin";
  static constexpr std::string_view kDefaultKermit = "tables/ki.bin";
  static constexpr std::size_t kMaxAccountBytes = 32;
  static constexpr std::size_t kMaxProgramBytes = 1024;

  // The canonical text form (every setting of the kind, in a fixed order).
  std::string describe() const;
};

// The built-in programs a spec may name (besides `account:NAME` and `program:CMD ARGS`).
inline constexpr std::string_view kBotKinds[] = {"random", "simple", "rule", "pimc", "full"};

// The spec's form for command-line help: every kind of kBotKinds and the settings of each.
inline constexpr std::string_view kBotSpecHelp =
    "kind[:key=value,...], kinds random, simple, rule, "
    "pimc[:worlds=N,budget=MS,tt=MIB,threads=N,nodes=K,stop=0|1,"
    "infer=none|count|ki|learned|learned-ki,declarer-infer=INFER,model=FILE,ki=FILE,voidweight=100..1000], "
    "full[:worlds=N,budget=MS,tt=MIB,threads=N,nodes=K,stop=0|1,"
    "infer=none|count|ki|learned|learned-ki,declarer-infer=INFER,model=FILE,ki=FILE,voidweight=100..1000,"
    "tables=FILE|DIR,putting=rules|vonstegen|kinback|winprob,nullback=pattern|type,null=tables|model,"
    "nullgate=0..100,payoff=own|table|choice]; "
    "in-process tournaments also program:CMD ARGS (an outside program, docs/bots.md)";

// Parses `kind[:key=value,...]`; keys for pimc and full: worlds (1..1000), budget (ms, 1..60000),
// tt (MiB per thread, 1..64), threads (1..16), nodes (the solver nodes one world may take, in
// thousands, 1..1000000; default none) and stop (1: race the cards and stop once the best is clear;
// default 0), infer (how the hidden cards' worlds are drawn: none uniformly, count weighted by the
// bids (default), ki by Kermit's tables of bids and declarations over hand features, learned by the
// card-location model, learned-ki by both: the model's draw weighted by KI), declarer-infer (one of those, used
// instead of infer's when the bot is the declarer; default: infer's), model (that model's file, default
// tables/inference.bin, loaded here), ki (the KI tables' file, default tables/ki.bin, loaded here) and voidweight
// (100..1000, default 100: a defender's world weighed by that percent per void of the declarer's); for full also
// tables (a table file, text or binary, loaded here), putting (rules, vonstegen, kinback, winprob: how the skat is
// put), nullback (pattern, type: what a thin null bucket falls back on, NullBackground), null (tables,
// model: null games' W from the null table or the open-card null model), nullgate (0..100, default 30:
// the null table's W in percent from which null=model asks the model) and payoff (own, table, choice).
// `load_tables` false only checks the form (a server naming bots that run elsewhere). `account:NAME` and
// `program:CMD ARGS` take the text after the colon verbatim (no settings).
std::expected<BotSpec, std::string> parse_bot_spec(std::string_view text, bool load_tables = true);

// The card-play settings of a pimc or full spec.
PimcSettings pimc_settings(const BotSpec& spec);
// A full bot's settings but its tables and announcements (table_player.h).
TablePlayerSettings table_player_settings(const BotSpec& spec);

// A fresh player of this spec, deterministic for the seed when put on work budgets
// (Player::use_work_budgets: tournaments, self-play) or when its time budget is not reached.
// Throws std::invalid_argument for `account:` (it plays through the server only) and `program:`
// (skat_bridge makes those players: bridge/program_player.h).
std::unique_ptr<Player> make_player(const BotSpec& spec, std::uint64_t seed);
// The same player for auctions only (the KI tables' data): a full bot declares its hand games
// without the announcements' solver search (the game type and hand flag stay as they would be).
std::unique_ptr<Player> make_auction_player(const BotSpec& spec, std::uint64_t seed);

// The table file `tables` (a spec's setting) names now: the file itself, or for a folder (the
// bot with outer learning) its newest version, the *.wtab name that sorts last (the nightly job
// writes v000001.wtab, v000002.wtab, …). A player made later picks up a newer version.
std::expected<std::string, std::string> current_tables_file(const std::string& tables);

// The data files a player of this spec loads now: the table file of a full bot
// (current_tables_file), the learned model and the KI tables when the spec infers with them; none
// for the other kinds. An
// outside program's (`program:`) files are its own and not named.
std::expected<std::vector<std::string>, std::string> spec_data_files(const BotSpec& spec);

// The tables in `path`, loaded on first use and shared afterwards (thread-safe); one copy per
// null background (TableSet::set_null_background).
std::expected<std::shared_ptr<const TableSet>, std::string> shared_tables(
    const std::string& path, NullBackground null_background = NullBackground::Pattern);

}  // namespace skat::bots
