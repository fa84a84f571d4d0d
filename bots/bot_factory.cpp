#include "bots/bot_factory.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include "bots/inference/kermit_tables.h"
#include "bots/inference/location_model.h"
#include "bots/pimc/pimc_player.h"
#include "bots/random_player.h"
#include "bots/rule_player.h"
#include "bots/shared_files.h"
#include "bots/simple_player.h"
#include "bots/table_bot/table_player.h"
#include "bots/tables/table_files.h"

namespace skat::bots {

namespace {

bool searches(const BotSpec& spec) { return spec.kind == "pimc" || spec.kind == "full"; }

// Whether the spec draws worlds from the learned model, or weighs them by the KI tables, in any role.
bool infers_learned(const BotSpec& spec) {
  return std::ranges::any_of(std::array<std::string_view, 2>{spec.infer, spec.declarer_infer},
                             [](std::string_view i) { return i == "learned" || i == "learned-ki"; });
}
bool infers_ki(const BotSpec& spec) {
  return std::ranges::any_of(std::array<std::string_view, 2>{spec.infer, spec.declarer_infer},
                             [](std::string_view i) { return i == "ki" || i == "learned-ki"; });
}

// Whether the declarer draws by another inference than `infer` (declarer-infer set and different).
bool declarer_infers_apart(const BotSpec& spec) {
  return !spec.declarer_infer.empty() && spec.declarer_infer != spec.infer;
}

std::optional<Inference> inference_named(std::string_view name) {
  if (name == "none") return Inference::None;
  if (name == "count") return Inference::Count;
  if (name == "ki") return Inference::Kermit;
  if (name == "learned") return Inference::Learned;
  if (name == "learned-ki") return Inference::LearnedKermit;
  return std::nullopt;
}

NullBackground null_background(const BotSpec& spec) {
  return spec.nullback == "type" ? NullBackground::TypeAndPattern : NullBackground::Pattern;
}

std::optional<putting::PuttingMethod> putting_method(std::string_view name) {
  if (name == "rules") return putting::PuttingMethod::Rules;
  if (name == "vonstegen") return putting::PuttingMethod::VonStegen;
  if (name == "kinback") return putting::PuttingMethod::Kinback;
  if (name == "winprob") return putting::PuttingMethod::WinProbability;
  return std::nullopt;
}

std::expected<int, std::string> parse_int(std::string_view key, std::string_view value, int lo, int hi) {
  int v = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  if (ec != std::errc{} || end != value.data() + value.size() || v < lo || v > hi)
    return std::unexpected("bot setting '" + std::string(key) + "' must be an integer in " + std::to_string(lo) + ".." +
                           std::to_string(hi));
  return v;
}

// One `key=value` of a spec.
std::expected<void, std::string> apply_setting(BotSpec& spec, std::string_view item) {
  const auto eq = item.find('=');
  if (eq == std::string_view::npos) return std::unexpected("bot setting '" + std::string(item) + "' needs key=value");
  if (!searches(spec)) return std::unexpected("bot kind '" + spec.kind + "' takes no settings");
  const std::string_view key = item.substr(0, eq), value = item.substr(eq + 1);
  auto number = [&](int lo, int hi, auto&& set) -> std::expected<void, std::string> {
    auto v = parse_int(key, value, lo, hi);
    if (!v) return std::unexpected(v.error());
    set(*v);
    return {};
  };
  if (key == "worlds") return number(1, 1000, [&](int v) { spec.worlds = v; });
  if (key == "budget") return number(1, 60000, [&](int v) { spec.budget = std::chrono::milliseconds(v); });
  if (key == "tt") return number(1, 64, [&](int v) { spec.tt_mib = v; });
  if (key == "threads") return number(1, 16, [&](int v) { spec.threads = v; });
  if (key == "nodes") return number(1, 1000000, [&](int v) { spec.kilonodes = v; });
  if (key == "stop") return number(0, 1, [&](int v) { spec.stop = v == 1; });
  if (key == "voidweight") return number(100, 1000, [&](int v) { spec.void_weight = v; });
  if (key == "infer" || key == "declarer-infer") {
    if (!inference_named(value))
      return std::unexpected(std::string(key) + " must be none, count, ki, learned or learned-ki");
    (key == "infer" ? spec.infer : spec.declarer_infer) = std::string(value);
    return {};
  }
  if (key == "model" && !value.empty()) {
    spec.model = std::string(value);
    return {};
  }
  if (key == "ki" && !value.empty()) {
    spec.ki = std::string(value);
    return {};
  }
  if (key == "tables" && spec.kind == "full" && !value.empty()) {
    spec.tables = std::string(value);
    return {};
  }
  if (key == "putting" && spec.kind == "full") {
    if (!putting_method(value)) return std::unexpected("putting must be rules, vonstegen, kinback or winprob");
    spec.putting = std::string(value);
    return {};
  }
  if (key == "nullback" && spec.kind == "full") {
    if (value != "pattern" && value != "type") return std::unexpected("nullback must be pattern or type");
    spec.nullback = std::string(value);
    return {};
  }
  if (key == "null" && spec.kind == "full") {
    if (value != "tables" && value != "model") return std::unexpected("null must be tables or model");
    spec.null_w = std::string(value);
    return {};
  }
  if (key == "nullgate" && spec.kind == "full") return number(0, 100, [&](int v) { spec.null_gate = v; });
  if (key == "payoff" && spec.kind == "full") {
    if (value != "own" && value != "table" && value != "choice")
      return std::unexpected("payoff must be own, table or choice");
    spec.payoff = std::string(value);
    return {};
  }
  return std::unexpected(
      "unknown bot setting '" + std::string(key) +
      "' (worlds, budget, tt, threads, nodes, stop, infer, declarer-infer, model, ki, voidweight; full: tables, "
      "putting, nullback, null, nullgate, payoff)");
}

}  // namespace

std::string BotSpec::describe() const {
  if (kind == "account") return "account:" + account;
  if (kind == "program") return "program:" + program;
  if (!searches(*this)) return kind;
  std::string text = kind + ":worlds=" + std::to_string(worlds) + ",budget=" + std::to_string(budget.count()) +
                     ",tt=" + std::to_string(tt_mib);
  // The settings added later are named only when set, so earlier reports' names stay valid.
  if (threads != 1) text += ",threads=" + std::to_string(threads);
  if (kilonodes != 0) text += ",nodes=" + std::to_string(kilonodes);
  if (stop) text += ",stop=1";
  if (infer != "count") text += ",infer=" + infer;
  if (declarer_infers_apart(*this)) text += ",declarer-infer=" + declarer_infer;
  if (infers_learned(*this)) text += ",model=" + model;
  if (infers_ki(*this)) text += ",ki=" + ki;
  if (void_weight != 100) text += ",voidweight=" + std::to_string(void_weight);
  if (kind != "full") return text;
  text += ",tables=" + tables + ",putting=" + putting;
  if (nullback != "pattern") text += ",nullback=" + nullback;
  if (null_w != "tables") text += ",null=" + null_w;
  if (null_gate != 30) text += ",nullgate=" + std::to_string(null_gate);
  if (payoff != "own") text += ",payoff=" + payoff;
  return text;
}

std::expected<BotSpec, std::string> parse_bot_spec(std::string_view text, bool load_tables) {
  BotSpec spec;
  const auto colon = text.find(':');
  spec.kind = std::string(text.substr(0, colon));
  if (spec.kind == "account" || spec.kind == "program") {
    const bool account = spec.kind == "account";
    const std::string_view rest = colon == std::string_view::npos ? std::string_view{} : text.substr(colon + 1);
    const std::size_t most = account ? BotSpec::kMaxAccountBytes : BotSpec::kMaxProgramBytes;
    if (rest.empty() || rest.size() > most)
      return std::unexpected(account ? "account:NAME needs a name of 1.." + std::to_string(most) + " bytes"
                                     : "program:CMD needs a command line of 1.." + std::to_string(most) + " bytes");
    (account ? spec.account : spec.program) = std::string(rest);
    return spec;
  }
  if (std::ranges::find(kBotKinds, spec.kind) == std::end(kBotKinds))
    return std::unexpected("unknown bot kind '" + spec.kind +
                           "' (random, simple, rule, pimc, full, account:NAME, program:CMD)");
  if (colon != std::string_view::npos) {
    std::string_view rest = text.substr(colon + 1);
    for (bool more = true; more;) {
      const auto comma = rest.find(',');
      more = comma != std::string_view::npos;
      if (auto ok = apply_setting(spec, rest.substr(0, comma)); !ok) return std::unexpected(ok.error());
      rest = more ? rest.substr(comma + 1) : std::string_view{};
    }
  }
  if (infers_learned(spec) && load_tables)
    if (auto model = inference::shared_location_model(spec.model); !model)
      return std::unexpected("model: " + model.error());
  if (infers_ki(spec) && load_tables)
    if (auto tables = inference::shared_kermit_tables(spec.ki); !tables)
      return std::unexpected("ki: " + tables.error());
  if (spec.kind == "full" && load_tables) {
    const auto file = current_tables_file(spec.tables);
    if (!file) return std::unexpected(file.error());
    if (auto tables = shared_tables(*file, null_background(spec)); !tables) return std::unexpected(tables.error());
  }
  return spec;
}

std::expected<std::string, std::string> current_tables_file(const std::string& tables) {
  std::error_code ec;
  if (!std::filesystem::is_directory(tables, ec)) return tables;
  std::string newest;
  for (const auto& entry : std::filesystem::directory_iterator(tables, ec)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file(ec) && name.ends_with(".wtab") && name > newest) newest = name;
  }
  if (ec) return std::unexpected("tables '" + tables + "': " + ec.message());
  if (newest.empty()) return std::unexpected("tables '" + tables + "': no *.wtab file in the folder");
  return (std::filesystem::path(tables) / newest).string();
}

