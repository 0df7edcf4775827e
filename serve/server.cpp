#include "serve/server.h"

#include <random>
#include <stdexcept>

#include <fmt/format.h>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include "engine/file_io.h"
#include "serve/table_page.h"

namespace catan::serve {

using json = nlohmann::json;

namespace {

void reply_json(httplib::Response& res, const json& j, int status = 200) {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  res.set_content(engine::json_text(j), "application/json");
}

}  // namespace

TableServer::TableServer(Table& table, std::map<std::string, int> tokens, std::string title)
    : table_(table),
      tokens_(std::move(tokens)),
      title_(std::move(title)),
      server_(std::make_unique<httplib::Server>()) {
  // Each open page holds one long poll: threads for a table of people and their spare tabs.
  server_->new_task_queue = [] { return new httplib::ThreadPool(32); };
  const auto seat_of = [this](const httplib::Request& req) -> std::optional<int> {
    const auto it = tokens_.find(req.matches[1]);
    if (it == tokens_.end()) return std::nullopt;
    return it->second;
  };
  const auto unknown = [](httplib::Response& res) {
    reply_json(res, {{"error", "no seat has this link"}}, 404);
  };
  server_->Get("/favicon.ico",
               [](const httplib::Request&, httplib::Response& res) { res.status = 204; });
  server_->Get(
      R"(/seat/([0-9a-f]{32}))", [=, this](const httplib::Request& req, httplib::Response& res) {
        const auto seat = seat_of(req);
        if (!seat) return unknown(res);
        res.set_header("Cache-Control", "no-store");
        res.set_content(table_page(title_, req.matches[1], *seat), "text/html; charset=utf-8");
      });
  server_->Get(R"(/api/([0-9a-f]{32})/state)",
               [=, this](const httplib::Request& req, httplib::Response& res) {
                 const auto seat = seat_of(req);
                 if (!seat) return unknown(res);
                 std::optional<std::uint64_t> since;
                 if (req.has_param("since")) {
                   try {
                     since = std::stoull(req.get_param_value("since"));
                   } catch (const std::exception&) {
                     return reply_json(res, {{"error", "since: expected a version number"}}, 400);
                   }
                 }
                 // A long poll: the answer comes when the state changes, or "unchanged" after 10 s.
                 reply_json(res, table_.state(*seat, since, std::chrono::seconds(10)));
               });
  server_->Post(R"(/api/([0-9a-f]{32})/answer)", [=, this](const httplib::Request& req,
                                                           httplib::Response& res) {
    const auto seat = seat_of(req);
    if (!seat) return unknown(res);
    const json body = json::parse(req.body, nullptr, false);
    if (!body.is_object() || !body.contains("decision") || !body.contains("option") ||
        !body["decision"].is_number_unsigned() || !body["option"].is_number_integer())
      return reply_json(res, {{"error", "expected {\"decision\": N, \"option\": I}"}}, 400);
    const std::string why =
        table_.answer(*seat, body["decision"].get<std::uint64_t>(), body["option"].get<int>());
    if (!why.empty()) return reply_json(res, {{"error", why}}, 409);
    reply_json(res, {{"ok", true}});
  });
}

TableServer::~TableServer() = default;

int TableServer::bind(const std::string& host, int port) {
  const int bound =
      port == 0 ? server_->bind_to_any_port(host) : (server_->bind_to_port(host, port) ? port : -1);
  if (bound < 0) throw std::runtime_error(fmt::format("cannot listen on {}:{}", host, port));
  return bound;
}

void TableServer::run() {
  server_->listen_after_bind();
}

void TableServer::stop() {
  server_->stop();
}

std::string TableServer::new_token() {
  std::random_device device;
  std::string token;
  for (int i = 0; i < 4; ++i) token += fmt::format("{:08x}", device());
  return token;
}

}  // namespace catan::serve
