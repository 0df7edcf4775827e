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

namespace {

// A draw field as the viewer reads it: a set name as a string, named entries as an object,
// dice and tracks as lists, points as {total, sources}. Unset names and points are left out.
void put_field(json& out, const char* key, const std::string& v) {
  if (!v.empty()) out[key] = v;
}
void put_field(json& out, const char* key,
               const std::vector<std::pair<std::string, std::string>>& named) {
  json o = json::object();
  for (const auto& [name, text] : named) o[name] = text;
  out[key] = o;
}
void put_field(json& out, const char* key,
               const std::vector<std::pair<std::string, packs::PieceLook>>& pieces) {
  json o = json::object();
  for (const auto& [name, look] : pieces) {
    json p = {{"symbol", std::string(1, look.symbol)}};
    if (!look.shape.empty()) p["shape"] = look.shape;
    if (!look.filled_by.empty()) p["filled_by"] = look.filled_by;
    o[name] = p;
  }
  out[key] = o;
}
void put_field(json& out, const char* key,
               const std::vector<std::pair<std::string, packs::MarkLook>>& marks) {
  json o = json::object();
  for (const auto& [prop, look] : marks) {
    json m = {{"symbol", look.symbol}};
    if (!look.shape.empty()) m["shape"] = look.shape;
    o[prop] = m;
  }
  out[key] = o;
}
void put_field(json& out, const char* key,
               const std::vector<std::pair<std::string, packs::TileToken>>& tokens) {
  json o = json::object();
  for (const auto& [prop, t] : tokens)
    o[prop] = {{"symbol", std::string(1, t.symbol)}, {"colour", t.colour}};
  out[key] = o;
}
void put_field(json& out, const char* key, const std::vector<packs::DieLook>& dice) {
  json list = json::array();
  for (const packs::DieLook& die : dice) {
    json faces = json::object();
    for (const auto& [face, c] : die.faces) faces[face] = c;
    list.push_back({{"prop", die.prop}, {"colour", die.colour}, {"faces", faces}});
  }
  out[key] = list;
}
void put_field(json& out, const char* key, const std::vector<packs::TrackLook>& tracks) {
  json list = json::array();
  for (const packs::TrackLook& t : tracks)
    list.push_back({{"prop", t.prop}, {"length", t.length}, {"label", t.label}});
  out[key] = list;
}
void put_field(json& out, const char* key, const packs::PointsLook& points) {
  if (!points.total.empty()) out[key] = {{"total", points.total}, {"sources", points.prefix}};
}
void put_field(json& out, const char* key, bool flag) {
  out[key] = flag;
}

}  // namespace

json draw_json(const packs::DrawSpec& d) {
  json out = json::object();
  packs::for_each_draw_field([&](const char* key, auto member) { put_field(out, key, d.*member); });
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
