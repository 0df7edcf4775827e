#include "view/text_board.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <string_view>

#include <fmt/format.h>

namespace catan::view {

namespace {

// A character of the picture and the seat (1-based) whose colour it takes, 0 for none.
struct Cell {
  char c = ' ';
  int seat = 0;
};

class Canvas {
 public:
  // Bytes outside printable ASCII (pack-chosen texts) are drawn as '?': the picture is safe for
  // a terminal and keeps its columns.
  void put(int line, int col, char c, int seat = 0) {
    cells_[{line, col}] = Cell{c >= ' ' && c <= '~' ? c : '?', seat};
  }
  void text(int line, int col, std::string_view s, int seat = 0) {
    for (std::size_t i = 0; i < s.size(); ++i) put(line, col + static_cast<int>(i), s[i], seat);
  }
  // Text centred on column `col` (an even length leans left).
  void centred(int line, int col, std::string_view s) {
    text(line, col - static_cast<int>(s.size()) / 2, s);
  }
  std::string render(bool colour) const {
    if (cells_.empty()) return {};
    int min_col = cells_.begin()->first.second, max_line = cells_.rbegin()->first.first;
    for (const auto& [at, cell] : cells_) min_col = std::min(min_col, at.second);
    std::string out;
    for (int line = cells_.begin()->first.first; line <= max_line; ++line) {
      std::string row;
      int seat = 0;
      const auto first = cells_.lower_bound({line, min_col - 1});
      int col = min_col;
      for (auto it = first; it != cells_.end() && it->first.first == line; ++it) {
        if (it->second.c == ' ' && it->second.seat == 0) continue;
        if (seat != 0 && colour) row += "\x1b[0m", seat = 0;
        row.append(static_cast<std::size_t>(it->first.second - col), ' ');
        if (colour && it->second.seat != 0) {
          row += seat_colour(it->second.seat);
          seat = it->second.seat;
        }
        row += it->second.c;
        col = it->first.second + 1;
      }
      if (seat != 0) row += "\x1b[0m";
      out += row + '\n';
    }
    return out;
  }

 private:
  static std::string seat_colour(int seat) {
    static constexpr int kCodes[] = {31, 34, 33, 35, 32, 36};
    return fmt::format("\x1b[1;{}m", kCodes[(seat - 1) % 6]);
  }
  std::map<std::pair<int, int>, Cell> cells_;  // (line, column) -> cell
};

// A seat (1-based) read from a property value, 0 when it holds none.
int seat_of(const engine::Value& v, int players) {
  const auto* n = std::get_if<std::int64_t>(&v);
  return n != nullptr && *n >= 1 && *n <= players ? static_cast<int>(*n) : 0;
}

std::string text_of(const engine::Value& v) {
  return engine::is_nil(v) ? std::string() : engine::value_text(v);
}

const engine::Value& prop(const engine::Properties& props, int id, const std::string& key) {
  static const engine::Value nil;
  return key.empty() ? nil : props.get(id, key);
}

// Corner i of a hex, relative to its centre, in (line, column).
constexpr int kCornerLine[6] = {-4, -2, 2, 4, 2, -2};
constexpr int kCornerCol[6] = {0, 4, 4, 0, -4, -4};

// The board of one state drawn on a canvas, one layer at a time; each layer draws over the
// ones before it. Requires a finalized board of six-cornered tiles.
struct BoardPicture {
  const engine::GameState& s;
  const packs::DrawSpec& spec;
  Canvas canvas;

  // The centre of tile t in (line, column): the hex (q, r) sits at lattice point (2q + r, 3r);
  // a lattice unit is 4 columns across and 2 lines down.
  std::pair<int, int> centre(int t) const {
    const auto a = s.board.tile_coord(t);
    return {6 * a.r, 4 * (2 * a.q + a.r)};
  }

