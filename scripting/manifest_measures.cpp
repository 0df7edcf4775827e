// The measures of a manifest (scripting/measure_spec.h, scripting/manifest_parse.h): the "score"
// property, the "histograms" a report counts, and the "metrics" it shows first and names.
#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "scripting/manifest_parse.h"

namespace catan::packs::manifest_parse {
namespace {

const std::vector<std::string> kHistogramFields = {"prefix", "label", "from", "to", "description"};
const std::vector<std::string> kMetricsFields = {"primary", "names"};
const std::vector<std::string> kMetricNameFields = {"label", "unit"};

// A "score" or a histogram's prefix: a non-empty property name of at most kMaxMeasureNameBytes.
std::string measure_name(const Checker& check, const std::string& field, const json& j,
                         std::string_view what) {
  if (!j.is_string()) check.fail(field, fmt::format("expected {}, got {}", what, describe(j)));
  const std::string name = check.non_empty_string(field, j);
  if (name.size() > kMaxMeasureNameBytes)
    check.fail(field, fmt::format("longer than {} bytes", kMaxMeasureNameBytes));
  return name;
}

bool is_valid_histogram_name(std::string_view s) {
  if (s.empty() || s.size() > kMaxMeasureNameBytes || s[0] < 'a' || s[0] > 'z') return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

// One entry of "histograms": {"prefix", "label", "from", "to", "description"?}.
HistogramSpec parse_histogram(const Checker& check, const std::string& name, const json& spec) {
  const std::string field = "histograms." + name;
  if (!is_valid_histogram_name(name))
    check.fail(field, fmt::format("'{}' is not a valid histogram name (lowercase letters, digits "
                                  "and '_', starting with a letter, at most {} bytes)",
                                  name, kMaxMeasureNameBytes));
  if (!spec.is_object())
    check.fail(field, "expected an object with prefix, label, from and to, got " + describe(spec));
  check.no_unknown_fields(field + ".", spec, kHistogramFields);
  const auto required = [&](const char* key, const char* what) -> const json& {
    const json* v = member(spec, key);
    if (v == nullptr) check.fail(field + "." + key, fmt::format("missing ({})", what));
    return *v;
  };
  HistogramSpec h;
  h.name = name;
  h.prefix = measure_name(check, field + ".prefix",
                          required("prefix",
                                   "the start of the names of the game properties that "
                                   "hold the counts, e.g. \"dice_histogram.\""),
                          "a property name prefix");
  h.label =
      check.non_empty_string(field + ".label", required("label", "a short title for reports"));
  constexpr std::int64_t kLimit = 1'000'000'000;
  const auto key = [&](const char* which, const char* what) {
    const std::string key_field = field + "." + which;
    const std::int64_t k = check.integer(key_field, required(which, what));
    if (k < -kLimit || k > kLimit)
      check.fail(key_field, fmt::format("{} is outside -{} .. {}", k, kLimit, kLimit));
    return static_cast<int>(k);
  };
  h.from = key("from", "the smallest key counted");
  h.to = key("to", "the largest key counted");
  if (h.from > h.to) check.fail(field, fmt::format("from {} is above to {}", h.from, h.to));
  if (h.to - h.from >= kMaxHistogramKeys)
    check.fail(field, fmt::format("{} .. {} is {} keys, above the limit of {}", h.from, h.to,
                                  h.to - h.from + 1, kMaxHistogramKeys));
  if (const json* d = member(spec, "description"))
    h.description = check.non_empty_string(field + ".description", *d);
  return h;
}

// A metric id: lowercase letters, digits, '_' and '.', not starting or ending with '.', at most
// kMaxMeasureNameBytes.
void check_metric_id(const Checker& check, const std::string& field, const std::string& id) {
  const bool ok = !id.empty() && id.size() <= kMaxMeasureNameBytes && id.front() != '.' &&
                  id.back() != '.' && std::all_of(id.begin(), id.end(), [](char c) {
                    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
                  });
  if (!ok)
    check.fail(field, fmt::format("'{}' is not a metric id (lowercase letters, digits, '_' and "
                                  "'.', at most {} bytes; e.g. \"turns\", \"stats.sevens\")",
                                  id, kMaxMeasureNameBytes));
}

// A string of 1 to `limit` bytes.
std::string bounded_string(const Checker& check, const std::string& field, const json& j,
                           std::size_t limit) {
  const std::string s = check.non_empty_string(field, j);
  if (s.size() > limit) check.fail(field, fmt::format("longer than {} bytes", limit));
  return s;
}

// "metrics": {"primary": [id, ...], "names": {id: {"label", "unit"?}}}.
void parse_metrics(const Checker& check, const json& metrics, MeasureSpec& spec) {
  if (!metrics.is_object())
    check.fail("metrics", "expected an object with primary and names, got " + describe(metrics));
  check.no_unknown_fields("metrics.", metrics, kMetricsFields);
  if (const json* primary = member(metrics, "primary")) {
    if (!primary->is_array())
      check.fail("metrics.primary", "expected a list of metric ids, got " + describe(*primary));
    for (std::size_t i = 0; i < primary->size(); ++i) {
      const std::string field = fmt::format("metrics.primary[{}]", i);
      const json& entry = (*primary)[i];
      if (!entry.is_string()) check.fail(field, "expected a metric id, got " + describe(entry));
      const std::string id = entry.get<std::string>();
      check_metric_id(check, field, id);
      if (std::find(spec.primary.begin(), spec.primary.end(), id) != spec.primary.end())
        check.fail(field, fmt::format("'{}' is listed twice", id));
      spec.primary.push_back(id);
    }
  }
  if (const json* names = member(metrics, "names")) {
    if (!names->is_object())
      check.fail("metrics.names",
                 "expected an object mapping metric ids to {label, unit}, got " + describe(*names));
    for (const auto& [id, name] : names->items()) {
      const std::string field = "metrics.names." + id;
      check_metric_id(check, field, id);
      if (!name.is_object())
        check.fail(field, "expected {\"label\": ..., \"unit\": ...}, got " + describe(name));
      check.no_unknown_fields(field + ".", name, kMetricNameFields);
      const json* label = member(name, "label");
      if (label == nullptr) check.fail(field + ".label", "missing (the name a report shows)");
      MetricName m;
      m.label = bounded_string(check, field + ".label", *label, kMaxMetricLabelBytes);
      if (const json* unit = member(name, "unit"))
        m.unit = bounded_string(check, field + ".unit", *unit, kMaxMetricUnitBytes);
      spec.names[id] = std::move(m);
    }
  }
}

}  // namespace

MeasureSpec parse_measures(const Checker& check, const json& root) {
  MeasureSpec spec;
  if (const json* score = member(root, "score"))
    spec.score =
        measure_name(check, "score", *score, "the name of a player property (e.g. \"vp\")");
  if (const json* histograms = member(root, "histograms")) {
    if (!histograms->is_object())
      check.fail("histograms", "expected an object mapping histogram names to their specs, got " +
                                   describe(*histograms));
    for (const auto& [name, spec_json] : histograms->items())
      spec.histograms.push_back(parse_histogram(check, name, spec_json));
  }
  if (const json* metrics = member(root, "metrics")) parse_metrics(check, *metrics, spec);
  return spec;
}

}  // namespace catan::packs::manifest_parse
