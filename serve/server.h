#pragma once
// The browser table's HTTP side (cpp-httplib): one page per person's seat, reached by a link
// that carries the seat's secret token, and the two calls its script makes:
//   GET  /seat/TOKEN                    the page (serve/table_page.h)
//   GET  /api/TOKEN/state?since=V       what the seat may see (Table::state), or "unchanged"
//   POST /api/TOKEN/answer              {"decision": seq, "option": index}: 200 {"ok": true},
//                                       409 {"error": why} when it cannot be taken
// An unknown token gets 404 and never another seat's page or state.

#include <map>
#include <memory>
#include <string>

#include "serve/table.h"

namespace httplib {
class Server;
}

namespace catan::serve {

class TableServer {
 public:
  // `tokens`: each person's secret token (32 lowercase hex digits) and seat (0-based).
  TableServer(Table& table, std::map<std::string, int> tokens, std::string title);
  ~TableServer();
  TableServer(const TableServer&) = delete;
  TableServer& operator=(const TableServer&) = delete;

  // Binds `host`:`port` (port 0: a free port). Returns the port bound; throws
  // std::runtime_error when it cannot bind.
  int bind(const std::string& host, int port);
  // Serves until stop() (from another thread).
  void run();
  void stop();

  // A new secret token: 128 bits from std::random_device as 32 hex digits.
  static std::string new_token();

 private:
  Table& table_;
  std::map<std::string, int> tokens_;
  std::string title_;
  std::unique_ptr<httplib::Server> server_;
};

}  // namespace catan::serve
