// Building, reading and comparing the provenance of games files (see games_provenance.h).
#include "cli/games_provenance.h"

#include <fmt/format.h>
#include <sodium.h>

#include <array>
#include <fstream>
#include <set>
#include <stdexcept>

#include "cli/bench_solver.h"
#include "cli/build_info.h"

namespace skat::cli {

std::expected<std::string, std::string> file_sha256(const std::string& path) {
  if (sodium_init() < 0) return std::unexpected("libsodium could not be initialised");
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::unexpected("cannot open " + path);
  crypto_hash_sha256_state state;
  crypto_hash_sha256_init(&state);
  std::array<char, 1 << 16> buffer{};
  while (in) {
    in.read(buffer.data(), buffer.size());
    crypto_hash_sha256_update(&state, reinterpret_cast<const unsigned char*>(buffer.data()),
                              static_cast<unsigned long long>(in.gcount()));
  }
  if (in.bad()) return std::unexpected("cannot read " + path);
  std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
  crypto_hash_sha256_final(&state, digest.data());
  std::string hex;
  for (const unsigned char byte : digest) hex += fmt::format("{:02x}", byte);
  return hex;
}

std::string solver_bench_digest() {
  return fmt::format("{:016x}", run_solver_bench({.quick = true, .deals = 0, .per_deal_file = ""}).digest);
}

std::expected<GamesProvenance, std::string> current_provenance(const std::vector<bots::BotSpec>& specs) {
  GamesProvenance p;
  p.commit = std::string(build_commit());
  p.solver_bench = solver_bench_digest();
  for (const bots::BotSpec& spec : specs) {
    const auto files = bots::spec_data_files(spec);
    if (!files) return std::unexpected(files.error());
    for (const std::string& file : *files) {
      auto sha = file_sha256(file);
      if (!sha) return std::unexpected(sha.error());
      p.files[file] = std::move(*sha);
    }
  }
  return p;
}

nlohmann::json provenance_json(const GamesProvenance& p) {
  return {{"commit", p.commit}, {"solver_bench", p.solver_bench}, {"files", p.files}};
}

std::optional<GamesProvenance> provenance_of_header(const nlohmann::json& header) {
  const auto build = header.find("build");
  if (build == header.end() || !build->is_object()) return std::nullopt;
  GamesProvenance p;
  p.commit = build->value("commit", "unknown");
  p.solver_bench = build->value("solver_bench", "");
  if (const auto files = build->find("files"); files != build->end() && files->is_object())
    for (const auto& [path, sha] : files->items())
      if (sha.is_string()) p.files[path] = sha.get<std::string>();
  return p;
}

ProvenanceDifference compare_provenance(const GamesProvenance& recorded, const GamesProvenance& now,
                                        const std::string& recorded_name, const std::string& now_name) {
  ProvenanceDifference d;
  const std::string was = fmt::format("in {} (played by commit {})", recorded_name, recorded.commit);
  if (recorded.solver_bench != now.solver_bench)
    d.conflicts.push_back(
        fmt::format("solver bench digest {} {}, {} in {}", recorded.solver_bench, was, now.solver_bench, now_name));
  std::set<std::string> paths;
  for (const auto& [path, sha] : recorded.files) paths.insert(path);
  for (const auto& [path, sha] : now.files) paths.insert(path);
  for (const std::string& path : paths) {
    const auto before = recorded.files.find(path), after = now.files.find(path);
    if (before == recorded.files.end())
      d.conflicts.push_back(fmt::format("{} is loaded in {}, not {}", path, now_name, was));
    else if (after == now.files.end())
      d.conflicts.push_back(fmt::format("{} was loaded {}, not in {}", path, was, now_name));
    else if (before->second != after->second)
      d.conflicts.push_back(
          fmt::format("{} has SHA-256 {} {}, {} in {}", path, before->second, was, after->second, now_name));
  }
  if (recorded.commit != now.commit)
    d.notes.push_back(fmt::format("{} were played by commit {}, {} is commit {}", recorded_name, recorded.commit,
                                  now_name, now.commit));
  return d;
}

}  // namespace skat::cli
