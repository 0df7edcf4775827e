#include "cli/summary.h"

#include <fmt/format.h>

#include "engine/file_io.h"

namespace catan::cli {

namespace {

nlohmann::json value_json(const engine::Value& v) {
  return std::visit(
      [](const auto& x) -> nlohmann::json {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::monostate>)
          return nullptr;
        else
          return x;
      },
      v);
}

}  // namespace

std::vector<Statistic> statistics(const scripting::GameResult& r,
                                  const packs::MeasureSpec& measures) {
  std::vector<Statistic> out;
  for (const auto& [key, value] : r.properties) {
    if (!key.starts_with("stats.") || key.size() == 6) continue;
    Statistic s{key, value, key, ""};
    if (const auto it = measures.names.find(key); it != measures.names.end()) {
      s.label = it->second.label;
      s.unit = it->second.unit;
    }
    out.push_back(std::move(s));
  }
  return out;
}

nlohmann::json result_json(const scripting::GameResult& r, const packs::MeasureSpec* measures) {
  nlohmann::json players = nlohmann::json::array();
  for (const auto& p : r.players) {
    nlohmann::json j = {{"seat", p.seat + 1}, {"bot", p.agent}};
    for (const auto& [key, value] : p.properties)
      if (!j.contains(key)) j[key] = value_json(value);
    players.push_back(std::move(j));
  }
  nlohmann::json out = {
      {"seed", r.replay.seed},
      {"game_index", r.replay.game_index},
      {"packs", r.replay.requested},
      {"winner", r.winner ? nlohmann::json(*r.winner + 1) : nlohmann::json(nullptr)},
      {"reason", r.reason},
      {"turns", r.turns},
      {"rounds", r.rounds},
      {"decisions", r.decisions},
      {"digest", fmt::format("{:016x}", r.digest)},
      {"players", players}};
  // Game properties join the top level; a dotted name nests ("dice_histogram.7" -> {"7": n}).
  for (const auto& [key, value] : r.properties) {
    nlohmann::json* node = &out;
    std::size_t start = 0;
    for (auto dot = key.find('.'); dot != std::string::npos; dot = key.find('.', start)) {
      const std::string part = key.substr(start, dot - start);
      if (!node->contains(part) || !(*node)[part].is_object())
        (*node)[part] = nlohmann::json::object();
      node = &(*node)[part];
      start = dot + 1;
    }
    const std::string leaf = key.substr(start);
    if (!node->contains(leaf)) (*node)[leaf] = value_json(value);
  }
  if (measures) {
    nlohmann::json listed = nlohmann::json::array();
    for (const auto& s : statistics(r, *measures))
      listed.push_back(
          {{"id", s.id}, {"value", value_json(s.value)}, {"label", s.label}, {"unit", s.unit}});
    out["statistics"] = std::move(listed);
  }
  return out;
}

std::string result_text(const scripting::GameResult& r, const std::string& title,
                        const packs::MeasureSpec* measures) {
  std::string out = fmt::format("{} (seed {}, game {}, {} players)\n", title, r.replay.seed,
                                r.replay.game_index, r.players.size());
  if (r.winner) {
    const auto& w = r.players[static_cast<std::size_t>(*r.winner)];
    out += fmt::format("winner: player {} ({}): {}\n", *r.winner + 1, w.agent, r.reason);
  } else {
    out += fmt::format("no winner: {}\n", r.reason);
  }
  out += fmt::format("turns: {} in {} rounds; decisions: {}\n", r.turns, r.rounds, r.decisions);
  for (const auto& p : r.players) {
    std::string props;
    for (const auto& [key, value] : p.properties)
      props += fmt::format("  {}={}", key, engine::value_text(value));
    out += fmt::format("  player {} ({}){}\n", p.seat + 1, p.agent, props);
  }
  if (measures) {
    const auto listed = statistics(r, *measures);
    if (!listed.empty()) out += "statistics:\n";
    for (const auto& s : listed) {
      out += fmt::format("  {} = {}", s.id, engine::value_text(s.value));
      if (s.label != s.id)
        out += s.unit.empty() ? fmt::format("  {}", s.label)
                              : fmt::format("  {} ({})", s.label, s.unit);
      out += '\n';
    }
  }
  out += fmt::format("digest: {:016x}\n", r.digest);
  // Agent names, property names and the end reason are pack-chosen: no control bytes reach the
  // terminal.
  return engine::terminal_safe(out);
}

}  // namespace catan::cli
