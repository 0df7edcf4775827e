#include "lab/svg_chart.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace catan::lab {

namespace {

constexpr double kLeft = 64, kRight = 16, kTop = 50, kBottom = 52;

// Tick positions from 0 (or lo) to at least hi at a 1-2-5 step, about `target` of them.
std::vector<double> ticks(double lo, double hi, int target = 5) {
  if (hi <= lo) hi = lo + 1;
  const double raw = (hi - lo) / target;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  double step = magnitude;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * magnitude >= raw) {
      step = m * magnitude;
      break;
    }
  std::vector<double> out;
  for (double t = std::floor(lo / step) * step; t <= hi + step * 1e-9; t += step)
    out.push_back(std::fabs(t) < step * 1e-9 ? 0.0 : t);
  if (out.back() < hi) out.push_back(out.back() + step);
  return out;
}

std::string tick_label(double v, bool percent) {
  if (percent) return fmt::format("{:g}%", std::round(v * 1000) / 10);
  return fmt::format("{:g}", v);
}

std::string value_label(double v, bool percent) {
  if (percent) return fmt::format("{:.1f}%", 100 * v);
  return fmt::format("{:.4g}", v);
}

// The frame every chart shares: title, axes labels, horizontal grid with y ticks.
struct Frame {
  const ChartOptions& o;
  double y_top;
  std::string svg;

  double plot_w() const { return o.width - kLeft - kRight; }
  double plot_h() const { return o.height - kTop - kBottom; }
  double y(double v) const { return kTop + plot_h() * (1 - v / y_top); }

  Frame(const ChartOptions& options, double data_max) : o(options) {
    const auto ys = ticks(0, options.y_max.value_or(data_max > 0 ? data_max * 1.05 : 1.0));
    y_top = ys.back();
    svg = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
        "viewBox=\"0 0 {0} {1}\" role=\"img\" aria-label=\"{2}\" class=\"chart\">\n"
        "<title>{2}</title>\n"
        "<rect x=\"0\" y=\"0\" width=\"{0}\" height=\"{1}\" fill=\"#ffffff\"/>\n"
        "<text x=\"{3}\" y=\"20\" font-size=\"15\" font-weight=\"bold\">{2}</text>\n",
        o.width, o.height, escape_xml(o.title), kLeft);
    for (double t : ys) {
      svg += fmt::format(
          "<line x1=\"{0}\" x2=\"{1}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\" stroke=\"#dddddd\"/>"
          "<text x=\"{3}\" y=\"{4:.1f}\" font-size=\"11\" text-anchor=\"end\">{5}</text>\n",
          kLeft, o.width - kRight, y(t), kLeft - 6, y(t) + 4, tick_label(t, o.percent));
    }
    svg += fmt::format(
        "<line x1=\"{0}\" x2=\"{0}\" y1=\"{1}\" y2=\"{2}\" stroke=\"#333333\"/>"
        "<line x1=\"{0}\" x2=\"{3}\" y1=\"{2}\" y2=\"{2}\" stroke=\"#333333\"/>\n",
        kLeft, kTop, kTop + plot_h(), o.width - kRight);
    svg += fmt::format(
        "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{}</text>\n"
        "<text transform=\"translate(14 {}) rotate(-90)\" font-size=\"12\" "
        "text-anchor=\"middle\">{}</text>\n",
        kLeft + plot_w() / 2, o.height - 8, escape_xml(o.x_label), kTop + plot_h() / 2,
        escape_xml(o.y_label));
  }

  void reference() {
    if (!o.reference || *o.reference > y_top) return;
    svg += fmt::format(
        "<line x1=\"{0}\" x2=\"{1}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\" stroke=\"#444444\" "
        "stroke-dasharray=\"6 4\"><title>{3}</title></line>"
        "<text x=\"{1}\" y=\"{4:.1f}\" font-size=\"11\" text-anchor=\"end\" "
        "fill=\"#444444\">{3}</text>\n",
        kLeft, o.width - kRight, y(*o.reference), escape_xml(o.reference_label),
        y(*o.reference) - 4);
  }

  // A legend row above the plot, right-aligned, when there are several series.
  void legend(const std::vector<std::string>& names) {
    if (names.size() < 2) return;
    double x = o.width - kRight;
    for (std::size_t i = names.size(); i-- > 0;) {
      const double w = 24 + 7.0 * static_cast<double>(names[i].size());
      x -= w;
      svg += fmt::format(
          "<rect x=\"{:.1f}\" y=\"29\" width=\"12\" height=\"12\" fill=\"{}\"/>"
          "<text x=\"{:.1f}\" y=\"39\" font-size=\"11\">{}</text>\n",
          x, series_colour(i), x + 16, escape_xml(names[i]));
    }
  }
};

}  // namespace

