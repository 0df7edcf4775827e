#include "lab/csv_writer.h"

#include <cstdio>
#include <stdexcept>

#include <fmt/format.h>

#include "engine/file_io.h"
#include "lab/rotation.h"

namespace catan::lab {

namespace {
const std::vector<std::string> kFixed = {"config", "game",   "ok",        "winner", "first_player",
                                         "turns",  "rounds", "decisions", "error"};
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

CsvWriter::CsvWriter(std::string path, std::vector<std::string> config_labels)
    : path_(std::move(path)), labels_(std::move(config_labels)), columns_(kFixed) {
  for (std::size_t i = 0; i < columns_.size(); ++i) index_[columns_[i]] = i;
  tmp_.open(path_ + ".tmp", std::ios::trunc);
  if (!tmp_) throw std::runtime_error(fmt::format("cannot write {}", path_));
}

CsvWriter::~CsvWriter() {
  if (!finished_) {
    tmp_.close();
    std::remove((path_ + ".tmp").c_str());
  }
}

std::size_t CsvWriter::column(const std::string& name) {
  const auto it = index_.find(name);
  if (it != index_.end()) return it->second;
  if (columns_.size() >= kFixed.size() + kMaxNameColumns) {
    ++dropped_;
    return kNoColumn;
  }
  index_.emplace(name, columns_.size());
  columns_.push_back(name);
  return columns_.size() - 1;
}

void CsvWriter::add(const std::vector<GameRecord>& game) {
  for (std::size_t c = 0; c < game.size(); ++c) {
    const GameRecord& r = game[c];
    fields_.assign(columns_.size(), "");
    const auto set = [&](std::size_t i, std::string value) {
      if (i == kNoColumn) return;
      if (i >= fields_.size()) fields_.resize(i + 1);
      fields_[i] = std::move(value);
    };
    set(0, csv_field(c < labels_.size() ? labels_[c] : ""));
    set(1, std::to_string(r.index));
    set(2, r.ok ? "1" : "0");
    set(3, r.ok && r.winner >= 0 ? std::to_string(r.winner + 1) : "");
    set(4, r.ok ? std::to_string(r.first_player + 1) : "");
    set(5, r.ok ? std::to_string(r.turns) : "");
    set(6, r.ok ? std::to_string(r.rounds) : "");
    set(7, r.ok ? std::to_string(r.decisions) : "");
    std::string error = r.error;  // one line: the temporary file is read line by line
    for (char& ch : error)
      if (ch == '\n' || ch == '\r') ch = ' ';
    set(8, csv_field(error));
    for (std::size_t s = 0; s < r.seat_bots.size(); ++s)
      set(column(fmt::format("seat{}.bot", s + 1)), csv_field(r.seat_bots[s]));
    if (r.ok) {
      for (const auto& h : r.histograms)
        for (const auto& [key, n] : h.counts)
          set(column(fmt::format("histogram.{}.{}", h.name, key)), std::to_string(n));
      for (std::size_t s = 0; s < r.seat_props.size(); ++s)
        for (const auto& [name, v] : r.seat_props[s])
          set(column(fmt::format("seat{}.{}", s + 1, name)), std::to_string(v));
      for (const auto& [name, v] : r.stats) set(column("stats." + name), std::to_string(v));
      // With more than one bot at the table, each player property summed over each bot's seats.
      if (r.seat_bots.size() == r.seat_props.size() && distinct_bots(r.seat_bots).size() > 1) {
        std::map<std::string, std::int64_t> sums;  // "BOT.NAME" -> sum
        for (std::size_t s = 0; s < r.seat_props.size(); ++s)
          for (const auto& [name, v] : r.seat_props[s]) sums[r.seat_bots[s] + "." + name] += v;
        for (const auto& [key, v] : sums) set(column("bot." + key), std::to_string(v));
      }
    }
    tmp_ << fields_.size() << '|';
    for (std::size_t i = 0; i < fields_.size(); ++i) {
      if (i) tmp_ << ',';
      tmp_ << fields_[i];
    }
    tmp_ << '\n';
  }
  if (!tmp_) throw std::runtime_error(fmt::format("cannot write {}", path_));
}

void CsvWriter::finish() {
  tmp_.close();
  std::ifstream in(path_ + ".tmp");
  if (!in) throw std::runtime_error(fmt::format("cannot write {}", path_));
  engine::write_output_file(path_, [&](std::ostream& out) {
    for (std::size_t i = 0; i < columns_.size(); ++i)
      out << (i ? "," : "") << csv_field(columns_[i]);
    out << '\n';
    std::string line;
    while (std::getline(in, line)) {
      const auto bar = line.find('|');
      const std::size_t n = std::stoul(line.substr(0, bar));
      out.write(line.data() + bar + 1, static_cast<std::streamsize>(line.size() - bar - 1));
      for (std::size_t i = n; i < columns_.size(); ++i) out << ',';
      out << '\n';
    }
  });
  in.close();
  std::remove((path_ + ".tmp").c_str());
  finished_ = true;
}

}  // namespace catan::lab
