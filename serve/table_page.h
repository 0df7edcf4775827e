#pragma once
// The page of one person's seat at the browser table: the board drawn from the packs' draw
// declaration (view/board_script.inc; a table of the state for packs that draw no hexes), the
// seat's hand and what it may see of the others, the log, and the decision to make: click a
// highlighted node, path or tile, or a button; a long menu (a trade) is built one part of the
// options' ids at a time. Self-contained: no file or library is fetched; the script polls the
// seat's state (serve/server.h).

#include <string>

namespace catan::serve {

// The page for `seat` (0-based), whose calls carry `token`; `title` names the packs.
std::string table_page(const std::string& title, const std::string& token, int seat);

}  // namespace catan::serve
