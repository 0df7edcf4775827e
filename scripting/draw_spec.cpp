#include "scripting/draw_spec.h"

#include <algorithm>

#include "scripting/manifest.h"

namespace catan::packs {

bool DrawSpec::empty() const {
  return tile_terrain.empty() && tile_label.empty() && tile_number.empty() && robber.empty() &&
         node_owner.empty() && node_piece.empty() && harbor.empty() && path_owner.empty() &&
         pieces.empty() && marks.empty() && dice.empty() && tracks.empty() && tile_tokens.empty() &&
         node_labels.empty() && tile_counts.empty() && harbor_labels.empty() &&
         points.total.empty() && !sheet;
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

template <typename T>
void add_or_replace(std::vector<std::pair<std::string, T>>& to,
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

void take(std::string& to, const std::string& from) {
  if (!from.empty()) to = from;
}

}  // namespace

void DrawSpec::merge(const DrawSpec& other) {
  take(tile_terrain, other.tile_terrain);
  take(tile_label, other.tile_label);
  take(tile_number, other.tile_number);
  take(robber, other.robber);
  take(node_owner, other.node_owner);
  take(node_piece, other.node_piece);
  take(harbor, other.harbor);
  take(path_owner, other.path_owner);
  take(number_dots, other.number_dots);
  add_or_replace(terrain_colours, other.terrain_colours);
  add_or_replace(tile_tokens, other.tile_tokens);
  add_or_replace(node_labels, other.node_labels);
  add_or_replace(pieces, other.pieces);
  add_or_replace(marks, other.marks);
  if (!other.dice.empty()) dice = other.dice;
  if (!other.points.total.empty()) points = other.points;
  for (const TrackLook& t : other.tracks) {
    auto it = std::find_if(tracks.begin(), tracks.end(),
                           [&](const TrackLook& mine) { return mine.prop == t.prop; });
    if (it == tracks.end())
      tracks.push_back(t);
    else
      *it = t;
  }
  add_or_replace(tile_counts, other.tile_counts);
  add_or_replace(harbor_labels, other.harbor_labels);
  sheet = sheet || other.sheet;
}

DrawSpec merged_draw_spec(const std::vector<const Manifest*>& packs) {
  DrawSpec spec;
  for (const auto* m : packs) spec.merge(m->draw);
  return spec;
}

}  // namespace catan::packs
