#include "engine/properties.h"

#include <stdexcept>

#include <fmt/format.h>

namespace catan::engine {

namespace {
const Value kNil{};
}

void Properties::resize(int elements) {
  elements_ = elements;
  bytes_ = 0;
  for (auto& column : columns_) {
    column.resize(static_cast<std::size_t>(elements));
    bytes_ += column.size() * sizeof(Value);
    for (const auto& v : column) bytes_ += heap_bytes(v);
  }
}

void Properties::clear() {
  elements_ = 0;
  bytes_ = 0;
  keys_.clear();
  columns_.clear();
}

void Properties::check(int id) const {
  if (id < 0 || id >= elements_)
    throw std::out_of_range(fmt::format("element {} out of range (there are {})", id, elements_));
}

const Value& Properties::get(int id, std::string_view key) const {
  check(id);
  const auto k = keys_.find(key);
  if (!k) return kNil;
  return columns_[static_cast<std::size_t>(*k)][static_cast<std::size_t>(id)];
}

int Properties::count_where(std::string_view key, const Value& value, std::string_view key2,
                            const Value& value2) const {
  const auto k = keys_.find(key);
  if (!k) return is_nil(value) ? elements_ : 0;
  const auto& first = columns_[static_cast<std::size_t>(*k)];
  const std::vector<Value>* second = nullptr;
  if (!key2.empty()) {
    const auto k2 = keys_.find(key2);
    if (!k2) {
      if (!is_nil(value2)) return 0;
    } else {
      second = &columns_[static_cast<std::size_t>(*k2)];
    }
  }
  int n = 0;
  for (std::size_t id = 0; id < first.size(); ++id)
    if (first[id] == value && (!second || (*second)[id] == value2)) ++n;
  return n;
}

void Properties::set(int id, std::string_view key, Value value) {
  check(id);
  auto k = keys_.find(key);
  if (!k) {
    if (is_nil(value)) return;
    k = keys_.intern(key);
    columns_.emplace_back(static_cast<std::size_t>(elements_));
    bytes_ += static_cast<std::size_t>(elements_) * sizeof(Value);
  }
  Value& cell = columns_[static_cast<std::size_t>(*k)][static_cast<std::size_t>(id)];
  bytes_ -= heap_bytes(cell);
  cell = std::move(value);
  bytes_ += heap_bytes(cell);
}

void Properties::set_string(int id, std::string_view key, std::string_view text) {
  check(id);
  auto k = keys_.find(key);
  if (!k) {
    k = keys_.intern(key);
    columns_.emplace_back(static_cast<std::size_t>(elements_));
    bytes_ += static_cast<std::size_t>(elements_) * sizeof(Value);
  }
  Value& cell = columns_[static_cast<std::size_t>(*k)][static_cast<std::size_t>(id)];
  bytes_ -= heap_bytes(cell);
  if (auto* s = std::get_if<std::string>(&cell)) {
    if (*s != text) s->assign(text);
  } else {
    cell.emplace<std::string>(text);
  }
  bytes_ += heap_bytes(cell);
}

}  // namespace catan::engine
