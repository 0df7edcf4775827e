// A generic planar board graph: tiles (faces), nodes (intersections, where settlements stand) and
// paths (edges between two nodes, where roads go). Ids are dense 0-based ints per kind, in order
// of creation.
//
// Life cycle: build with add_tile / add_node / add_path / attach, then finalize(). finalize()
// validates the build and precomputes every adjacency relation as a compressed sparse row table
// (one offsets vector plus one data vector per relation). After it the board is immutable;
// relation queries return spans into those tables and never allocate.
//
// Relations are pure functions of the build calls, so equal build sequences give equal boards.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

namespace catan::engine {

// Axial hex coordinates (q: column, r: row; r grows downwards). Used as a tile label; a generic
// board may use it as any integer 2-D label.
struct Axial {
  int q = 0, r = 0;
  friend bool operator==(const Axial&, const Axial&) = default;
};

// The board graph. A value type: copies are independent. Queries are safe to call concurrently
// on a finalized board (they only read).
//
// Errors: an id outside [0, count) for its kind -> std::out_of_range naming the kind and the id;
// building after finalize() and relation queries before it -> std::logic_error; malformed build
// input (self-loop path, a node attached twice to one tile, a tile side with no path) ->
// std::invalid_argument.
class Board {
 public:
  // Adds a tile labelled `where` and returns its id. Labels need not be unique; tile_at returns
  // the smallest id carrying a label. Throws std::logic_error once finalized.
  int add_tile(Axial where = {});

  // Adds a node and returns its id. Throws std::logic_error once finalized.
  int add_node();

  // Adds the path joining two distinct nodes and returns its id; if a path already joins them
  // (in either order) returns that id and adds nothing. Throws std::invalid_argument if
  // node_a == node_b, std::out_of_range for a bad node id, std::logic_error once finalized.
  int add_path(int node_a, int node_b);

  // Appends `node` to the corner list of `tile`. Corners are given in boundary order, so side i
  // of the tile joins corner i and corner i + 1 (the last side wraps to corner 0). Throws
  // std::invalid_argument if the node is already a corner of that tile, std::out_of_range for a
  // bad id, std::logic_error once finalized.
  void attach(int tile, int node);

  // Freezes the board and computes all relations. Every tile must have at least 3 corners and a
  // path for each of its sides, else std::invalid_argument naming the tile (the board stays
  // unfinalized and may be fixed). Calling it again on a finalized board does nothing.
  void finalize();
  bool finalized() const { return finalized_; }

  int tile_count() const { return static_cast<int>(tile_coords_.size()); }
  int node_count() const { return node_count_; }
  int path_count() const { return static_cast<int>(path_ends_.size()); }

  // The label given to add_tile. Valid before and after finalize().
  Axial tile_coord(int tile) const;

  // Relations; all require finalize(). Every list is free of duplicates.
  // Corners in attach order (clockwise from the top corner on hex boards).
  std::span<const int> tile_nodes(int t) const;
  // Sides in corner order: side i joins tile_nodes(t)[i] and tile_nodes(t)[(i + 1) % size].
  std::span<const int> tile_paths(int t) const;
  // Tiles sharing at least one side with t, ascending, t excluded.
  std::span<const int> tile_tiles(int t) const;
  // Tiles having n as a corner, ascending.
  std::span<const int> node_tiles(int n) const;
  // Nodes joined to n by a path, ascending.
  std::span<const int> node_nodes(int n) const;
  // Paths ending at n, ascending.
  std::span<const int> node_paths(int n) const;
  // The two end nodes of p, ascending.
  std::span<const int> path_nodes(int p) const;
  // Tiles having p as a side, ascending: 1 on the coast, 2 inland on a planar board.
  std::span<const int> path_tiles(int p) const;
  // Other paths sharing an end node with p, ascending, p excluded.
  std::span<const int> path_paths(int p) const;

  // The path joining two nodes, if any (either order). Valid before and after finalize().
  // Throws std::out_of_range for a bad node id.
  std::optional<int> path_between(int node_a, int node_b) const;

  // The smallest tile id labelled `where`, if any. Valid before and after finalize().
  std::optional<int> tile_at(Axial where) const;

  // An estimate of the heap bytes the board holds (build input, indexes and relation tables).
  std::size_t bytes() const noexcept;
  // An upper bound on the heap bytes finalize() allocates for the current build input (its
  // working lists and the relation tables), computed in time linear in the build input without
  // allocating more than a counter per node and per path. Two relations grow with the square of
  // a degree (path_paths with the paths at a node, tile_tiles with the tiles on a path), so a
  // small build can ask for a large board; callers that cap memory check this first.
  std::size_t finalize_bytes() const;

 private:
  // One relation in compressed sparse row form: row i is data[offsets[i] .. offsets[i + 1]).
  struct Csr {
    std::vector<int> offsets{0};
    std::vector<int> data;
    std::span<const int> row(int i) const {
      const auto begin = static_cast<std::size_t>(offsets[static_cast<std::size_t>(i)]);
      const auto end = static_cast<std::size_t>(offsets[static_cast<std::size_t>(i) + 1]);
      return std::span<const int>(data).subspan(begin, end - begin);
    }
  };

  static std::uint64_t edge_key(int a, int b);
  void check_building(const char* what) const;
  void check_finalized(const char* what) const;
  void check_tile(int t) const;
  void check_node(int n) const;
  void check_path(int p) const;

  bool finalized_ = false;
  int node_count_ = 0;
  std::size_t corner_count_ = 0;  // attach() calls: corners over all tiles
  std::vector<Axial> tile_coords_;
  std::vector<std::vector<int>> corners_;       // build input: corners per tile
  std::vector<std::pair<int, int>> path_ends_;  // build input: (smaller, larger) node per path
  std::unordered_map<std::uint64_t, int> path_index_;  // edge_key -> path id
  std::map<std::pair<int, int>, int> tile_index_;      // (q, r) -> smallest tile id

  Csr tile_nodes_, tile_paths_, tile_tiles_;
  Csr node_tiles_, node_nodes_, node_paths_;
  Csr path_nodes_, path_tiles_, path_paths_;
};

}  // namespace catan::engine
