#pragma once
// The event registry: which events exist and which handlers run for each, in what order.
// Dispatch itself belongs to the scripting layer, which owns the callbacks; the kernel only
// keeps the order, so it holds each callback as an opaque integer.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/name_table.h"

namespace catan::engine {

struct EventInfo {
  std::string name;
  std::string description;
  std::string declared_by;  // pack name, or "kernel"
};

// One registered handler. Ordering key: (priority ascending, pack load index, registration seq).
struct Handler {
  int priority = 0;
  int pack = 0;               // load index of the registering pack
  int seq = 0;                // registration order, assigned by the registry
  bool after = false;         // runs after the default action instead of before it
  std::int64_t callback = 0;  // owner-defined (a Lua registry reference; the scripting layer
                              // finds the function's file and line from it for messages)
};

// Declared events and their handlers. Raising an event with no handlers costs one vector access.
class EventRegistry {
 public:
  // Declares `name`; declaring it again from the same owner is a no-op, from another owner an
  // error.
  int declare(std::string_view name, std::string_view description, std::string_view declared_by);
  // The id of a declared event, or -1.
  int find(std::string_view name) const;
  // Adds a handler for a declared event, keeping the order invariant. Throws std::runtime_error
  // "unknown event 'x' (did you mean 'y'?)" for an undeclared name.
  void add_handler(std::string_view event, Handler handler);

  // Handlers that run before the default action, in order.
  std::span<const Handler> before(int event) const { return lists_[index(event)].before; }
  // Handlers that run after the default action, in order.
  std::span<const Handler> after(int event) const { return lists_[index(event)].after; }
  bool has_handlers(int event) const {
    const auto& l = lists_[index(event)];
    return !l.before.empty() || !l.after.empty();
  }

  int size() const noexcept { return names_.size(); }
  const EventInfo& info(int event) const { return infos_[index(event)]; }
  const std::vector<std::string>& names() const noexcept { return names_.names(); }

  // An estimate of the heap bytes the handlers registered since the last clear_handlers() hold.
  std::size_t handler_bytes() const noexcept {
    return static_cast<std::size_t>(next_seq_) * sizeof(Handler);
  }

  // Removes every handler, keeping declarations.
  void clear_handlers();
  // Removes everything.
  void clear();

 private:
  struct Lists {
    std::vector<Handler> before, after;
  };
  std::size_t index(int event) const;
  NameTable names_;
  std::vector<EventInfo> infos_;
  std::vector<Lists> lists_;
  int next_seq_ = 0;
};

}  // namespace catan::engine
