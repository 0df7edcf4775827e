#include "engine/replay.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

namespace catan::engine {

using nlohmann::json;

json to_json(const Replay& r) {
  json loaded = json::array();
  for (const auto& p : r.loaded) loaded.push_back({{"name", p.name}, {"version", p.version}});
  json decisions = json::array();
  for (const auto& d : r.decisions)
    decisions.push_back(json::array({d.player + 1, d.kind, d.count, d.choice + 1}));
  json outcome = {{"winner", r.outcome.winner ? json(*r.outcome.winner + 1) : json(nullptr)},
                  {"reason", r.outcome.reason},
                  {"turns", r.outcome.turns},
                  {"digest", fmt::format("{:016x}", r.outcome.digest)}};
  return {{"format", Replay::kFormat}, {"packs", r.requested}, {"loaded", loaded},
          {"options", r.options},      {"seed", r.seed},       {"game_index", r.game_index},
          {"players", r.players},      {"agents", r.agents},   {"max_turns", r.max_turns},
          {"decisions", decisions},    {"outcome", outcome}};
}

namespace {

struct Reader {
  const std::string& source;

  [[noreturn]] void fail(const std::string& field, const std::string& what) const {
    throw std::runtime_error(fmt::format("replay {}: field '{}': {}", source, field, what));
  }
  const json& field(const json& obj, const char* key, const std::string& path) const {
    if (!obj.contains(key)) fail(path + key, "missing");
    return obj[key];
  }
  std::int64_t integer(const json& v, const std::string& path) const {
    if (!v.is_number_integer()) fail(path, "expected an integer");
    return v.get<std::int64_t>();
  }
  std::uint64_t unsigned_integer(const json& v, const std::string& path) const {
    if (!v.is_number_integer() ||
        (v.is_number_integer() && !v.is_number_unsigned() && v.get<std::int64_t>() < 0))
      fail(path, "expected a non-negative integer");
    return v.get<std::uint64_t>();
  }
  std::string string(const json& v, const std::string& path) const {
    if (!v.is_string()) fail(path, "expected a string");
    return v.get<std::string>();
  }
  std::vector<std::string> strings(const json& v, const std::string& path) const {
    if (!v.is_array()) fail(path, "expected a list of strings");
    std::vector<std::string> out;
    for (std::size_t i = 0; i < v.size(); ++i)
      out.push_back(string(v[i], fmt::format("{}[{}]", path, i)));
    return out;
  }
};

}  // namespace

Replay replay_from_json(const json& j, const std::string& source) {
  const Reader rd{source};
  if (!j.is_object()) rd.fail("(top)", "expected a JSON object");
  Replay r;
  const auto format = rd.integer(rd.field(j, "format", ""), "format");
  if (format != Replay::kFormat)
    rd.fail("format",
            fmt::format("unsupported format {} (this build reads {})", format, Replay::kFormat));
  r.requested = rd.strings(rd.field(j, "packs", ""), "packs");
  const auto& loaded = rd.field(j, "loaded", "");
  if (!loaded.is_array()) rd.fail("loaded", "expected a list");
  for (std::size_t i = 0; i < loaded.size(); ++i) {
    const std::string path = fmt::format("loaded[{}].", i);
    r.loaded.push_back({rd.string(rd.field(loaded[i], "name", path), path + "name"),
                        rd.string(rd.field(loaded[i], "version", path), path + "version")});
  }
  r.options = rd.strings(rd.field(j, "options", ""), "options");
  r.seed = rd.unsigned_integer(rd.field(j, "seed", ""), "seed");
  r.game_index = rd.unsigned_integer(rd.field(j, "game_index", ""), "game_index");
  r.players = static_cast<int>(rd.integer(rd.field(j, "players", ""), "players"));
  r.agents = rd.strings(rd.field(j, "agents", ""), "agents");
  if (static_cast<int>(r.agents.size()) != r.players)
    rd.fail("agents", fmt::format("{} agents for {} players", r.agents.size(), r.players));
  r.max_turns = static_cast<int>(rd.integer(rd.field(j, "max_turns", ""), "max_turns"));
  const auto& decisions = rd.field(j, "decisions", "");
  if (!decisions.is_array()) rd.fail("decisions", "expected a list");
  r.decisions.reserve(decisions.size());
  for (std::size_t i = 0; i < decisions.size(); ++i) {
    const std::string path = fmt::format("decisions[{}]", i);
    const auto& d = decisions[i];
    if (!d.is_array() || d.size() != 4)
      rd.fail(path, "expected [player, kind, option count, choice]");
    Replay::Decision rec;
    rec.player = static_cast<int>(rd.integer(d[0], path + "[0]")) - 1;
    rec.kind = rd.string(d[1], path + "[1]");
    rec.count = static_cast<int>(rd.integer(d[2], path + "[2]"));
    rec.choice = static_cast<int>(rd.integer(d[3], path + "[3]")) - 1;
    if (rec.player < 0 || rec.player >= r.players) rd.fail(path + "[0]", "player out of range");
    if (rec.choice < 0 || rec.choice >= rec.count) rd.fail(path + "[3]", "choice out of range");
    r.decisions.push_back(std::move(rec));
  }
  const auto& outcome = rd.field(j, "outcome", "");
  const auto& winner = rd.field(outcome, "winner", "outcome.");
  if (!winner.is_null())
    r.outcome.winner = static_cast<int>(rd.integer(winner, "outcome.winner")) - 1;
  r.outcome.reason = rd.string(rd.field(outcome, "reason", "outcome."), "outcome.reason");
  r.outcome.turns =
      static_cast<int>(rd.integer(rd.field(outcome, "turns", "outcome."), "outcome.turns"));
  const std::string digest = rd.string(rd.field(outcome, "digest", "outcome."), "outcome.digest");
  try {
    std::size_t used = 0;
    r.outcome.digest = std::stoull(digest, &used, 16);
    if (used != digest.size()) throw std::invalid_argument("trailing");
  } catch (const std::exception&) {
    rd.fail("outcome.digest", "expected a hexadecimal string");
  }
  return r;
}

void save_replay(const Replay& replay, const std::filesystem::path& file) {
  std::ofstream out(file);
  if (!out) throw std::runtime_error(fmt::format("cannot write replay {}", file.string()));
  out << to_json(replay).dump(1) << '\n';
  if (!out) throw std::runtime_error(fmt::format("cannot write replay {}", file.string()));
}

Replay load_replay(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error(fmt::format("cannot read replay {}", file.string()));
  std::stringstream text;
  text << in.rdbuf();
  json j;
  try {
    j = json::parse(text.str());
  } catch (const json::parse_error& e) {
    throw std::runtime_error(
        fmt::format("replay {}: not valid JSON ({})", file.string(), e.what()));
  }
  return replay_from_json(j, file.string());
}

}  // namespace catan::engine
