#include "scripting/draw_spec.h"

#include <algorithm>

#include "scripting/manifest.h"

namespace catan::packs {

namespace {

// A field is unset when a pack declared nothing for it.
bool unset(const std::string& v) {
  return v.empty();
}
template <typename T>
bool unset(const std::vector<T>& v) {
  return v.empty();
}
bool unset(const PointsLook& v) {
  return v.total.empty();
}
bool unset(bool v) {
  return !v;
}

}  // namespace

bool DrawSpec::empty() const {
  bool empty = true;
  for_each_draw_field([&](const char*, auto member) { empty = empty && unset(this->*member); });
  return empty;
}

char DrawSpec::piece_symbol(std::string_view piece) const {
  for (const auto& [name, look] : pieces)
    if (name == piece) return look.symbol;
  return '?';
}

std::string DrawSpec::harbor_label(std::string_view value) const {
  const std::string* label = nullptr;
  for (const auto& [key, text] : harbor_labels) {
    if (key == value) label = &text;
    if (key == "*" && label == nullptr) label = &text;
  }
  if (label == nullptr) return std::string(value);
  std::string out = *label;
  if (const auto at = out.find("{}"); at != std::string::npos) out.replace(at, 2, value);
  return out;
}

namespace {

// How a later pack's field lays over an earlier one's: a set name replaces; named entries are
// added, replacing one of the same name; a declared dice list replaces; tracks are added,
// replacing one of the same prop; declared points replace; the sheet flag is kept once set.
void lay_over(std::string& to, const std::string& from) {
  if (!from.empty()) to = from;
}
template <typename T>
void lay_over(std::vector<std::pair<std::string, T>>& to,
              const std::vector<std::pair<std::string, T>>& from) {
  for (const auto& entry : from) {
    auto it =
        std::find_if(to.begin(), to.end(), [&](const auto& e) { return e.first == entry.first; });
    if (it == to.end())
      to.push_back(entry);
    else
      it->second = entry.second;
  }
}
void lay_over(std::vector<DieLook>& to, const std::vector<DieLook>& from) {
  if (!from.empty()) to = from;
}
void lay_over(std::vector<TrackLook>& to, const std::vector<TrackLook>& from) {
  for (const TrackLook& t : from) {
    auto it = std::find_if(to.begin(), to.end(),
                           [&](const TrackLook& mine) { return mine.prop == t.prop; });
    if (it == to.end())
      to.push_back(t);
    else
      *it = t;
  }
}
void lay_over(PointsLook& to, const PointsLook& from) {
  if (!from.total.empty()) to = from;
}
void lay_over(bool& to, bool from) {
  to = to || from;
}

}  // namespace

void DrawSpec::merge(const DrawSpec& other) {
  for_each_draw_field([&](const char*, auto member) { lay_over(this->*member, other.*member); });
}

DrawSpec merged_draw_spec(const std::vector<const Manifest*>& packs) {
  DrawSpec spec;
  for (const auto* m : packs) spec.merge(m->draw);
  return spec;
}

}  // namespace catan::packs
