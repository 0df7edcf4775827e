#include "engine/board.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace catan::engine {
namespace {

std::string range_message(const char* kind, int id, int count) {
  return std::string("Board: ") + kind + " id " + std::to_string(id) + " out of range [0, " +
         std::to_string(count) + ")";
}

// Builds a CSR table from per-row lists, sorting and deduplicating each row when asked.
template <class Rows>
void fill(Rows& rows, bool sort_rows, std::vector<int>& offsets, std::vector<int>& data) {
  offsets.assign(1, 0);
  data.clear();
  for (auto& row : rows) {
    if (sort_rows) {
      std::sort(row.begin(), row.end());
      row.erase(std::unique(row.begin(), row.end()), row.end());
    }
    data.insert(data.end(), row.begin(), row.end());
    offsets.push_back(static_cast<int>(data.size()));
  }
  data.shrink_to_fit();
}

}  // namespace

std::uint64_t Board::edge_key(int a, int b) {
  if (a > b) std::swap(a, b);
  return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(a)) << 32) |
         static_cast<std::uint32_t>(b);
}

void Board::check_building(const char* what) const {
  if (finalized_) {
    throw std::logic_error(std::string("Board::") + what +
                           ": the board is finalized and can no longer change");
  }
}

void Board::check_finalized(const char* what) const {
  if (!finalized_) {
    throw std::logic_error(std::string("Board::") + what + ": call finalize() before queries");
  }
}

void Board::check_tile(int t) const {
  if (t < 0 || t >= tile_count()) throw std::out_of_range(range_message("tile", t, tile_count()));
}

void Board::check_node(int n) const {
  if (n < 0 || n >= node_count()) throw std::out_of_range(range_message("node", n, node_count()));
}

void Board::check_path(int p) const {
  if (p < 0 || p >= path_count()) throw std::out_of_range(range_message("path", p, path_count()));
}

int Board::add_tile(Axial where) {
  check_building("add_tile");
  const int id = tile_count();
  tile_coords_.push_back(where);
  corners_.emplace_back();
  tile_index_.emplace(std::make_pair(where.q, where.r), id);  // keeps the first (smallest) id
  return id;
}

int Board::add_node() {
  check_building("add_node");
  return node_count_++;
}

int Board::add_path(int node_a, int node_b) {
  check_building("add_path");
  check_node(node_a);
  check_node(node_b);
  if (node_a == node_b) {
    throw std::invalid_argument("Board::add_path: a path needs two distinct nodes, got node " +
                                std::to_string(node_a) + " twice");
  }
  const auto [it, inserted] = path_index_.emplace(edge_key(node_a, node_b), path_count());
  if (inserted) path_ends_.emplace_back(std::min(node_a, node_b), std::max(node_a, node_b));
  return it->second;
}

void Board::attach(int tile, int node) {
  check_building("attach");
  check_tile(tile);
  check_node(node);
  auto& corners = corners_[static_cast<std::size_t>(tile)];
  if (std::find(corners.begin(), corners.end(), node) != corners.end()) {
    throw std::invalid_argument("Board::attach: node " + std::to_string(node) +
                                " is already a corner of tile " + std::to_string(tile));
  }
  corners.push_back(node);
  ++corner_count_;
}

std::size_t Board::bytes() const noexcept {
  // Per tile: its label, its corner list and an index entry; per node: the row offsets of its
  // three relations; per path: its ends and an index entry (hash node); per corner and per
  // relation entry: an int.
  constexpr std::size_t kTile = sizeof(Axial) + sizeof(std::vector<int>) + 48;
  constexpr std::size_t kNode = 3 * sizeof(int);
  constexpr std::size_t kPath = sizeof(std::pair<int, int>) + 32;
  std::size_t n = tile_coords_.size() * kTile + static_cast<std::size_t>(node_count_) * kNode +
                  path_ends_.size() * kPath + corner_count_ * sizeof(int);
  for (const Csr* c : {&tile_nodes_, &tile_paths_, &tile_tiles_, &node_tiles_, &node_nodes_,
                       &node_paths_, &path_nodes_, &path_tiles_, &path_paths_})
    n += (c->offsets.size() + c->data.size()) * sizeof(int);
  return n;
}

