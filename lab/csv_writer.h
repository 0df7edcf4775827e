// --csv: one row per game (per game and configuration for compare and sweep), for pandas, R
// and spreadsheets. RFC 4180 quoting; rows in ascending game index, configurations in order.
//
// Columns: config, game, ok, winner (1-based seat, empty without a winner), first_player,
// turns, rounds, decisions, error; then, in order of first appearance, seatS.bot (the agent of
// seat S in that game, which --rotate changes from game to game), histogram.NAME.K (the count of
// key K of the declared histogram NAME), seatS.NAME (player property NAME of seat S),
// stats.NAME (a pack's statistic) and, in a game with more than one bot at the table,
// bot.BOT.NAME (player property NAME summed over the seats bot BOT held in that game, which
// --rotate moves). A row leaves empty the columns its game did not set.
//
// Since packs may set new properties in any game, the header is known only at the end: rows go
// to FILE.tmp as they come (memory stays flat however many games), and finish() writes FILE with
// the header, padding earlier rows, then removes FILE.tmp.
//
// At most kMaxNameColumns histogram, seat and stats columns are made, in order of first appearance
// (rows come in game order, so which ones does not depend on threads): a pack making up a new
// name per game would otherwise grow every row and the writer's memory without end. Values of
// further names are dropped and counted (dropped()).
#pragma once

#include <cstdint>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "lab/game_record.h"

namespace catan::lab {

class CsvWriter {
 public:
  static constexpr std::size_t kMaxNameColumns = 1024;

  // Opens PATH.tmp. Throws std::runtime_error when it cannot be written.
  CsvWriter(std::string path, std::vector<std::string> config_labels);
  // Removes PATH.tmp if finish() was not reached.
  ~CsvWriter();
  CsvWriter(const CsvWriter&) = delete;
  CsvWriter& operator=(const CsvWriter&) = delete;

  // The records of one game index, one per configuration.
  void add(const std::vector<GameRecord>& game);
  // Writes PATH. Throws std::runtime_error on a write error.
  void finish();
  // Values left out because their name came after kMaxNameColumns others.
  std::uint64_t dropped() const { return dropped_; }

 private:
  static constexpr std::size_t kNoColumn = static_cast<std::size_t>(-1);
  // The column of `name`, made if new; kNoColumn past the cap.
  std::size_t column(const std::string& name);
  std::string path_;
  std::vector<std::string> labels_;
  std::ofstream tmp_;
  std::vector<std::string> columns_;
  std::map<std::string, std::size_t> index_;
  std::vector<std::string> fields_;  // reused row buffer
  bool finished_ = false;
  std::uint64_t dropped_ = 0;
};

// A CSV field, quoted when it holds a comma, a quote or a line break.
std::string csv_field(const std::string& text);

}  // namespace catan::lab