const char* series_colour(std::size_t i) {
  static constexpr const char* kPalette[] = {"#4269d0", "#efb118", "#ff725c", "#6cc5b0",
                                             "#3ca951", "#ff8ab7", "#a463f2", "#97bbf5"};
  return kPalette[i % std::size(kPalette)];
}

std::string bar_chart(const std::vector<std::string>& categories,
                      const std::vector<BarSeries>& series, const ChartOptions& o) {
  double top = o.reference.value_or(0);
  for (const auto& s : series)
    for (const auto& b : s.bars) top = std::max({top, b.value, b.high.value_or(0)});
  Frame f(o, top);
  const double group_w = f.plot_w() / std::max<std::size_t>(categories.size(), 1);
  const double bar_w = group_w * 0.8 / std::max<std::size_t>(series.size(), 1);
  // Crowded categories are labelled every `step`-th one so the labels do not overlap (about 6.5
  // pixels a character at this size); the tooltips still name every bar.
  std::size_t longest = 0;
  for (const auto& c : categories) longest = std::max(longest, c.size());
  const auto step = static_cast<std::size_t>(
      std::max(1.0, std::ceil((6.5 * static_cast<double>(longest) + 8) / group_w)));
  for (std::size_t c = 0; c < categories.size(); ++c) {
    const double gx = kLeft + group_w * static_cast<double>(c);
    if (c % step == 0)
      f.svg += fmt::format(
          "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\" "
          "text-anchor=\"middle\">{}</text>\n",
          gx + group_w / 2, kTop + f.plot_h() + 16, escape_xml(categories[c]));
    for (std::size_t s = 0; s < series.size(); ++s) {
      if (c >= series[s].bars.size()) continue;
      const Bar& b = series[s].bars[c];
      if (!std::isfinite(b.value)) continue;
      const double x = gx + group_w * 0.1 + bar_w * static_cast<double>(s);
      std::string tip = fmt::format("{}{}: {}", series.size() > 1 ? series[s].name + ", " : "",
                                    categories[c], value_label(b.value, o.percent));
      if (b.low && b.high)
        tip += fmt::format(" (95% CI {} to {})", value_label(*b.low, o.percent),
                           value_label(*b.high, o.percent));
      f.svg += fmt::format(
          "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\">"
          "<title>{}</title></rect>\n",
          x, f.y(b.value), std::max(bar_w - 2, 1.0), f.y(0) - f.y(b.value), series_colour(s),
          escape_xml(tip));
      if (b.low && b.high) {
        const double cx = x + bar_w / 2 - 1;
        f.svg += fmt::format(
            "<path d=\"M{0:.1f} {1:.1f}V{2:.1f}M{3:.1f} {1:.1f}H{4:.1f}M{3:.1f} {2:.1f}H{4:.1f}\" "
            "stroke=\"#222222\" fill=\"none\"/>\n",
            cx, f.y(*b.low), f.y(*b.high), cx - 4, cx + 4);
      }
    }
  }
  f.reference();
  std::vector<std::string> names;
  for (const auto& s : series) names.push_back(s.name);
  f.legend(names);
  return f.svg + "</svg>\n";
}