std::expected<std::vector<std::string>, std::string> spec_data_files(const BotSpec& spec) {
  std::vector<std::string> files;
  if (spec.kind == "full") {
    const auto file = current_tables_file(spec.tables);
    if (!file) return std::unexpected(file.error());
    files.push_back(*file);
  }
  if (searches(spec) && infers_learned(spec)) files.push_back(spec.model);
  if (searches(spec) && infers_ki(spec)) files.push_back(spec.ki);
  return files;
}

std::expected<std::shared_ptr<const TableSet>, std::string> shared_tables(const std::string& path,
                                                                          NullBackground null_background) {
  // The cache is keyed by file; a second null background is a second copy under its own key.
  const bool by_type = null_background == NullBackground::TypeAndPattern;
  const std::string key = by_type ? path + "\nnullback=type" : path;
  return SharedFiles<TableSet>::get(key, [&](const std::string&) -> std::expected<TableSet, std::string> {
    auto tables = load_tables(path);
    if (!tables) return std::unexpected("tables '" + path + "': " + tables.error());
    tables->set_null_background(null_background);
    return std::move(*tables);
  });
}

PimcSettings pimc_settings(const BotSpec& spec) {
  PimcSettings pimc;
  pimc.worlds = spec.worlds;
  pimc.budget = spec.budget;
  pimc.tt_bytes = static_cast<std::size_t>(spec.tt_mib) << 20;
  pimc.threads = spec.threads;
  pimc.world_nodes = static_cast<std::uint64_t>(spec.kilonodes) * 1000;
  pimc.stop_early = spec.stop;
  pimc.declarer_void_weight = spec.void_weight / 100.0;
  pimc.inference = inference_named(spec.infer).value_or(Inference::Count);
  if (declarer_infers_apart(spec)) pimc.declarer_inference = inference_named(spec.declarer_infer);
  // A model that cannot be loaded was refused by parse_bot_spec; a spec parsed without loading
  // (one the server only names) draws its worlds by count when it plays after all.
  if (infers_learned(spec))
    if (auto model = inference::shared_location_model(spec.model)) pimc.model = *model;
  if (infers_ki(spec))
    if (auto tables = inference::shared_kermit_tables(spec.ki)) pimc.kermit = *tables;
  return pimc;
}

