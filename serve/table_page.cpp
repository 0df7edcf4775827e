#include "serve/table_page.h"

#include <string_view>

#include <fmt/format.h>

#include "lab/svg_chart.h"

namespace catan::serve {

namespace {

constexpr std::string_view kBoardScript =
#include "view/board_script.inc"
    ;

constexpr std::string_view kPageScript =
#include "serve/table_page_script.inc"
    ;

constexpr std::string_view kStyle = R"css(
body { font-family: system-ui, sans-serif; margin: 10px; color: #222; background: #fafafa; }
h1 { font-size: 19px; margin: 0 0 4px; }
h2 { font-size: 15px; margin: 10px 0 4px; }
#status { font-size: 15px; margin: 4px 0 8px; padding: 6px 8px; border-radius: 4px; background: #eceff1; }
#status.mine { background: #fff3c4; font-weight: bold; }
#status.over { background: #c8e6c9; font-weight: bold; }
#main { display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
#picture { flex: 1 1 560px; min-width: 360px; }
#picture svg#board { width: 100%; height: auto; max-height: 92vh; }
#side { flex: 0 1 440px; min-width: 300px; }
#decision button { display: block; width: 100%; text-align: left; margin: 2px 0; padding: 5px 8px;
  font-size: 14px; cursor: pointer; }
#decision button.group { background: #e3f2fd; }
#decision .path { color: #555; font-size: 13px; margin: 4px 0; }
table { border-collapse: collapse; font-size: 13px; }
td, th { border: 1px solid #ccc; padding: 2px 6px; text-align: left; vertical-align: top; }
#log { font-family: ui-monospace, monospace; font-size: 12px; max-height: 320px; overflow-y: auto;
  background: #fff; border: 1px solid #ddd; padding: 4px; white-space: pre-wrap; }
.pick:hover { stroke-width: 5; }
)css";

}  // namespace

std::string table_page(const std::string& title, const std::string& token, int seat) {
  const std::string name = lab::escape_xml(title);
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<title>{0}: seat {1}</title>\n<style>{2}</style>\n</head>\n<body>\n"
      "<h1>{0}: you are seat {1}</h1>\n<div id=\"status\">connecting&hellip;</div>\n"
      "<div id=\"main\"><div id=\"picture\"></div><div id=\"side\">"
      "<h2>Your decision</h2><div id=\"decision\"></div>"
      "<h2>Your hand</h2><div id=\"hand\"></div>"
      "<h2>Players</h2><div id=\"players\"></div>"
      "<h2>Log</h2><div id=\"log\"></div></div></div>\n"
      "<script>const TABLE = {{ token: \"{3}\", seat: {1} }};</script>\n"
      "<script>{4}</script>\n<script>{5}</script>\n</body>\n</html>\n",
      name, seat + 1, kStyle, token, kBoardScript, kPageScript);
}

}  // namespace catan::serve