  // Each tile's sides (the owner's seat where a road stands) and inside (id, label, number,
  // robber, counts).
  void draw_tiles() {
    std::optional<int> robber;
    if (!spec.robber.empty())
      if (const auto* n = std::get_if<std::int64_t>(&s.game_props.get(0, spec.robber)))
        robber = static_cast<int>(*n) - 1;
    for (int t = 0; t < s.board.tile_count(); ++t) {
      draw_sides(t);
      draw_inside(t, robber == t);
    }
  }

  void draw_sides(int t) {
    const auto [cl, cc] = centre(t);
    const auto paths = s.board.tile_paths(t);
    for (int i = 0; i < 6; ++i) {
      const int p = paths[static_cast<std::size_t>(i)];
      const int seat = seat_of(prop(s.path_props, p, spec.path_owner), s.players);
      const char own = seat != 0 ? static_cast<char>('0' + seat % 10) : 0;
      switch (i) {
        case 0:
          canvas.put(cl - 3, cc + 2, own ? own : '\\', seat);
          break;
        case 2:
          canvas.put(cl + 3, cc + 2, own ? own : '/', seat);
          break;
        case 3:
          canvas.put(cl + 3, cc - 2, own ? own : '\\', seat);
          break;
        case 5:
          canvas.put(cl - 3, cc - 2, own ? own : '/', seat);
          break;
        default:
          for (int d = -1; d <= 1; ++d)
            canvas.put(cl + d, cc + (i == 1 ? 4 : -4), own ? own : '|', seat);
      }
    }
  }

  void draw_inside(int t, bool robber) {
    const auto [cl, cc] = centre(t);
    const auto& tp = s.tile_props;
    canvas.centred(cl - 2, cc, fmt::format("#{}", t + 1));
    std::string label = text_of(prop(tp, t, spec.tile_label));
    if (label.empty()) label = text_of(prop(tp, t, spec.tile_terrain));
    canvas.centred(cl - 1, cc, label.substr(0, 7));
    canvas.centred(cl, cc, text_of(prop(tp, t, spec.tile_number)).substr(0, 7));
    if (robber) canvas.centred(cl + 1, cc, "ROBBER");
    // Counts on the hex (draw.tile_counts): symbol and value, on the line of the lower corners,
    // in three columns a space away from the left corner's seat and clear of the right corner's
    // first two marks.
    std::string counts;
    for (const auto& [key, symbol] : spec.tile_counts)
      if (const auto* n = std::get_if<std::int64_t>(&tp.get(t, key)))
        counts += (counts.empty() ? "" : " ") + symbol + std::to_string(*n);
    canvas.text(cl + 2, cc - 1, counts.substr(0, 3));
  }

  // Each corner: '.' when empty, else the piece's symbol, its owner's seat and its marks.
  void draw_corners() {
    const auto& np = s.node_props;
    for (int t = 0; t < s.board.tile_count(); ++t) {
      const auto [cl, cc] = centre(t);
      const auto nodes = s.board.tile_nodes(t);
      for (int i = 0; i < 6; ++i) {
        const int n = nodes[static_cast<std::size_t>(i)];
        const int line = cl + kCornerLine[i], col = cc + kCornerCol[i];
        const int seat = seat_of(prop(np, n, spec.node_owner), s.players);
        const std::string piece = text_of(prop(np, n, spec.node_piece));
        if (seat == 0 && piece.empty()) {
          canvas.put(line, col, '.');
          continue;
        }
        canvas.put(line, col, piece.empty() ? '?' : spec.piece_symbol(piece), seat);
        if (seat != 0) canvas.put(line, col + 1, static_cast<char>('0' + seat % 10), seat);
        int at = col;
        for (const auto& [key, mark] : spec.marks)
          if (seat_of(np.get(n, key), s.players) != 0) canvas.text(line, --at, mark.symbol, seat);
      }
    }
  }

