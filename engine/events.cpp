#include "engine/events.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace catan::engine {

std::size_t EventRegistry::index(int event) const {
  if (event < 0 || event >= size())
    throw std::out_of_range(fmt::format("unknown event id {}", event));
  return static_cast<std::size_t>(event);
}

int EventRegistry::declare(std::string_view name, std::string_view description,
                           std::string_view declared_by) {
  if (const auto id = names_.find(name)) {
    const auto& existing = infos_[static_cast<std::size_t>(*id)];
    if (existing.declared_by != declared_by) {
      throw std::runtime_error(fmt::format("event '{}' is declared by both '{}' and '{}'", name,
                                           existing.declared_by, declared_by));
    }
    return *id;
  }
  const int id = names_.intern(name);
  infos_.push_back({std::string(name), std::string(description), std::string(declared_by)});
  lists_.emplace_back();
  return id;
}

int EventRegistry::find(std::string_view name) const {
  const auto id = names_.find(name);
  return id ? *id : -1;
}

void EventRegistry::add_handler(std::string_view event, Handler handler) {
  const int id = find(event);
  if (id < 0) {
    const std::string hint = closest_name(event, names_.names());
    throw std::runtime_error(
        hint.empty() ? fmt::format("unknown event '{}'", event)
                     : fmt::format("unknown event '{}' (did you mean '{}'?)", event, hint));
  }
  handler.seq = next_seq_++;
  auto& list = handler.after ? lists_[index(id)].after : lists_[index(id)].before;
  const auto key = [](const Handler& h) { return std::tuple(h.priority, h.pack, h.seq); };
  const auto pos =
      std::upper_bound(list.begin(), list.end(), handler,
                       [&](const Handler& a, const Handler& b) { return key(a) < key(b); });
  list.insert(pos, std::move(handler));
}

void EventRegistry::clear_handlers() {
  for (auto& l : lists_) {
    l.before.clear();
    l.after.clear();
  }
  next_seq_ = 0;
}

void EventRegistry::clear() {
  names_.clear();
  infos_.clear();
  lists_.clear();
  next_seq_ = 0;
}

}  // namespace catan::engine