std::size_t Board::finalize_bytes() const {
  const auto tiles = static_cast<std::size_t>(tile_count());
  const auto nodes = static_cast<std::size_t>(node_count());
  const auto paths = static_cast<std::size_t>(path_count());
  // Paths per node, and tiles per path (sides that have no path are finalize()'s error).
  std::vector<std::uint32_t> degree(nodes, 0), tiles_on(paths, 0);
  for (const auto& [a, b] : path_ends_) {
    ++degree[static_cast<std::size_t>(a)];
    ++degree[static_cast<std::size_t>(b)];
  }
  for (const auto& corners : corners_)
    for (std::size_t i = 0; i < corners.size(); ++i) {
      const auto found = path_index_.find(edge_key(corners[i], corners[(i + 1) % corners.size()]));
      if (found != path_index_.end()) ++tiles_on[static_cast<std::size_t>(found->second)];
    }
  // Entries of every relation before duplicates are removed: tile_nodes, tile_paths,
  // node_tiles and path_tiles one per corner; path_nodes, node_nodes and node_paths two per path;
  // path_paths deg - 1 per path end; tile_tiles |tiles on p| - 1 per side.
  std::uint64_t entries = 4 * static_cast<std::uint64_t>(corner_count_) + 6 * paths;
  for (const auto d : degree) entries += static_cast<std::uint64_t>(d) * d;
  for (const auto t : tiles_on) entries += static_cast<std::uint64_t>(t) * t;
  // Each entry lives in a working list and then in its table; each row has a vector header and
  // an offset.
  const std::uint64_t rows = 3 * tiles + 3 * nodes + 3 * paths;
  return static_cast<std::size_t>(2 * entries * sizeof(int) +
                                  rows * (sizeof(std::vector<int>) + sizeof(int)));
}

void Board::finalize() {
  if (finalized_) return;
  const auto tiles = static_cast<std::size_t>(tile_count());
  const auto nodes = static_cast<std::size_t>(node_count());
  const auto paths = static_cast<std::size_t>(path_count());

  // Validate and resolve tile sides before touching any member, so a failure changes nothing.
  std::vector<std::vector<int>> sides(tiles);
  for (std::size_t t = 0; t < tiles; ++t) {
    const auto& corners = corners_[t];
    if (corners.size() < 3) {
      throw std::invalid_argument("Board::finalize: tile " + std::to_string(t) + " has " +
                                  std::to_string(corners.size()) + " corners; attach at least 3");
    }
    for (std::size_t i = 0; i < corners.size(); ++i) {
      const int a = corners[i];
      const int b = corners[(i + 1) % corners.size()];
      const auto found = path_index_.find(edge_key(a, b));
      if (found == path_index_.end()) {
        throw std::invalid_argument("Board::finalize: side " + std::to_string(i) + " of tile " +
                                    std::to_string(t) + " joins nodes " + std::to_string(a) +
                                    " and " + std::to_string(b) + " but no path does; add_path(" +
                                    std::to_string(a) + ", " + std::to_string(b) + ") first");
      }
      sides[t].push_back(found->second);
    }
  }

  std::vector<std::vector<int>> node_tiles(nodes), node_nodes(nodes), node_paths(nodes);
  std::vector<std::vector<int>> path_nodes(paths), path_tiles(paths), path_paths(paths);
  std::vector<std::vector<int>> tile_tiles(tiles);
  for (std::size_t t = 0; t < tiles; ++t) {
    for (int n : corners_[t])
      node_tiles[static_cast<std::size_t>(n)].push_back(static_cast<int>(t));
    for (int p : sides[t]) path_tiles[static_cast<std::size_t>(p)].push_back(static_cast<int>(t));
  }
  for (std::size_t p = 0; p < paths; ++p) {
    const auto [a, b] = path_ends_[p];
    path_nodes[p] = {a, b};
    node_nodes[static_cast<std::size_t>(a)].push_back(b);
    node_nodes[static_cast<std::size_t>(b)].push_back(a);
    node_paths[static_cast<std::size_t>(a)].push_back(static_cast<int>(p));
    node_paths[static_cast<std::size_t>(b)].push_back(static_cast<int>(p));
  }
  for (std::size_t p = 0; p < paths; ++p) {
    for (int end : path_nodes[p]) {
      for (int q : node_paths[static_cast<std::size_t>(end)]) {
        if (q != static_cast<int>(p)) path_paths[p].push_back(q);
      }
    }
  }
  for (std::size_t t = 0; t < tiles; ++t) {
    for (int p : sides[t]) {
      for (int u : path_tiles[static_cast<std::size_t>(p)]) {
        if (u != static_cast<int>(t)) tile_tiles[t].push_back(u);
      }
    }
  }

  fill(corners_, false, tile_nodes_.offsets, tile_nodes_.data);
  fill(sides, false, tile_paths_.offsets, tile_paths_.data);
  fill(tile_tiles, true, tile_tiles_.offsets, tile_tiles_.data);
  fill(node_tiles, true, node_tiles_.offsets, node_tiles_.data);
  fill(node_nodes, true, node_nodes_.offsets, node_nodes_.data);
  fill(node_paths, true, node_paths_.offsets, node_paths_.data);
  fill(path_nodes, true, path_nodes_.offsets, path_nodes_.data);
  fill(path_tiles, true, path_tiles_.offsets, path_tiles_.data);
  fill(path_paths, true, path_paths_.offsets, path_paths_.data);

  // The build-only structures are now redundant with the tables.
  corners_.clear();
  corners_.shrink_to_fit();
  path_index_ = {};
  finalized_ = true;
}

