#include "view/state_json.h"

#include "engine/seat_view.h"
#include "view/game_recording.h"

namespace catan::view {

using json = nlohmann::json;

json value_json(const engine::Value& v) {
  struct Visitor {
    json operator()(std::monostate) const { return nullptr; }
    json operator()(bool b) const { return b; }
    json operator()(std::int64_t i) const { return i; }
    json operator()(double d) const { return d; }
    json operator()(const std::string& s) const { return cut_text(s, kMaxValueBytes); }
  };
  return std::visit(Visitor{}, v);
}

// {key: {id: value}} of the set values of `props`.
json props_by_key(const engine::Properties& props) {
  json out = json::object();
  for (int k = 0; k < props.keys().size(); ++k) {
    const auto& column = props.column(k);
    json values = json::object();
    for (std::size_t id = 0; id < column.size(); ++id)
      if (!engine::is_nil(column[id])) values[std::to_string(id)] = value_json(column[id]);
    if (!values.empty()) out[props.keys().name(k)] = std::move(values);
  }
  return out;
}

// [ {key: value} ] per element of `props`.
json props_by_element(const engine::Properties& props, int elements) {
  json out = json::array();
  for (int id = 0; id < elements; ++id) {
    json values = json::object();
    for (int k = 0; k < props.keys().size(); ++k) {
      const auto& column = props.column(k);
      if (static_cast<std::size_t>(id) < column.size() &&
          !engine::is_nil(column[static_cast<std::size_t>(id)]))
        values[props.keys().name(k)] = value_json(column[static_cast<std::size_t>(id)]);
    }
    out.push_back(std::move(values));
  }
  return out;
}

json hands(const engine::GameState& s, std::optional<int> seen_by) {
  json out = json::array();
  for (int h = 0; h < s.holdings.holders(); ++h) {
    json forms = json::object();
    for (int f = 0; f < s.forms.size(); ++f) {
      json kinds = json::object();
      if (seen_by && !engine::SeatView(s, *seen_by).sees_kinds(h, f)) {
        if (const auto n = s.holdings.total(h, f); n != 0) kinds["hidden"] = n;
      } else {
        for (int k = 0; k < s.kinds.size(); ++k)
          if (const auto n = s.holdings.count(h, f, k); n != 0) kinds[s.kinds.name(k)] = n;
      }
      if (!kinds.empty()) forms[s.forms.name(f)] = std::move(kinds);
    }
    out.push_back(std::move(forms));
  }
  return out;
}

json state_sections(const engine::GameState& s, std::optional<int> seen_by) {
  return {{"hands", hands(s, seen_by)},
          {"player_props", props_by_element(s.player_props, s.players)},
          {"game_props", props_by_element(s.game_props, 1)[0]},
          {"tiles", props_by_key(s.tile_props)},
          {"nodes", props_by_key(s.node_props)},
          {"paths", props_by_key(s.path_props)}};
}

json draw_json(const packs::DrawSpec& d) {
  json out = json::object();
  const auto put = [&](const char* key, const std::string& v) {
    if (!v.empty()) out[key] = v;
  };
  put("tile_terrain", d.tile_terrain);
  put("tile_label", d.tile_label);
  put("tile_number", d.tile_number);
  put("robber", d.robber);
  put("node_owner", d.node_owner);
  put("node_piece", d.node_piece);
  put("harbor", d.harbor);
  put("path_owner", d.path_owner);
  put("number_dots", d.number_dots);
  json pieces = json::object(), marks = json::object(), terrain = json::object();
  json tokens = json::object(), labels = json::object(), dice = json::array(),
       tracks = json::array();
  for (const auto& [name, look] : d.pieces) {
    json p = {{"symbol", std::string(1, look.symbol)}};
    if (!look.shape.empty()) p["shape"] = look.shape;
    if (!look.filled_by.empty()) p["filled_by"] = look.filled_by;
    pieces[name] = p;
  }
  for (const auto& [key, look] : d.marks) {
    json m = {{"symbol", look.symbol}};
    if (!look.shape.empty()) m["shape"] = look.shape;
    marks[key] = m;
  }
  for (const auto& [name, c] : d.terrain_colours) terrain[name] = c;
  for (const auto& [key, t] : d.tile_tokens)
    tokens[key] = {{"symbol", std::string(1, t.symbol)}, {"colour", t.colour}};
  for (const auto& [key, c] : d.node_labels) labels[key] = c;
  for (const packs::DieLook& die : d.dice) {
    json faces = json::object();
    for (const auto& [face, c] : die.faces) faces[face] = c;
    dice.push_back({{"prop", die.prop}, {"colour", die.colour}, {"faces", faces}});
  }
  for (const packs::TrackLook& t : d.tracks)
    tracks.push_back({{"prop", t.prop}, {"length", t.length}, {"label", t.label}});
  out["pieces"] = pieces;
  out["marks"] = marks;
  out["terrain_colours"] = terrain;
  out["tile_tokens"] = tokens;
  out["node_labels"] = labels;
  out["dice"] = dice;
  out["tracks"] = tracks;
  json harbors = json::object();
  for (const auto& [value, label] : d.harbor_labels) harbors[value] = label;
  out["harbor_labels"] = harbors;
  json counts = json::object();
  for (const auto& [key, symbol] : d.tile_counts) counts[key] = symbol;
  out["tile_counts"] = counts;
  if (!d.points.total.empty())
    out["points"] = {{"total", d.points.total}, {"sources", d.points.prefix}};
  out["sheet"] = d.sheet;
  return out;
}

json board_json(const engine::Board& b) {
  if (!b.finalized() || b.tile_count() == 0) return nullptr;
  json tiles = json::array();
  for (int t = 0; t < b.tile_count(); ++t) {
    const auto a = b.tile_coord(t);
    const auto nodes = b.tile_nodes(t);
    const auto paths = b.tile_paths(t);
    tiles.push_back({{"q", a.q},
                     {"r", a.r},
                     {"nodes", std::vector<int>(nodes.begin(), nodes.end())},
                     {"paths", std::vector<int>(paths.begin(), paths.end())}});
  }
  return {{"tiles", tiles}, {"nodes", b.node_count()}, {"paths", b.path_count()}};
}

}  // namespace catan::view