std::string forest_plot(const std::vector<ForestRow>& rows, const ChartOptions& o) {
  constexpr double kLabelW = 230, kRowH = 20, kHead = 34, kFoot = 40;
  const double width = o.width, plot_w = width - kLabelW - 20;
  const double height = kHead + kRowH * static_cast<double>(rows.size()) + kFoot;
  double reach = 0;
  for (const auto& r : rows)
    for (const double v : {r.estimate, r.low, r.high})
      if (std::isfinite(v)) reach = std::max(reach, std::fabs(v));
  if (reach <= 0) reach = 1;
  reach *= 1.1;
  const auto x = [&](double v) { return kLabelW + plot_w * (v + reach) / (2 * reach); };
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"forest\" width=\"{0}\" height=\"{1:.0f}\" "
      "viewBox=\"0 0 {0} {1:.0f}\" role=\"img\" aria-label=\"{2}\">\n"
      "<text x=\"{3:.1f}\" y=\"18\" font-size=\"14\" font-weight=\"bold\">{2}</text>\n",
      o.width, height, escape_xml(o.title), 8.0);
  const double bottom = kHead + kRowH * static_cast<double>(rows.size());
  svg += fmt::format(
      "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"#888888\" "
      "stroke-dasharray=\"4 3\"/>\n",
      x(0), kHead - 6, bottom);
  for (const double tick : {-reach / 1.1, 0.0, reach / 1.1})
    svg += fmt::format(
        "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\" text-anchor=\"middle\">{:+.3g}</text>\n",
        x(tick), bottom + 14, tick);
  svg += fmt::format(
      "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"12\" text-anchor=\"middle\">{}</text>\n", x(0),
      bottom + 32, escape_xml(o.x_label));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    const double y = kHead + kRowH * (static_cast<double>(i) + 0.5);
    const std::string colour = r.secondary ? "#999999" : series_colour(0);
    svg += fmt::format("<g class=\"row{}\"><title>{}</title>\n", r.secondary ? " secondary" : "",
                       escape_xml(r.tooltip));
    svg += fmt::format(
        "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"12\" text-anchor=\"end\"{}>{}</text>\n",
        kLabelW - 8, y + 4, r.secondary ? " fill=\"#666666\"" : "", escape_xml(r.label));
    if (std::isfinite(r.low) && std::isfinite(r.high))
      svg += fmt::format(
          "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" "
          "stroke-width=\"2\"/>\n",
          x(r.low), y, x(r.high), y, colour);
    if (std::isfinite(r.estimate))
      svg += fmt::format(
          "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4.5\" stroke=\"{}\" stroke-width=\"2\" "
          "fill=\"{}\" class=\"{}\"/>\n",
          x(r.estimate), y, colour, r.significant ? colour : "#ffffff",
          r.significant ? "sig" : "not-sig");
    svg += "</g>\n";
  }
  return svg + "</svg>\n";
}

std::string line_chart(const std::vector<LineSeries>& series, const ChartOptions& o) {
  double top = 0, x_lo = INFINITY, x_hi = -INFINITY;
  for (const auto& s : series)
    for (const auto& [x, y] : s.points) {
      top = std::max(top, y);
      x_lo = std::min(x_lo, x);
      x_hi = std::max(x_hi, x);
    }
  if (!std::isfinite(x_lo)) x_lo = 0, x_hi = 1;
  Frame f(o, top);
  const auto xs = ticks(x_lo, x_hi, 8);
  const double lo = xs.front(), hi = xs.back();
  const auto px = [&](double x) { return kLeft + f.plot_w() * (x - lo) / (hi - lo); };
  for (double t : xs)
    f.svg += fmt::format(
        "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\" text-anchor=\"middle\">{:g}</text>\n",
        px(t), kTop + f.plot_h() + 16, t);
  for (std::size_t s = 0; s < series.size(); ++s) {
    std::string d;
    for (const auto& [x, y] : series[s].points)
      d += fmt::format("{}{:.1f} {:.1f}", d.empty() ? "M" : "L", px(x), f.y(y));
    if (d.empty()) continue;
    f.svg += fmt::format(
        "<path d=\"{}\" stroke=\"{}\" stroke-width=\"2\" fill=\"none\"><title>{}</title></path>\n",
        d, series_colour(s), escape_xml(series[s].name));
    // A line of one point draws nothing: mark it (every game of the same length, say).
    if (series[s].points.size() == 1) {
      const auto [x, y] = series[s].points[0];
      f.svg += fmt::format(
          "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\" fill=\"{}\"><title>{}: {:g}, {}</title>"
          "</circle>\n",
          px(x), f.y(y), series_colour(s), escape_xml(series[s].name), x,
          value_label(y, o.percent));
    }
  }
  f.reference();
  std::vector<std::string> names;
  for (const auto& s : series) names.push_back(s.name);
  f.legend(names);
  return f.svg + "</svg>\n";
}

}  // namespace catan::lab