TablePlayerSettings table_player_settings(const BotSpec& spec) {
  TablePlayerSettings settings;
  settings.pimc = pimc_settings(spec);
  settings.contracts.putting = *putting_method(spec.putting);
  settings.contracts.null_model = spec.null_w == "model";
  settings.contracts.null_model_gate = spec.null_gate / 100.0;
  // the defenders' 40 of a lost game: in the game choice with table and choice, in card play with table
  settings.contracts.defender_bonus = spec.payoff == "own" ? 0 : 40;
  settings.pimc.table_payoff = spec.payoff == "table";
  return settings;
}

namespace {

std::unique_ptr<Player> make_any_player(const BotSpec& spec, std::uint64_t seed, bool announcements) {
  if (spec.kind == "account")
    throw std::invalid_argument("bot " + spec.describe() + " plays through the server only, not in-process");
  if (spec.kind == "program")
    throw std::invalid_argument("bot " + spec.describe() + " is an outside program: skat_bridge runs it");
  if (spec.kind == "random") return std::make_unique<RandomPlayer>(seed);
  if (spec.kind == "rule") return std::make_unique<RulePlayer>(seed);
  if (spec.kind == "simple") return std::make_unique<SimplePlayer>(seed);
  if (spec.kind == "pimc") return std::make_unique<PimcPlayer>(seed, pimc_settings(spec));
  const auto file = current_tables_file(spec.tables);
  if (!file) throw std::runtime_error(file.error());
  auto tables = shared_tables(*file, null_background(spec));
  if (!tables) throw std::runtime_error(tables.error());
  TablePlayerSettings settings = table_player_settings(spec);
  settings.announcements = announcements;
  return std::make_unique<TablePlayer>(*tables, seed, settings);
}

}  // namespace

std::unique_ptr<Player> make_player(const BotSpec& spec, std::uint64_t seed) {
  return make_any_player(spec, seed, true);
}

std::unique_ptr<Player> make_auction_player(const BotSpec& spec, std::uint64_t seed) {
  return make_any_player(spec, seed, false);
}

}  // namespace skat::bots
