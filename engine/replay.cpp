#include "engine/replay.h"

#include <limits>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "engine/decision.h"
#include "engine/file_io.h"

namespace catan::engine {

using nlohmann::json;

std::string agent_failure_error(const Replay::AgentFailure& failure, std::size_t decision) {
  return fmt::format(
      "player {}'s agent failed choosing '{}' at decision {}, as the replay records: {}",
      failure.player + 1, failure.kind, decision, failure.error);
}

json to_json(const Replay& r) {
  json loaded = json::array();
  for (const auto& p : r.loaded) {
    json ref = {{"name", p.name}, {"version", p.version}};
    if (!p.hash.empty()) ref["hash"] = p.hash;
    if (!p.path.empty()) ref["path"] = p.path;
    loaded.push_back(std::move(ref));
  }
  json decisions = json::array();
  for (const auto& d : r.decisions)
    decisions.push_back(json::array({d.player + 1, d.kind, d.count, d.choice + 1, d.id}));
  json outcome = {{"winner", r.outcome.winner ? json(*r.outcome.winner + 1) : json(nullptr)},
                  {"reason", r.outcome.reason},
                  {"turns", r.outcome.turns},
                  {"digest", fmt::format("{:016x}", r.outcome.digest)}};
  json j = {{"format", Replay::kFormat}, {"packs", r.requested}, {"loaded", loaded},
            {"options", r.options},      {"seed", r.seed},       {"game_index", r.game_index},
            {"players", r.players},      {"agents", r.agents},   {"max_turns", r.max_turns},
            {"decisions", decisions},    {"outcome", outcome}};
  if (!r.abandoned.empty()) j["abandoned"] = r.abandoned;
  if (r.agent_failure)
    j["agent_failure"] = {{"player", r.agent_failure->player + 1},
                          {"kind", r.agent_failure->kind},
                          {"error", r.agent_failure->error}};
  return j;
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
    if (v.is_number_unsigned() &&
        v.get<std::uint64_t>() >
            static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
      fail(path, fmt::format("{} is out of range", v.dump()));
    return v.get<std::int64_t>();
  }
  // An integer in [lo, hi], never truncated: 2^32 + 1 is refused, not read as 1.
  int bounded(const json& v, const std::string& path, int lo, int hi) const {
    const std::int64_t x = integer(v, path);
    if (x < lo || x > hi) fail(path, fmt::format("{} is outside {}..{}", x, lo, hi));
    return static_cast<int>(x);
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

bool is_pack_version(std::string_view s) {
  const auto number = [&s] {
    std::size_t n = 0;
    while (n < s.size() && s[n] >= '0' && s[n] <= '9') ++n;
    const bool ok = n > 0 && (n == 1 || s[0] != '0');
    s.remove_prefix(n);
    return ok;
  };
  const auto suffix = [&s](char marker) {
    if (s.empty() || s[0] != marker) return true;
    s.remove_prefix(1);
    std::size_t n = 0;
    while (n < s.size() && ((s[n] >= '0' && s[n] <= '9') || (s[n] >= 'a' && s[n] <= 'z') ||
                            (s[n] >= 'A' && s[n] <= 'Z') || s[n] == '.' || s[n] == '-'))
      ++n;
    s.remove_prefix(n);
    return n > 0;
  };
  const auto dot = [&s] {
    if (s.empty() || s[0] != '.') return false;
    s.remove_prefix(1);
    return true;
  };
  return number() && dot() && number() && dot() && number() && suffix('-') && suffix('+') &&
         s.empty();
}

namespace {

// Each read_* reads one part of a replay file, failing (Reader::fail) on the first bad field.

void read_format(const Reader& rd, const json& j) {
  const auto format = rd.integer(rd.field(j, "format", ""), "format");
  if (format == 1)
    rd.fail("format",
            fmt::format("format 1 records no option ids; this build reads format {} (record the "
                        "game again)",
                        Replay::kFormat));
  if (format != Replay::kFormat)
    rd.fail("format",
            fmt::format("unsupported format {} (this build reads {})", format, Replay::kFormat));
}

std::vector<Replay::PackRef> read_loaded_packs(const Reader& rd, const json& loaded) {
  if (!loaded.is_array()) rd.fail("loaded", "expected a list");
  if (loaded.empty()) rd.fail("loaded", "empty (a game loads at least one pack)");
  std::vector<Replay::PackRef> refs;
  for (std::size_t i = 0; i < loaded.size(); ++i) {
    const std::string path = fmt::format("loaded[{}].", i);
    if (!loaded[i].is_object()) rd.fail(fmt::format("loaded[{}]", i), "expected an object");
    Replay::PackRef ref;
    ref.name = rd.string(rd.field(loaded[i], "name", path), path + "name");
    ref.version = rd.string(rd.field(loaded[i], "version", path), path + "version");
    if (!is_pack_version(ref.version))
      rd.fail(path + "version",
              fmt::format("'{}' is not a version MAJOR.MINOR.PATCH", ref.version));
    if (loaded[i].contains("hash")) {
      ref.hash = rd.string(loaded[i]["hash"], path + "hash");
      if (ref.hash.size() != 16 ||
          ref.hash.find_first_not_of("0123456789abcdef") != std::string::npos)
        rd.fail(path + "hash", "expected 16 lowercase hex digits");
    }
    if (loaded[i].contains("path")) ref.path = rd.string(loaded[i]["path"], path + "path");
    refs.push_back(std::move(ref));
  }
  return refs;
}

// Requires r.players to be read.
std::vector<Replay::Decision> read_decisions(const Reader& rd, const json& decisions,
                                             const Replay& r) {
  if (!decisions.is_array()) rd.fail("decisions", "expected a list");
  std::vector<Replay::Decision> out;
  out.reserve(decisions.size());
  for (std::size_t i = 0; i < decisions.size(); ++i) {
    const std::string path = fmt::format("decisions[{}]", i);
    const auto& d = decisions[i];
    if (!d.is_array() || d.size() != 5)
      rd.fail(path, "expected [player, kind, option count, choice, option id]");
    Replay::Decision rec;
    rec.player = rd.bounded(d[0], path + "[0]", 1, r.players) - 1;
    rec.kind = rd.string(d[1], path + "[1]");
    rec.count = rd.bounded(d[2], path + "[2]", 1, std::numeric_limits<int>::max());
    rec.choice = rd.bounded(d[3], path + "[3]", 1, rec.count) - 1;
    rec.id = rd.string(d[4], path + "[4]");
    if (const auto problem = option_id_problem(rec.id); !problem.empty())
      rd.fail(path + "[4]", "the option id " + problem);
    out.push_back(std::move(rec));
  }
  return out;
}

Replay::AgentFailure read_agent_failure(const Reader& rd, const json& f, const Replay& r) {
  if (!f.is_object()) rd.fail("agent_failure", "expected an object");
  Replay::AgentFailure failure;
  failure.player =
      rd.bounded(rd.field(f, "player", "agent_failure."), "agent_failure.player", 1, r.players) - 1;
  failure.kind = rd.string(rd.field(f, "kind", "agent_failure."), "agent_failure.kind");
  failure.error = rd.string(rd.field(f, "error", "agent_failure."), "agent_failure.error");
  if (failure.error.empty()) rd.fail("agent_failure.error", "empty (the agent's error)");
  return failure;
}

// Requires r.players and r.max_turns to be read.
Replay::Outcome read_outcome(const Reader& rd, const json& outcome, const Replay& r) {
  if (!outcome.is_object()) rd.fail("outcome", "expected an object");
  Replay::Outcome o;
  const auto& winner = rd.field(outcome, "winner", "outcome.");
  if (!winner.is_null()) o.winner = rd.bounded(winner, "outcome.winner", 1, r.players) - 1;
  o.reason = rd.string(rd.field(outcome, "reason", "outcome."), "outcome.reason");
  o.turns = rd.bounded(rd.field(outcome, "turns", "outcome."), "outcome.turns", 0, r.max_turns);
  const std::string digest = rd.string(rd.field(outcome, "digest", "outcome."), "outcome.digest");
  try {
    std::size_t used = 0;
    o.digest = std::stoull(digest, &used, 16);
    if (used != digest.size()) throw std::invalid_argument("trailing");
  } catch (const std::exception&) {
    rd.fail("outcome.digest", "expected a hexadecimal string");
  }
  return o;
}

}  // namespace

Replay replay_from_json(const json& j, const std::string& source) {
  const Reader rd{source};
  if (!j.is_object()) rd.fail("(top)", "expected a JSON object");
  // Another catan file given where a replay is expected: say which.
  if (!j.contains("format") && j.contains("schema") && j.contains("run"))
    throw std::runtime_error(fmt::format(
        "replay {}: this is a lab results file, not a replay (catan merge and --report read "
        "it; the games a run saved are in its --save-games folder)",
        source));
  Replay r;
  read_format(rd, j);
  r.requested = rd.strings(rd.field(j, "packs", ""), "packs");
  r.loaded = read_loaded_packs(rd, rd.field(j, "loaded", ""));
  r.options = rd.strings(rd.field(j, "options", ""), "options");
  r.seed = rd.unsigned_integer(rd.field(j, "seed", ""), "seed");
  r.game_index = rd.unsigned_integer(rd.field(j, "game_index", ""), "game_index");
  r.players = rd.bounded(rd.field(j, "players", ""), "players", 1, Replay::kMaxPlayers);
  r.agents = rd.strings(rd.field(j, "agents", ""), "agents");
  if (static_cast<int>(r.agents.size()) != r.players)
    rd.fail("agents", fmt::format("{} agents for {} players", r.agents.size(), r.players));
  r.max_turns = rd.bounded(rd.field(j, "max_turns", ""), "max_turns", 1, Replay::kMaxTurns);
  if (j.contains("abandoned")) {
    r.abandoned = rd.string(j["abandoned"], "abandoned");
    if (r.abandoned.empty()) rd.fail("abandoned", "empty (the error that abandoned the game)");
  }
  r.decisions = read_decisions(rd, rd.field(j, "decisions", ""), r);
  if (!r.abandoned.empty() && !r.decisions.empty())
    rd.fail("decisions", "an abandoned game records no decisions");
  if (j.contains("agent_failure")) r.agent_failure = read_agent_failure(rd, j["agent_failure"], r);
  r.outcome = read_outcome(rd, rd.field(j, "outcome", ""), r);
  return r;
}

std::string outcome_divergence(const Replay::Outcome& recorded, const Replay::Outcome& replayed) {
  if (replayed.winner == recorded.winner && replayed.turns == recorded.turns &&
      as_written_in_json(replayed.reason) == recorded.reason && replayed.digest == recorded.digest)
    return {};
  const auto describe = [](const Replay::Outcome& o) {
    return fmt::format(
        "{} after {} turns (digest {:016x})",
        o.winner ? fmt::format("winner player {}", *o.winner + 1) : std::string("no winner"),
        o.turns, o.digest);
  };
  return fmt::format("replay diverged: recorded {}, replayed {}", describe(recorded),
                     describe(replayed));
}

void save_replay(const Replay& replay, const std::filesystem::path& file) {
  // Pack-chosen text (decision kinds, the end reason) may hold invalid UTF-8: it is written as
  // U+FFFD instead of failing the dump.
  write_output_file(file,
                    to_json(replay).dump(1, ' ', false, json::error_handler_t::replace) + '\n');
}

Replay load_replay(const std::filesystem::path& file) {
  std::string text;
  try {
    text = read_bounded_file(file, kMaxReplayBytes, "a replay");
  } catch (const FileError& e) {
    throw std::runtime_error(fmt::format("replay {}", e.what()));
  }
  json j;
  try {
    j = json::parse(text);
  } catch (const json::exception& e) {
    // parse_error for bad syntax, out_of_range for a number beyond the double range (1e999).
    // nlohmann's text, "[json.exception.parse_error.101] parse error at line 1, column 1:
    // syntax error ...": its place, without the library's tag and detail.
    std::string what = e.what();
    if (const auto tag = what.find("] "); tag != std::string::npos) what.erase(0, tag + 2);
    if (const auto detail = what.find(": "); detail != std::string::npos) what.resize(detail);
    throw std::runtime_error(
        fmt::format("replay {}: not a replay file: not JSON ({})", file.string(), what));
  }
  return replay_from_json(j, file.string());
}

}  // namespace catan::engine