Axial Board::tile_coord(int tile) const {
  check_tile(tile);
  return tile_coords_[static_cast<std::size_t>(tile)];
}

std::span<const int> Board::tile_nodes(int t) const {
  check_finalized("tile_nodes");
  check_tile(t);
  return tile_nodes_.row(t);
}

std::span<const int> Board::tile_paths(int t) const {
  check_finalized("tile_paths");
  check_tile(t);
  return tile_paths_.row(t);
}

std::span<const int> Board::tile_tiles(int t) const {
  check_finalized("tile_tiles");
  check_tile(t);
  return tile_tiles_.row(t);
}

std::span<const int> Board::node_tiles(int n) const {
  check_finalized("node_tiles");
  check_node(n);
  return node_tiles_.row(n);
}

std::span<const int> Board::node_nodes(int n) const {
  check_finalized("node_nodes");
  check_node(n);
  return node_nodes_.row(n);
}

std::span<const int> Board::node_paths(int n) const {
  check_finalized("node_paths");
  check_node(n);
  return node_paths_.row(n);
}

std::span<const int> Board::path_nodes(int p) const {
  check_finalized("path_nodes");
  check_path(p);
  return path_nodes_.row(p);
}

std::span<const int> Board::path_tiles(int p) const {
  check_finalized("path_tiles");
  check_path(p);
  return path_tiles_.row(p);
}

std::span<const int> Board::path_paths(int p) const {
  check_finalized("path_paths");
  check_path(p);
  return path_paths_.row(p);
}

std::optional<int> Board::path_between(int node_a, int node_b) const {
  check_node(node_a);
  check_node(node_b);
  if (!finalized_) {
    const auto found = path_index_.find(edge_key(node_a, node_b));
    if (found == path_index_.end()) return std::nullopt;
    return found->second;
  }
  // Degrees are tiny on real boards: a scan beats hashing.
  const auto ends = std::minmax(node_a, node_b);
  for (int p : node_paths_.row(node_a)) {
    if (path_ends_[static_cast<std::size_t>(p)] == std::make_pair(ends.first, ends.second)) {
      return p;
    }
  }
  return std::nullopt;
}

std::optional<int> Board::tile_at(Axial where) const {
  const auto found = tile_index_.find({where.q, where.r});
  if (found == tile_index_.end()) return std::nullopt;
  return found->second;
}

}  // namespace catan::engine
