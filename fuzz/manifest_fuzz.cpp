// libFuzzer target: pack manifests. Each input is the pack.json of a scratch pack folder that also
// holds main.lua and tests/main_test.lua (so entry lists can name existing scripts), loaded with
// packs::load_manifest. Contract: a Manifest satisfying the invariants stated in
// scripting/manifest.h, or a PackError; any other exception, a crash or a sanitizer report is a
// finding.
#include <algorithm>
#include <fstream>
#include <set>

#include "fuzz/fuzz_input.h"
#include "scripting/manifest.h"

namespace {

const std::filesystem::path& pack_dir() {
  static const std::filesystem::path dir = [] {
    const std::filesystem::path d = catan::fuzz::scratch_dir() / "pack";
    std::filesystem::create_directories(d / "tests");
    std::ofstream(d / "main.lua") << "-- entry\n";
    std::ofstream(d / "rules.lua") << "-- entry\n";
    std::ofstream(d / "tests" / "main_test.lua") << "-- tests\n";
    return d;
  }();
  return dir;
}

void check_invariants(const catan::packs::Manifest& m) {
  using catan::fuzz::broken;
  if (!catan::packs::is_valid_pack_name(m.name)) broken("invalid name '" + m.name + "'");
  if (m.description.empty()) broken("empty description");
  if (m.entry.empty()) broken("no entry script");
  for (const auto& list : {m.requires_, m.conflicts}) {
    if (std::set<std::string>(list.begin(), list.end()).size() != list.size()) {
      broken("duplicate pack name in requires/conflicts");
    }
    if (std::find(list.begin(), list.end(), m.name) != list.end()) broken("pack names itself");
  }
  std::set<std::string> keys;
  for (const catan::packs::OptionSpec& o : m.options) {
    if (!keys.insert(o.key).second) broken("duplicate option '" + o.key + "'");
    if (o.description.empty()) broken("option '" + o.key + "' without a description");
    if (o.min && o.max && *o.min > *o.max) broken("option '" + o.key + "': min > max");
    if (const auto problem = catan::packs::option_value_problem(o, o.default_value)) {
      broken("option '" + o.key + "': the default is not acceptable: " + *problem);
    }
  }
  std::set<std::string> events;
  for (const catan::packs::EventSpec& e : m.events) {
    if (!events.insert(e.name).second) broken("duplicate event '" + e.name + "'");
    if (e.when.empty()) broken("event '" + e.name + "' without a description");
    std::set<std::string> fields;
    for (const catan::packs::PayloadField& f : e.payload) {
      if (!fields.insert(f.name).second) broken("event '" + e.name + "': duplicate field");
      if (f.description.empty()) broken("event '" + e.name + "': field without a description");
      if (f.min && f.max && *f.min > *f.max) broken("event '" + e.name + "': min > max");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  catan::fuzz::write_input(pack_dir() / "pack.json", data, size);
  try {
    check_invariants(catan::packs::load_manifest(pack_dir()));
  } catch (const catan::packs::PackError&) {
    // A refused manifest: the expected outcome for most inputs.
  }
  return 0;
}
