#include "search/position_features.h"

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace catan::search {
namespace {

using engine::Properties;
using engine::Value;

constexpr std::int64_t kCategoryLimit = 20;  // integers within +-20 are categories

// Appends the category text of `v` to `out` and returns true, or returns false when `v` is no
// category (nil, false, a number, a large integer).
bool append_category(const Value& v, std::string& out) {
  if (const auto* s = std::get_if<std::string>(&v)) {
    out += *s;
    return true;
  }
  if (const auto* i = std::get_if<std::int64_t>(&v)) {
    if (*i < -kCategoryLimit || *i > kCategoryLimit) return false;
    out += std::to_string(*i);
    return true;
  }
  return false;
}

// The seat (0-based) a seat key's value names, or -1.
int seat_of(const Value& v, int players) {
  const auto* i = std::get_if<std::int64_t>(&v);
  return i != nullptr && *i >= 1 && *i <= players ? static_cast<int>(*i) - 1 : -1;
}

// Per column of `props`: whether it is a seat key (at least one value, every value a seat).
std::vector<char> seat_keys(const Properties& props, int players) {
  std::vector<char> keys(static_cast<std::size_t>(props.keys().size()), 0);
  for (int k = 0; k < props.keys().size(); ++k) {
    bool any = false, all = true;
    for (const Value& v : props.column(k)) {
      if (std::holds_alternative<std::monostate>(v)) continue;
      any = true;
      if (seat_of(v, players) < 0) {
        all = false;
        break;
      }
    }
    keys[static_cast<std::size_t>(k)] = any && all;
  }
  return keys;
}

// Reports the features of one kind of board element (`elem`: "tile", "node" or "path"), for
// nodes with the production features of the tiles at their corners.
class ElementFeatures {
 public:
  // The seat keys of each kind of element are found once, here.
  ElementFeatures(const engine::GameState& state, FeatureSink& sink)
      : state_(state),
        sink_(sink),
        players_(state.players),
        tile_seat_(seat_keys(state.tile_props, players_)),
        node_seat_(seat_keys(state.node_props, players_)),
        path_seat_(seat_keys(state.path_props, players_)) {}

  void tile_features() { run("tile", state_.tile_props, tile_seat_, false); }
  void node_features() { run("node", state_.node_props, node_seat_, true); }
  void path_features() { run("path", state_.path_props, path_seat_, false); }

 private:
  // `seat`: the seat keys of `props`.
  void run(std::string_view elem, const Properties& props, const std::vector<char>& seat,
           bool with_tiles) {
    const int keys = props.keys().size();
    std::vector<char> piece_key;
    if (with_tiles) piece_key = piece_keys(props, seat);
    for (int id = 0; id < props.elements(); ++id) {
      for (int k = 0; k < keys; ++k) {
        if (!seat[static_cast<std::size_t>(k)]) continue;
        const int p = seat_of(props.column(k)[static_cast<std::size_t>(id)], players_);
        if (p < 0) continue;
        base_.assign(elem);
        base_ += '.';
        base_ += props.keys().name(k);
        sink_.add(p, base_, 1);
        bool piece = false;  // whether the element has a piece key
        for (int c = 0; c < keys; ++c) {
          if (c == k || seat[static_cast<std::size_t>(c)]) continue;
          const Value& v = props.column(c)[static_cast<std::size_t>(id)];
          name_ = base_;
          name_ += '.';
          name_ += props.keys().name(c);
          if (std::holds_alternative<bool>(v)) {
            if (std::get<bool>(v)) sink_.add(p, name_, 1);
            continue;
          }
          name_ += '=';
          if (!append_category(v, name_)) continue;
          sink_.add(p, name_, 1);
          if (with_tiles && piece_key[static_cast<std::size_t>(c)] &&
              std::holds_alternative<std::string>(v)) {
            piece = true;
            tiles(p, id, name_);
          }
        }
        if (with_tiles && !piece) tiles(p, id, base_);
      }
    }
  }

  // Per column of `props`: whether it is a piece key, set only on elements that have a seat
  // key's value (base's "building"; not "harbor", which unowned nodes carry too).
  std::vector<char> piece_keys(const Properties& props, const std::vector<char>& seat) const {
    const int keys = props.keys().size();
    std::vector<char> piece(static_cast<std::size_t>(keys), 1);
    for (int id = 0; id < props.elements(); ++id) {
      bool owned = false;
      for (int k = 0; k < keys && !owned; ++k)
        owned = seat[static_cast<std::size_t>(k)] &&
                seat_of(props.column(k)[static_cast<std::size_t>(id)], players_) >= 0;
      if (owned) continue;
      for (int c = 0; c < keys; ++c)
        if (!std::holds_alternative<std::monostate>(props.column(c)[static_cast<std::size_t>(id)]))
          piece[static_cast<std::size_t>(c)] = 0;
    }
    return piece;
  }

  // The production features of node `node` of seat p: `prefix`.tile.T=U per corner tile.
  void tiles(int p, int node, const std::string& prefix) {
    const Properties& props = state_.tile_props;
    for (const int t : state_.board.node_tiles(node)) {
      for (int c = 0; c < props.keys().size(); ++c) {
        if (tile_seat_[static_cast<std::size_t>(c)]) continue;
        tile_name_ = prefix;
        tile_name_ += ".tile.";
        tile_name_ += props.keys().name(c);
        tile_name_ += '=';
        if (append_category(props.column(c)[static_cast<std::size_t>(t)], tile_name_))
          sink_.add(p, tile_name_, 1);
      }
    }
  }

  // The open ends of seat paths: for each path seat key K, the nodes at an end of a path of p
  // that carry no seat key's value (where p's paths could lead), each once:
  // path.K.open_node, and path.K.open_node.tile.T=U for the tiles at its corners.
 public:
  void open_ends() {
    const Properties& paths = state_.path_props;
    const Properties& nodes = state_.node_props;
    const std::vector<char>& path_seat = path_seat_;
    const std::vector<char>& node_seat = node_seat_;
    std::vector<char> owned(static_cast<std::size_t>(nodes.elements()), 0);
    for (int k = 0; k < nodes.keys().size(); ++k) {
      if (!node_seat[static_cast<std::size_t>(k)]) continue;
      const auto& column = nodes.column(k);
      for (std::size_t n = 0; n < column.size(); ++n)
        if (seat_of(column[n], players_) >= 0) owned[n] = 1;
    }
    std::vector<int> seen(owned.size(), -1);  // the last (seat, key) that counted the node
    for (int k = 0; k < paths.keys().size(); ++k) {
      if (!path_seat[static_cast<std::size_t>(k)]) continue;
      const auto& column = paths.column(k);
      for (int p = 0; p < players_; ++p) {
        base_ = "path.";
        base_ += paths.keys().name(k);
        base_ += ".open_node";
        const int mark = k * players_ + p;
        for (std::size_t e = 0; e < column.size(); ++e) {
          if (seat_of(column[e], players_) != p) continue;
          for (const int n : state_.board.path_nodes(static_cast<int>(e))) {
            const auto i = static_cast<std::size_t>(n);
            if (i >= owned.size() || owned[i] || seen[i] == mark) continue;
            seen[i] = mark;
            sink_.add(p, base_, 1);
            tiles(p, n, base_);
          }
        }
      }
    }
  }

 private:
  const engine::GameState& state_;
  FeatureSink& sink_;
  const int players_;
  // Reused name buffers: no allocation once they have grown.
  const std::vector<char> tile_seat_, node_seat_, path_seat_;
  std::string base_, name_, tile_name_;
};

}  // namespace

void extract_features(const engine::GameState& state, FeatureSink& sink) {
  const int n = state.players;
  std::string name;
  for (int p = 0; p < n; ++p) {
    name = "turn.order=";
    name += std::to_string((p - state.current + n) % n);
    sink.add(p, name, 1);
  }

  const Properties& players = state.player_props;
  for (int k = 0; k < players.keys().size(); ++k) {
    const auto& column = players.column(k);
    for (int p = 0; p < n && p < static_cast<int>(column.size()); ++p) {
      const Value& v = column[static_cast<std::size_t>(p)];
      double x = 0;
      if (const auto* i = std::get_if<std::int64_t>(&v))
        x = static_cast<double>(*i);
      else if (const auto* d = std::get_if<double>(&v))
        x = *d;
      else if (const auto* b = std::get_if<bool>(&v))
        x = *b ? 1 : 0;
      else
        continue;
      name = "player.";
      name += players.keys().name(k);
      sink.add(p, name, x);
    }
  }

  const engine::Holdings& h = state.holdings;
  for (int f = 0; f < h.forms() && f < state.forms.size(); ++f) {
    for (int k = 0; k < h.kinds() && k < state.kinds.size(); ++k) {
      for (int p = 0; p < n && p < h.holders(); ++p) {
        const std::int64_t count = h.count(p, f, k);
        if (count == 0) continue;
        name = "holds.";
        name += state.forms.name(f);
        name += '.';
        name += state.kinds.name(k);
        sink.add(p, name, static_cast<double>(count));
      }
    }
  }

  ElementFeatures elements(state, sink);
  elements.tile_features();
  if (state.board.finalized()) elements.node_features();
  elements.path_features();
  if (state.board.finalized()) elements.open_ends();
}

}  // namespace catan::search
