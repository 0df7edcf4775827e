#include "scripting/pack_options.h"

#include <charconv>
#include <cmath>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "scripting/pack_suggest.h"

namespace catan::packs {
namespace {

// `text` without one leading '+', or nullopt when what follows the '+' is another sign (from_chars
// would accept "+-5" as -5 otherwise) or nothing at all.
std::optional<std::string_view> without_plus(std::string_view text) {
  if (!text.starts_with('+')) return text;
  text.remove_prefix(1);
  if (text.empty() || text.starts_with('+') || text.starts_with('-')) return std::nullopt;
  return text;
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

}  // namespace

const OptionValue* ResolvedOptions::find(std::string_view pack, std::string_view key) const {
  for (const auto& [pack_name, values] : packs) {
    if (pack_name != pack) continue;
    for (const auto& [option_key, value] : values) {
      if (option_key == key) return &value;
    }
  }
  return nullptr;
}

OptionValue parse_option_value(std::string_view pack, const OptionSpec& spec,
                               std::string_view text) {
  auto fail = [&](std::string_view what) {
    return PackError(fmt::format("option '{}.{}': {}", pack, spec.key, what));
  };
  OptionValue value;
  switch (spec.type) {
    case OptionType::Boolean:
      if (text != "true" && text != "false") {
        throw fail(fmt::format("expected true or false, got '{}'", text));
      }
      value = text == "true";
      break;
    case OptionType::Integer: {
      const std::string_view digits = without_plus(text).value_or(std::string_view());
      std::int64_t i = 0;
      const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), i);
      if (ec == std::errc::result_out_of_range) {
        throw fail(fmt::format("'{}' is outside the 64-bit integer range", text));
      }
      if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size()) {
        throw fail(fmt::format("expected an integer, got '{}'", text));
      }
      value = i;
      break;
    }
    case OptionType::Number: {
      const std::string_view digits = without_plus(text).value_or(std::string_view());
      double d = 0;
      const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), d);
      if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size() ||
          !std::isfinite(d)) {
        throw fail(fmt::format("expected a finite number, got '{}'", text));
      }
      value = d;
      break;
    }
    case OptionType::String:
      value = std::string(text);
      break;
  }
  if (auto problem = option_value_problem(spec, value)) throw fail(*problem);
  return value;
}

ResolvedOptions resolve_options(const std::vector<const Manifest*>& order,
                                const std::vector<std::string>& assignments) {
  ResolvedOptions result;
  std::vector<std::string> pack_names;
  for (const Manifest* manifest : order) {
    pack_names.push_back(manifest->name);
    auto& values = result.packs.emplace_back(manifest->name,
                                             std::vector<std::pair<std::string, OptionValue>>{});
    for (const OptionSpec& spec : manifest->options) {
      values.second.emplace_back(spec.key, spec.default_value);
    }
  }

  std::set<std::string> assigned;
  for (const std::string& assignment : assignments) {
    const std::size_t eq = assignment.find('=');
    const std::size_t dot = assignment.find('.');
    if (eq == std::string::npos || dot == 0 || dot == std::string::npos || dot + 1 >= eq) {
      throw PackError(fmt::format("--option '{}': expected PACK.KEY=VALUE", assignment));
    }
    const std::string pack = assignment.substr(0, dot);
    const std::string key = assignment.substr(dot + 1, eq - dot - 1);
    const std::string_view text = std::string_view(assignment).substr(eq + 1);

    const Manifest* manifest = nullptr;
    std::size_t index = 0;
    for (; index < order.size(); ++index) {
      if (order[index]->name == pack) {
        manifest = order[index];
        break;
      }
    }
    if (manifest == nullptr) {
      std::string hint = did_you_mean(pack, pack_names);
      if (hint.empty()) {
        hint =
            pack_names.empty() ? " (no packs are loaded)" : " (loaded: " + join(pack_names) + ")";
      }
      throw PackError(
          fmt::format("--option '{}': pack '{}' is not loaded{}", assignment, pack, hint));
    }

    const OptionSpec* spec = manifest->find_option(key);
    if (spec == nullptr) {
      std::vector<std::string> keys;
      for (const OptionSpec& option : manifest->options) keys.push_back(option.key);
      std::string hint = did_you_mean(key, keys);
      if (hint.empty()) {
        hint = keys.empty() ? " (it has no options)" : " (its options: " + join(keys) + ")";
      }
      throw PackError(fmt::format("pack '{}' has no option '{}'{}", pack, key, hint));
    }

    if (!assigned.insert(pack + "." + key).second) {
      throw PackError(fmt::format("option '{}.{}' is set twice by --option", pack, key));
    }
    OptionValue value = parse_option_value(pack, *spec, text);
    for (auto& [option_key, slot] : result.packs[index].second) {
      if (option_key == key) slot = std::move(value);
    }
  }
  return result;
}

}  // namespace catan::packs
