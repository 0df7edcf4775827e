// Numeric command-line options are read exactly: whole numbers are digits only and fit 64 bits;
// floating-point options are finite.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "cli/common.h"

namespace catan::cli {
namespace {

// The validator's message for `text`, or "" when it is accepted.
std::string problem(const CLI::Validator& v, std::string text) {
  return v(text);
}

TEST(CliNumbers, WholeNumbersAreDigitsThatFit64Bits) {
  EXPECT_EQ(problem(WholeNumber, "0"), "");
  EXPECT_EQ(problem(WholeNumber, "18446744073709551615"), "");
  EXPECT_EQ(problem(WholeNumber, "-1"), "expected a whole number (digits only), got '-1'");
  EXPECT_EQ(problem(WholeNumber, "1e23"), "expected a whole number (digits only), got '1e23'");
  EXPECT_EQ(problem(WholeNumber, "2.5"), "expected a whole number (digits only), got '2.5'");
  EXPECT_EQ(problem(WholeNumber, "+3"), "expected a whole number (digits only), got '+3'");
  EXPECT_EQ(problem(WholeNumber, " 3"), "expected a whole number (digits only), got ' 3'");
  EXPECT_EQ(problem(WholeNumber, ""), "expected a whole number (digits only), got ''");
  EXPECT_EQ(problem(WholeNumber, "18446744073709551616"),
            "'18446744073709551616' is above the largest allowed value 18446744073709551615");
}

TEST(CliNumbers, FloatingPointOptionsAreFinite) {
  EXPECT_EQ(problem(FiniteNumber, "0.5"), "");
  EXPECT_EQ(problem(FiniteNumber, "10"), "");
  EXPECT_EQ(problem(FiniteNumber, "-2e3"), "");
  for (const char* bad : {"nan", "NaN", "inf", "-inf", "infinity", "1e999", "", "1s", "0x"})
    EXPECT_EQ(problem(FiniteNumber, bad), fmt::format("expected a finite number, got '{}'", bad))
        << bad;
}

TEST(CliNumbers, ATimeLimitOfNanIsAUsageError) {
  CLI::App app;
  LimitOptions limits;
  limits.add_to(app);
  EXPECT_THROW(app.parse("--time-limit nan", false), CLI::ValidationError);
  app.clear();
  app.parse("--time-limit 0.25", false);
  EXPECT_EQ(limits.make().time_limit_ms, 250u);
}

TEST(CliNumbers, SeedsAndGameIndicesNeverWrap) {
  CLI::App app;
  GameOptions game;
  game.add_to(app, "bots");
  EXPECT_THROW(app.parse("--seed -1", false), CLI::ValidationError);
  app.clear();
  EXPECT_THROW(app.parse("--seed 18446744073709551616", false), CLI::ValidationError);
  app.clear();
  EXPECT_THROW(app.parse("--seed 1e23", false), CLI::ValidationError);
  app.clear();
  app.parse("--seed 18446744073709551615", false);
  EXPECT_EQ(game.seed, 18446744073709551615u);
}

}  // namespace
}  // namespace catan::cli
