// Lab configurations: the PACK+PACK:PACK.KEY=VALUE form, option precedence and sweep grids.
#include <gtest/gtest.h>

#include "lab/lab_config.h"

namespace catan::lab {
namespace {

TEST(LabConfig, ParsesPacksAndOptions) {
  const auto c = parse_config("base+city-walls:base.target_vp=12:city-walls.max=3", {});
  EXPECT_EQ(c.label, "base+city-walls:base.target_vp=12:city-walls.max=3");
  EXPECT_EQ(c.packs, (std::vector<std::string>{"base", "city-walls"}));
  EXPECT_EQ(c.options, (std::vector<std::string>{"base.target_vp=12", "city-walls.max=3"}));
}

TEST(LabConfig, OwnOptionsReplaceCommonOnes) {
  const auto c = parse_config("base:base.target_vp=12", {"base.target_vp=8", "base.check=true"});
  EXPECT_EQ(c.options, (std::vector<std::string>{"base.check=true", "base.target_vp=12"}));
}

TEST(LabConfig, RejectsEmptyPacksAndBareOptions) {
  EXPECT_THROW(parse_config("base++x", {}), ConfigError);
  EXPECT_THROW(parse_config(":base.x=1", {}), ConfigError);
  EXPECT_THROW(parse_config("base:target", {}), ConfigError);
}

TEST(LabConfig, SweepGridVariesTheLastOptionFastest) {
  const auto grid =
      sweep_configs({"base"}, {"base.target_vp=8,10", "base.check=true", "base.discard_limit=7,9"});
  ASSERT_EQ(grid.size(), 4u);
  EXPECT_EQ(grid[0].label, "base.target_vp=8 base.discard_limit=7");
  EXPECT_EQ(grid[1].label, "base.target_vp=8 base.discard_limit=9");
  EXPECT_EQ(grid[3].label, "base.target_vp=10 base.discard_limit=9");
  EXPECT_EQ(grid[3].options, (std::vector<std::string>{"base.check=true", "base.target_vp=10",
                                                       "base.discard_limit=9"}));
  EXPECT_EQ(grid[0].packs, (std::vector<std::string>{"base"}));
}

TEST(LabConfig, SweepNeedsAList) {
  EXPECT_THROW(sweep_configs({"base"}, {"base.target_vp=8"}), ConfigError);
  EXPECT_THROW(sweep_configs({"base"}, {"base.target_vp=8,,9"}), ConfigError);
  EXPECT_THROW(sweep_configs({"base"}, {"base.target_vp=8,8"}), ConfigError);
}

}  // namespace
}  // namespace catan::lab