  // Numbered places, over what is drawn there: a corner's number on the corner, a side's on its
  // middle line.
  void draw_numbered(const NumberedPlaces& numbered) {
    constexpr int kSideLine[6] = {-3, 0, 3, 3, 0, -3};
    constexpr int kSideCol[6] = {2, 4, 2, -2, -4, -2};
    for (int t = 0; t < s.board.tile_count(); ++t) {
      const auto [cl, cc] = centre(t);
      const auto paths = s.board.tile_paths(t);
      const auto nodes = s.board.tile_nodes(t);
      for (int i = 0; i < 6; ++i) {
        const int n = nodes[static_cast<std::size_t>(i)];
        if (numbered.nodes.count(n) != 0) {
          std::string id = std::to_string(n + 1);
          if (id.size() == 1) id += ' ';  // over a piece's seat digit
          canvas.text(cl + kCornerLine[i], cc + kCornerCol[i], id);
        }
        const int p = paths[static_cast<std::size_t>(i)];
        if (numbered.paths.count(p) != 0)
          canvas.text(cl + kSideLine[i], cc + kSideCol[i], std::to_string(p + 1));
      }
    }
  }

  // Harbors: a coastal side whose two corners name the same harbor, labelled outside the side's
  // middle (starting there on the right half of the hex, ending there on the left half).
  void draw_harbors() {
    constexpr int kLine[6] = {-5, 0, 5, 5, 0, -5};
    constexpr int kCol[6] = {2, 6, 2, -2, -6, -2};
    for (int t = 0; t < s.board.tile_count(); ++t) {
      const auto [cl, cc] = centre(t);
      const auto paths = s.board.tile_paths(t);
      const auto nodes = s.board.tile_nodes(t);
      for (int i = 0; i < 6; ++i) {
        const int p = paths[static_cast<std::size_t>(i)];
        if (s.board.path_tiles(p).size() != 1) continue;
        const auto a = text_of(s.node_props.get(nodes[static_cast<std::size_t>(i)], spec.harbor));
        const auto b =
            text_of(s.node_props.get(nodes[static_cast<std::size_t>((i + 1) % 6)], spec.harbor));
        if (a.empty() || a != b) continue;
        const std::string name = spec.harbor_label(a);
        const int n = static_cast<int>(name.size());
        canvas.text(cl + kLine[i], cc + kCol[i] - (i >= 3 ? n - 1 : 0), name);
      }
    }
  }
};

// The line under the picture naming its symbols.
std::string legend(const packs::DrawSpec& spec, const NumberedPlaces& numbered) {
  std::string legend = "legend: . empty corner";
  for (const auto& [name, look] : spec.pieces) legend += fmt::format(", {}N {}", look.symbol, name);
  for (const auto& [key, mark] : spec.marks) legend += fmt::format(", {} {}", mark.symbol, key);
  for (const auto& [key, symbol] : spec.tile_counts)
    legend += fmt::format(", {}n {}: n on the hex", symbol, key);
  legend += " (N: the owner's seat); roads show the owner's seat";
  if (!numbered.empty()) legend += "; numbers: the places to choose from";
  return legend + '\n';
}

}  // namespace

bool stdout_wants_colour() {
  const char* no_colour = std::getenv("NO_COLOR");
  if (no_colour != nullptr && *no_colour != '\0') return false;
  const char* term = std::getenv("TERM");
  if (term != nullptr && std::strcmp(term, "dumb") == 0) return false;
  return isatty(STDOUT_FILENO) != 0;
}

std::string text_board(const engine::GameState& s, const packs::DrawSpec& spec, bool colour,
                       const NumberedPlaces& numbered) {
  const auto& board = s.board;
  if (!spec.hexes() || !board.finalized() || board.tile_count() == 0) return {};
  for (int t = 0; t < board.tile_count(); ++t)
    if (board.tile_nodes(t).size() != 6) return {};
  BoardPicture picture{s, spec, {}};
  picture.draw_tiles();
  picture.draw_corners();  // after the sides' and the insides' text, so a piece is never hidden
  if (!numbered.empty()) picture.draw_numbered(numbered);
  if (!spec.harbor.empty()) picture.draw_harbors();
  return picture.canvas.render(colour) + legend(spec, numbered);
}

}  // namespace catan::view
