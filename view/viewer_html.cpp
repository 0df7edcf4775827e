#include "view/viewer_html.h"

#include <string_view>

#include "engine/xml_escape.h"

namespace catan::view {

namespace {

constexpr std::string_view kBoardScript =
#include "view/board_script.inc"
    ;

constexpr std::string_view kScript =
#include "view/viewer_script.inc"
    ;

constexpr std::string_view kStyle = R"css(
body { font-family: system-ui, sans-serif; margin: 12px; color: #222; background: #fafafa; }
h1 { font-size: 20px; margin: 0 0 4px; }
h2 { font-size: 15px; margin: 8px 0 4px; }
h3 { font-size: 13px; margin: 6px 0 2px; }
#meta, #where { color: #555; font-size: 13px; }
#controls { margin: 8px 0; display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
#controls input[type=range] { width: 360px; }
#main { display: flex; gap: 16px; align-items: flex-start; }
#picture { flex: 1 1 600px; min-width: 360px; }
#picture svg#board { width: 100%; height: auto; max-height: 92vh; }
#side { flex: 1 1 420px; font-size: 13px; max-width: 560px; }
.player { border: 1px solid #ddd; background: #fff; margin: 4px 0; padding: 4px 6px; }
.player.current { border-color: #333; }
.player .name { font-weight: bold; padding-left: 6px; }
#options { max-height: 260px; overflow: auto; margin: 0; padding-left: 28px; }
#options li.chosen { font-weight: bold; background: #fff3b0; }
#log li.dice { font-weight: bold; }
#log, #events { margin: 0; padding-left: 18px; max-height: 200px; overflow: auto; }
pre.shown { background: #fff; border: 1px solid #ddd; padding: 6px; font-size: 12px; }
table.state { border-collapse: collapse; font-size: 12px; }
table.state td, table.state th { border: 1px solid #ccc; padding: 1px 6px; }
.note { color: #666; font-style: italic; }
)css";

}  // namespace

std::string viewer_html(const nlohmann::json& recording) {
  // In a <script> element, "</script" ends the data and "<!--" can make the parser swallow the
  // rest of the page: every '<' is written "\u003c" (outside strings JSON has none), so the data
  // holds no '<' at all and parses to the same value.
  const std::string data = recording.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string safe;
  safe.reserve(data.size());
  for (const char c : data) {
    if (c == '<')
      safe += "\\u003c";
    else
      safe += c;
  }
  const std::string title = engine::escape_xml(recording.value("title", std::string("game")));
  std::string out;
  out.reserve(safe.size() + kScript.size() + 4096);
  out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>";
  out += title;
  out += "</title>\n<style>";
  out += kStyle;
  out += "</style>\n</head>\n<body>\n<h1>";
  out += title;
  out +=
      "</h1>\n<div id=\"meta\"></div>\n<div id=\"controls\">"
      "<button id=\"first\" title=\"first decision\">|&lt;</button>"
      "<button id=\"prev-turn\" title=\"previous turn (shift+left)\">&lt;&lt; turn</button>"
      "<button id=\"prev\" title=\"previous decision (left)\">&lt;</button>"
      "<input type=\"range\" id=\"slider\" min=\"0\" value=\"0\">"
      "<button id=\"next\" title=\"next decision (right)\">&gt;</button>"
      "<button id=\"next-turn\" title=\"next turn (shift+right)\">turn &gt;&gt;</button>"
      "<button id=\"last\" title=\"end of the game\">&gt;|</button>"
      "<span id=\"where\"></span></div>\n"
      "<div id=\"main\"><div id=\"picture\"></div><div id=\"side\"></div></div>\n"
      "<script type=\"application/json\" id=\"game\">";
  out += safe;
  out += "</script>\n<script>";
  out += kBoardScript;
  out += kScript;
  out += "</script>\n</body>\n</html>\n";
  return out;
}

}  // namespace catan::view
