// Small SVG charts for the HTML report: inline, self-contained (no scripts, fonts or external
// references), readable without colour thanks to a legend and value labels in the <title> of
// every mark (shown as a tooltip).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/xml_escape.h"

namespace catan::lab {

struct ChartOptions {
  std::string title;
  std::string x_label;
  std::string y_label;
  bool percent = false;             // y values are proportions, labelled in percent
  std::optional<double> reference;  // a dashed horizontal line (e.g. the fair share)
  std::string reference_label;
  std::optional<double> y_max;  // top of the y axis (default: from the data)
  int width = 720;
  int height = 320;
};

// One bar with an optional interval drawn as an error bar.
struct Bar {
  Bar(double v = 0) : value(v) {}  // NOLINT: a plain number is a bar without an interval
  Bar(double v, double lo, double hi) : value(v), low(lo), high(hi) {}
  double value = 0;
  std::optional<double> low, high;
};

struct BarSeries {
  std::string name;
  std::vector<Bar> bars;  // one per category
};

// Grouped bars: for each category, one bar per series side by side.
std::string bar_chart(const std::vector<std::string>& categories,
                      const std::vector<BarSeries>& series, const ChartOptions& options);

struct LineSeries {
  std::string name;
  std::vector<std::pair<double, double>> points;  // (x, y), ascending x
};

// Lines over a numeric x axis (distributions drawn as frequency polygons).
std::string line_chart(const std::vector<LineSeries>& series, const ChartOptions& options);

// One row of a forest plot: a difference with its interval, on the plot's common scale.
struct ForestRow {
  std::string label;    // drawn at the left of the row
  double estimate = 0;  // the point
  double low = 0, high = 0;
  bool significant = false;  // a filled point (else hollow)
  bool secondary = false;    // drawn in grey (an exploratory metric among primary ones)
  std::string tooltip;       // the row's <title>: the figures in the metric's own unit
};

// A forest plot: one row per difference, its interval as a line and its estimate as a point,
// about a vertical line at 0; the x axis is symmetric about 0 and labelled `x_label`
// (options.title above, options.x_label below; the height follows the rows).
std::string forest_plot(const std::vector<ForestRow>& rows, const ChartOptions& options);

// Text made safe for XML and HTML content and attributes (one escaping for every page).
using engine::escape_xml;

// The colour of series i (a fixed palette distinguishable in print).
const char* series_colour(std::size_t i);

}  // namespace catan::lab
