#include "lab/lab_config.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace catan::lab {

namespace {

std::string_view key_of(std::string_view assignment) {
  return assignment.substr(0, assignment.find('='));
}

std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> out;
  for (std::size_t start = 0;;) {
    const auto at = text.find(separator, start);
    out.emplace_back(text.substr(start, at == std::string_view::npos ? text.npos : at - start));
    if (at == std::string_view::npos) break;
    start = at + 1;
  }
  return out;
}

void check_assignment(std::string_view a, std::string_view where) {
  const auto eq = a.find('=');
  if (eq == std::string_view::npos || eq == 0)
    throw ConfigError(fmt::format("{}: option '{}' is not PACK.KEY=VALUE", where, a));
}

}  // namespace

std::vector<std::string> combine_options(const std::vector<std::string>& common,
                                         const std::vector<std::string>& own) {
  std::vector<std::string> out;
  for (const auto& c : common) {
    const bool replaced = std::any_of(own.begin(), own.end(),
                                      [&](const std::string& o) { return key_of(o) == key_of(c); });
    if (!replaced) out.push_back(c);
  }
  out.insert(out.end(), own.begin(), own.end());
  return out;
}

LabConfig parse_config(std::string_view text, const std::vector<std::string>& common_options) {
  LabConfig config;
  config.label = std::string(text);
  const auto parts = split(text, ':');
  config.packs = split(parts[0], '+');
  for (const auto& p : config.packs)
    if (p.empty()) throw ConfigError(fmt::format("config '{}': empty pack name", text));
  std::vector<std::string> own(parts.begin() + 1, parts.end());
  for (const auto& a : own) check_assignment(a, fmt::format("config '{}'", text));
  config.options = combine_options(common_options, own);
  return config;
}

std::vector<LabConfig> sweep_configs(const std::vector<std::string>& packs,
                                     const std::vector<std::string>& options) {
  struct Axis {
    std::string key;
    std::vector<std::string> values;
  };
  std::vector<std::string> fixed;
  std::vector<Axis> axes;
  for (const auto& a : options) {
    check_assignment(a, "--option");
    const auto eq = a.find('=');
    const std::string value = a.substr(eq + 1);
    if (value.find(',') == std::string::npos) {
      fixed.push_back(a);
      continue;
    }
    Axis axis{a.substr(0, eq), split(value, ',')};
    for (std::size_t i = 0; i < axis.values.size(); ++i) {
      if (axis.values[i].empty())
        throw ConfigError(fmt::format("--option '{}': empty value in the list", a));
      if (std::find(axis.values.begin(), axis.values.begin() + static_cast<std::ptrdiff_t>(i),
                    axis.values[i]) != axis.values.begin() + static_cast<std::ptrdiff_t>(i))
        throw ConfigError(
            fmt::format("--option '{}': value '{}' is listed twice", a, axis.values[i]));
    }
    axes.push_back(std::move(axis));
  }
  if (axes.empty())
    throw ConfigError("nothing to sweep: give an option a list of values (--option PACK.KEY=a,b)");
  std::vector<LabConfig> out;
  std::vector<std::size_t> at(axes.size(), 0);
  for (;;) {
    LabConfig c;
    c.packs = packs;
    std::vector<std::string> swept;
    for (std::size_t i = 0; i < axes.size(); ++i)
      swept.push_back(axes[i].key + "=" + axes[i].values[at[i]]);
    c.label = fmt::format("{}", fmt::join(swept, " "));
    c.options = combine_options(fixed, swept);
    out.push_back(std::move(c));
    // Advance the last axis fastest.
    std::size_t i = axes.size();
    while (i > 0) {
      --i;
      if (++at[i] < axes[i].values.size()) break;
      at[i] = 0;
      if (i == 0) return out;
    }
  }
}

}  // namespace catan::lab
