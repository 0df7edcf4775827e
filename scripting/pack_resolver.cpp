#include "scripting/pack_resolver.h"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

namespace catan::packs {
namespace {

// The packs being resolved, keyed (and so iterated) by name.
struct Node {
  const Manifest* manifest = nullptr;
  std::string required_by;  // empty if requested directly
};
using Graph = std::map<std::string, Node, std::less<>>;

std::vector<std::string> sorted(std::vector<std::string> names) {
  std::sort(names.begin(), names.end());
  return names;
}

// Depth-first search for a requires cycle; throws on the first one found. Visiting names and
// edges in alphabetical order makes the reported cycle deterministic.
void check_cycles(const Graph& graph) {
  enum class Mark { New, Active, Done };
  std::map<std::string_view, Mark> marks;
  std::vector<std::string_view> stack;

  auto visit = [&](auto& self, std::string_view name) -> void {
    marks[name] = Mark::Active;
    stack.push_back(name);
    for (const std::string& required : sorted(graph.find(name)->second.manifest->requires_)) {
      const std::string_view dep = graph.find(required)->first;  // stable storage for the key
      const Mark mark = marks[dep];
      if (mark == Mark::Active) {
        std::vector<std::string_view> cycle(std::find(stack.begin(), stack.end(), dep),
                                            stack.end());
        std::rotate(cycle.begin(), std::min_element(cycle.begin(), cycle.end()), cycle.end());
        std::string text;
        for (std::string_view step : cycle) text += std::string(step) + " -> ";
        text += cycle.front();
        throw PackError(
            fmt::format("pack '{}': field 'requires': dependency cycle {}", cycle.front(), text));
      }
      if (mark == Mark::New) self(self, dep);
    }
    stack.pop_back();
    marks[name] = Mark::Done;
  };
  for (const auto& [name, node] : graph) {
    if (marks[name] == Mark::New) visit(visit, name);
  }
}

void check_conflicts(const Graph& graph) {
  for (const auto& [name, node] : graph) {
    for (const std::string& other : node.manifest->conflicts) {
      const auto it = graph.find(other);
      if (it == graph.end()) continue;
      std::string why;
      if (!it->second.required_by.empty()) why = " (required by '" + it->second.required_by + "')";
      throw PackError(fmt::format(
          "pack '{}': field 'conflicts': conflicts with pack '{}', which is also loaded{}", name,
          other, why));
    }
  }
}

}  // namespace

std::vector<const Manifest*> resolve(PackSearch& search,
                                     const std::vector<std::string>& requested) {
  Graph graph;
  for (const std::string& ref : requested) {
    const Manifest& manifest = search.find(ref);
    auto [it, inserted] = graph.emplace(manifest.name, Node{&manifest, ""});
    if (!inserted && it->second.manifest != &manifest) {
      // Report the two directories in a fixed order, whatever the request order.
      std::string first = it->second.manifest->dir.string(), second = manifest.dir.string();
      if (second < first) std::swap(first, second);
      throw PackError(
          fmt::format("pack '{}' is requested twice from different directories: {} and {}",
                      manifest.name, first, second));
    }
  }

  // Transitive closure. Always expanding the smallest pending name keeps the choice of
  // required_by (and of which missing dependency is reported) independent of request order.
  std::set<std::string, std::less<>> pending;
  for (const auto& entry : graph) pending.insert(entry.first);
  while (!pending.empty()) {
    const std::string name = *pending.begin();
    pending.erase(pending.begin());
    const Manifest& manifest = *graph.find(name)->second.manifest;
    for (const std::string& dep : sorted(manifest.requires_)) {
      if (graph.count(dep) != 0) continue;
      const Manifest* found = search.find_name(dep);
      if (found == nullptr) {
        throw PackError(fmt::format("pack '{}': field 'requires': pack '{}' {}", name, dep,
                                    search.explain_missing(dep)));
      }
      graph.emplace(dep, Node{found, name});
      pending.insert(dep);
    }
  }

  check_cycles(graph);
  check_conflicts(graph);

  // Kahn's algorithm, always taking the alphabetically smallest ready pack.
  std::map<std::string_view, std::size_t> unmet;
  std::map<std::string_view, std::vector<std::string_view>> dependents;
  std::set<std::string_view> ready;
  for (const auto& [name, node] : graph) {
    unmet[name] = node.manifest->requires_.size();
    for (const std::string& dep : node.manifest->requires_) dependents[dep].push_back(name);
    if (node.manifest->requires_.empty()) ready.insert(name);
  }
  std::vector<const Manifest*> order;
  order.reserve(graph.size());
  while (!ready.empty()) {
    const std::string_view name = *ready.begin();
    ready.erase(ready.begin());
    order.push_back(graph.find(name)->second.manifest);
    for (std::string_view dependent : dependents[name]) {
      if (--unmet[dependent] == 0) ready.insert(dependent);
    }
  }
  return order;
}

}  // namespace catan::packs
