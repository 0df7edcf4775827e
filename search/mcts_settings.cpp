#include "search/mcts_settings.h"

#include <charconv>
#include <cmath>
#include <stdexcept>
#include <system_error>

#include <fmt/format.h>

namespace catan::search {

namespace {

long long whole(std::string_view key, std::string_view value, long long lo, long long hi) {
  long long n = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (ec != std::errc() || end != value.data() + value.size() || n < lo || n > hi)
    throw std::invalid_argument(
        fmt::format("mcts: {}={}: expected a whole number from {} to {}", key, value, lo, hi));
  return n;
}

double number(std::string_view key, std::string_view value, double lo, double hi) {
  const std::string text(value);
  std::size_t used = 0;
  double x = 0;
  try {
    x = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || !std::isfinite(x) || x < lo || x > hi)
    throw std::invalid_argument(
        fmt::format("mcts: {}={}: expected a number from {} to {}", key, value, lo, hi));
  return x;
}

}  // namespace

bool is_mcts(std::string_view agent) {
  return agent == "mcts" || agent.starts_with("mcts:");
}

MctsSettings parse_mcts(std::string_view agent) {
  if (!is_mcts(agent))
    throw std::invalid_argument(fmt::format("'{}' is not the search agent 'mcts'", agent));
  MctsSettings s;
  std::string_view rest = agent.substr(4);
  while (!rest.empty()) {
    rest.remove_prefix(1);  // ':'
    const auto end = rest.find(':');
    const std::string_view item = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end);
    const auto eq = item.find('=');
    if (eq == std::string_view::npos)
      throw std::invalid_argument(
          fmt::format("mcts: '{}': settings are written key=value (e.g. iterations=400)", item));
    const std::string_view key = item.substr(0, eq), value = item.substr(eq + 1);
    if (key == "iterations") {
      s.iterations = static_cast<int>(whole(key, value, 1, 1'000'000));
    } else if (key == "horizon") {
      s.horizon = static_cast<int>(whole(key, value, 0, 10'000));
    } else if (key == "rollout") {
      if (value.empty() || is_mcts(value))
        throw std::invalid_argument(
            fmt::format("mcts: rollout={}: expected the name of another agent", value));
      s.rollout = value;
    } else if (key == "c") {
      s.exploration = number(key, value, 0, 100);
    } else if (key == "time") {
      s.time_ms = number(key, value, 0, 3'600'000);
    } else if (key == "eval") {
      if (value.empty())
        throw std::invalid_argument(
            "mcts: eval=: expected auto, pack, score or the path of a model file (catan train)");
      s.eval = value;
    } else {
      throw std::invalid_argument(fmt::format(
          "mcts: unknown setting '{}' (known: iterations, horizon, rollout, c, time, eval)", key));
    }
  }
  return s;
}

std::string MctsSettings::spec() const {
  std::string out = fmt::format("mcts:iterations={}:horizon={}", iterations, horizon);
  if (!rollout.empty()) out += ":rollout=" + rollout;
  out += fmt::format(":c={}", exploration);
  if (time_ms > 0) out += fmt::format(":time={}", time_ms);
  if (eval != "auto") out += ":eval=" + eval;
  return out;
}

}  // namespace catan::search
