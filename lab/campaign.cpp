#include "lab/campaign.h"

#include <algorithm>
#include <chrono>
#include <memory>

#include <fmt/format.h>

#include "lab/csv_writer.h"
#include "lab/differences_csv.h"
#include "lab/results_json.h"
#include "lab/summary.h"

namespace catan::lab {

bool intervals_narrower_than(const RunTotals& totals, const std::vector<std::string>& bots,
                             double pp, bool rotate) {
  for (const auto& a : totals.configs) {
    if (a.finished == 0) return false;
    for (const auto& rate : summarize(a, bots).seat_win)
      if (rate.ci.width() * 100 >= pp) return false;
    if (rotate)
      for (const auto& b : bot_results(a, bots))
        if (b.win.ci.width() * 100 >= pp) return false;
  }
  return true;
}

namespace {

std::optional<LabResults> load_resumed(const std::string& file) {
  if (file.empty()) return std::nullopt;
  try {
    return load_results(file);
  } catch (const ResultsError& e) {
    throw ResultsError(fmt::format("--resume: {}", e.what()));
  }
}

}  // namespace

Campaign::Campaign(packs::PackSearch& search, CampaignRequest request)
    : request_(std::move(request)),
      resumed_(load_resumed(request_.resume)),
      runner_(search, request_.spec, request_.threads) {
  const RunSpec& spec = request_.spec;
  results_.run.kind = request_.kind;
  results_.run.seed = spec.seed;
  results_.run.players = spec.players;
  results_.run.bots = spec.bots;
  results_.run.rotate = spec.rotate;
  results_.run.max_turns = spec.max_turns;
  results_.run.games = request_.games;
}

void Campaign::describe() {
  results_.configs = runner_.config_info();
}

std::uint64_t Campaign::check_resume() const {
  if (!resumed_) return request_.first;
  const LabResults& before = *resumed_;
  const std::string& file = request_.resume;
  if (!before.planned_end)
    throw CampaignError(fmt::format("--resume: {} is complete; there is nothing to resume", file));
  if (before.run.first != request_.first || *before.planned_end != request_.end)
    throw CampaignError(fmt::format(
        "--resume: {} is a run of games {}..{}, this one of games {}..{} (--games, --shard)", file,
        before.run.first, *before.planned_end - 1, request_.first, request_.end - 1));
  auto probe = results_;
  probe.run.first = probe.run.end = before.run.end;
  try {
    merge_results({before, probe}, {file, "this run"});
  } catch (const ResultsError& e) {
    throw CampaignError(fmt::format("--resume: {}", e.what()));
  }
  return before.run.end;
}

CampaignOutcome Campaign::play() {
  results_.totals = RunTotals(request_.spec.configs.size(), request_.spec.players);
  // The games already played are checked to be of this very run (as `catan merge` checks
  // shards), then the rest is played from where they stop.
  const std::uint64_t from = check_resume();

  std::vector<std::string> labels;
  for (const auto& c : request_.spec.configs) labels.push_back(c.label);
  std::unique_ptr<CsvWriter> csv;
  if (!request_.csv.empty()) csv = std::make_unique<CsvWriter>(request_.csv, labels);
  RowSink rows;
  if (csv) rows = [&](const std::vector<GameRecord>& g) { csv->add(g); };
  const ProgressSink progress = [&](std::uint64_t done) {
    if (request_.progress) request_.progress->update(done);
  };

  const auto start = std::chrono::steady_clock::now();
  if (request_.until_ci > 0)
    play_until_narrow(rows, progress);
  else
    play_range(from, rows, progress);
  if (request_.progress) request_.progress->finish();
  CampaignOutcome outcome;
  outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (csv) {
    csv->finish();
    if (csv->dropped() > 0 && request_.warn)
      request_.warn(fmt::format(
          "catan: warning: {} has the first {} name columns; {} values of later names were left "
          "out",
          request_.csv, CsvWriter::kMaxNameColumns, csv->dropped()));
  }
  outcome.results = results_;
  outcome.played_here = results_.run.end - from;
  write_files(outcome);
  outcome.stopped_at_cap = request_.until_ci > 0 && !results_.planned_end &&
                           !intervals_narrower_than(results_.totals, request_.spec.bots,
                                                    request_.until_ci, request_.spec.rotate);
  return outcome;
}

void Campaign::play_until_narrow(const RowSink& rows, const ProgressSink& progress) {
  const std::uint64_t max_games = request_.max_games;
  std::uint64_t played = 0;
  do {
    const std::uint64_t next = std::min(played + request_.games, max_games);
    if (request_.progress) request_.progress->start(next, played);
    const std::uint64_t reached = runner_.run(played, next, results_.totals, rows, progress);
    played = reached;
    if (reached < next) results_.planned_end = max_games;
  } while (!results_.planned_end && played < max_games &&
           !intervals_narrower_than(results_.totals, request_.spec.bots, request_.until_ci,
                                    request_.spec.rotate));
  results_.run.games = max_games;
  results_.run.first = 0;
  results_.run.end = played;
  results_.run.until_ci = request_.until_ci;
  results_.run.max_games = max_games;
  if (!results_.planned_end) results_.run.games = played;
}

void Campaign::play_range(std::uint64_t from, const RowSink& rows, const ProgressSink& progress) {
  const std::uint64_t end = request_.end;
  if (request_.progress) request_.progress->start(end - from);
  const std::uint64_t reached = runner_.run(from, end, results_.totals, rows, progress);
  results_.run.first = from;
  results_.run.end = reached;
  if (reached < end) results_.planned_end = end;
  if (resumed_) {
    auto planned = results_.planned_end;
    results_ = merge_results({*resumed_, results_}, {request_.resume, "this run"});
    results_.planned_end = planned;
  }
}

void Campaign::write_files(CampaignOutcome& outcome) const {
  const auto json = results_to_json(results_);
  if (!request_.out.empty()) write_json_file(json, request_.out);
  if (request_.spec.save_games > 0 && request_.samples)
    outcome.samples = request_.samples(results_.run.first, results_.run.end);
  if (!request_.report.empty()) write_html_report(results_, request_.report, outcome.samples);
  if (!request_.differences.empty()) write_differences_csv(results_, request_.differences);
}

}  // namespace catan::lab
