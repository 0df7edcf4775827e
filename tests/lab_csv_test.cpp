// --csv: quoting, and columns that first appear in later games.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "lab/csv_writer.h"

namespace catan::lab {
namespace {

TEST(Csv, QuotesOnlyWhenNeeded) {
  EXPECT_EQ(csv_field("plain"), "plain");
  EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
}

TEST(Csv, LaterColumnsPadEarlierRows) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("catan-lab-csv-test-" + std::to_string(::getpid()) + ".csv");
  {
    CsvWriter w(path.string(), {"a:x=1,2"});
    GameRecord g0;
    g0.index = 0;
    g0.winner = 1;
    g0.turns = 12;
    g0.seat_props = {{{"vp", 3}}, {{"vp", 10}}};
    w.add({g0});
    GameRecord g1 = g0;
    g1.index = 1;
    g1.winner = -1;
    g1.stats = {{"walls", 2}};
    w.add({g1});
    GameRecord g2;
    g2.index = 2;
    g2.ok = false;
    g2.error = "pack 'x': boom,\nbang";
    w.add({g2});
    w.finish();
  }
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(),
            "config,game,ok,winner,first_player,turns,rounds,decisions,error,seat1.vp,seat2.vp,"
            "stats.walls\n"
            "\"a:x=1,2\",0,1,2,1,12,0,0,,3,10,\n"
            "\"a:x=1,2\",1,1,,1,12,0,0,,3,10,2\n"
            "\"a:x=1,2\",2,0,,,,,,\"pack 'x': boom, bang\",,,\n");
  EXPECT_FALSE(std::filesystem::exists(path.string() + ".tmp"));
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace catan::lab
