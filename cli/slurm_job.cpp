#include "cli/slurm_job.h"

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <regex>

#include <fmt/format.h>

#include "cli/common.h"
#include "engine/file_io.h"

namespace catan::cli {

namespace fs = std::filesystem;

void SlurmOptions::add_to(CLI::App& app) {
  auto* slurm =
      app.add_option("--slurm", dir,
                     "Play nothing here: write a Slurm job to DIR that plays the run as an array "
                     "of --slurm-shards tasks and merges them into DIR/results/all.json, and print "
                     "the command that submits it (docs/lab.md, 'Beyond one machine')")
          ->type_name("DIR");
  app.add_option("--slurm-shards", shards,
                 "Array tasks of the --slurm job, each playing one shard (--shard K/N)")
      ->type_name("N")
      ->check(WholeNumber)
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100000}))
      ->needs(slurm);
  app.add_option("--slurm-cpus", cpus,
                 "CPUs of each task of the --slurm job: its --cpus-per-task and --threads")
      ->type_name("N")
      ->check(WholeNumber)
      ->check(CLI::Range(1, 1024))
      ->capture_default_str()
      ->needs(slurm);
  app.add_option("--slurm-time", time,
                 "Time limit of each task of the --slurm job (sbatch --time), e.g. 2:00:00")
      ->type_name("T")
      ->needs(slurm);
  app.add_option("--slurm-partition", partition,
                 "Partition of the --slurm job (sbatch --partition)")
      ->type_name("NAME")
      ->needs(slurm);
  app.add_option("--slurm-sbatch", sbatch,
                 "An sbatch option for both jobs of --slurm, as one word "
                 "(repeatable), e.g. --slurm-sbatch=--account=lab")
      ->type_name("ARG")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->needs(slurm);
}

std::string shell_quote(const std::string& text) {
  static const std::regex safe("[A-Za-z0-9_@%+=:,./-]+");
  if (std::regex_match(text, safe)) return text;
  std::string out = "'";
  for (char c : text) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

std::vector<std::string> drop_options(const std::vector<std::string>& args,
                                      const std::vector<std::string>& drop) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    bool dropped = false;
    for (const auto& name : drop) {
      if (args[i] == name) {
        ++i;  // and its value
        dropped = true;
        break;
      }
      if (args[i].rfind(name + "=", 0) == 0) {
        dropped = true;
        break;
      }
    }
    if (!dropped) out.push_back(args[i]);
  }
  return out;
}

namespace {

// The characters a path in an #SBATCH line or a Slurm file pattern can hold as it is.
bool slurm_safe_path(const std::string& path) {
  return path.find_first_of(" \t\n\r'\"\\%$`") == std::string::npos;
}

// `text` for a comment line: line breaks shown as \n.
std::string one_line(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else
      out += c;
  }
  return out;
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) {
    if (!out.empty()) out += ' ';
    out += shell_quote(w);
  }
  return out;
}

std::string absolute(const std::string& path) {
  return fs::absolute(path).lexically_normal().string();
}

// The #SBATCH lines both jobs share: partition, time limit, CPUs, the extra options.
std::string common_directives(const SlurmJob& job) {
  std::string out = "#SBATCH --ntasks=1\n";
  out += fmt::format("#SBATCH --cpus-per-task={}\n", job.cpus);
  if (!job.time.empty()) out += fmt::format("#SBATCH --time={}\n", job.time);
  if (!job.partition.empty()) out += fmt::format("#SBATCH --partition={}\n", job.partition);
  for (const auto& s : job.sbatch) out += fmt::format("#SBATCH {}\n", s);
  return out;
}

// Lines that set dir, go to the working folder and export CATAN_PACK_PATH.
std::string prologue(const SlurmJob& job) {
  std::string out = fmt::format("dir={}\n", shell_quote(job.dir));
  out += fmt::format("cd {} || exit 1\n", shell_quote(job.workdir));
  if (job.pack_path) out += fmt::format("export CATAN_PACK_PATH={}\n", shell_quote(*job.pack_path));
  return out;
}

// Submits shards.sbatch with `array_option` ("" or --array="$tasks") and the merge after it.
std::string submit_lines(const std::string& array_option) {
  return fmt::format(
      "shards=$(sbatch --parsable{} \"$dir/shards.sbatch\")\n"
      "shards=${{shards%%;*}}\n"
      "merge=$(sbatch --parsable --dependency=\"afterany:$shards\" \"$dir/merge.sbatch\")\n"
      "merge=${{merge%%;*}}\n"
      "echo \"shards: $shards\"\n"
      "echo \"merge: $merge\"\n",
      array_option);
}

// shards.sbatch: shard K of the run, as array task K. `what`: the command, on one line.
std::string shards_script(const SlurmJob& job, const std::string& what) {
  const std::uint64_t n = job.shards;
  std::string shards = "#!/bin/bash\n";
  shards += fmt::format("# Shard K of {} of: {}\n", n, what);
  shards +=
      "# One array task per shard (submit.sh submits them); runs without Slurm too: bash "
      "shards.sbatch K\n";
  shards += fmt::format("#SBATCH --job-name=catan-{}\n", job.kind);
  shards += fmt::format("#SBATCH --array=1-{}\n", n);
  shards += common_directives(job);
  shards += fmt::format("#SBATCH --output={}/logs/shard-%a.out\n", job.dir);
  shards += "set -u\n";
  shards += fmt::format(
      "k=\"${{1:-${{SLURM_ARRAY_TASK_ID:?not an array task: give the shard, 1 to {}}}}}\"\n", n);
  shards += prologue(job);
  shards += fmt::format("failures={}\n", shell_quote(job.failures));
  shards += fmt::format(
      "exec {} {} --shard \"$k/{}\" --threads {} --out \"$dir/results/shard-$k.json\" "
      "--failures \"$failures/shard-$k\"\n",
      shell_quote(job.catan), joined(job.args), n, job.cpus);
  return shards;
}

// merge.sbatch: the merge of every shard's results into results/all.json.
std::string merge_script(const SlurmJob& job, const std::string& what) {
  const std::uint64_t n = job.shards;
  std::string merge = "#!/bin/bash\n";
  merge += fmt::format("# Merges the {} shards of: {}\n", n, what);
  merge +=
      "# into results/all.json, after they have all ended (submit.sh makes it wait for them);\n";
  merge += "# fails, naming what to rerun, when a shard is missing or incomplete.\n";
  merge += "# Runs without Slurm too: bash merge.sbatch\n";
  merge += fmt::format("#SBATCH --job-name=catan-{}-merge\n", job.kind);
  SlurmJob one_cpu = job;
  one_cpu.cpus = 1;
  merge += common_directives(one_cpu);
  merge += fmt::format("#SBATCH --output={}/logs/merge.out\n", job.dir);
  merge += "set -u\n";
  merge += prologue(job);
  merge += "rm -f \"$dir/results/all.json\"\n";
  merge += "files=()\nmissing=()\n";
  merge += fmt::format("for k in $(seq 1 {}); do\n", n);
  merge +=
      "  if [ -s \"$dir/results/shard-$k.json\" ]; then files+=(\"$dir/results/shard-$k.json\"); "
      "else missing+=(\"$k\"); fi\n"
      "done\n"
      "if ((${#missing[@]})); then\n";
  merge += fmt::format(
      "  echo \"catan: error: no results of shard ${{missing[*]}} of {}; rerun with: "
      "$dir/rerun.sh ${{missing[*]}}\" >&2\n",
      n);
  merge += "  exit 1\nfi\n";
  std::string outputs = "--out \"$dir/results/all.json\"";
  if (!job.report.empty()) outputs += " --report " + shell_quote(job.report);
  if (!job.differences.empty()) outputs += " --differences " + shell_quote(job.differences);
  merge +=
      fmt::format("{} merge --complete \"${{files[@]}}\" {}\n", shell_quote(job.catan), outputs);
  merge +=
      "code=$?\n"
      "if [ \"$code\" -ne 0 ]; then\n"
      "  echo \"catan: error: the merge failed; rerun the shard it names with: $dir/rerun.sh "
      "K\" >&2\n"
      "fi\n"
      "exit \"$code\"\n";
  return merge;
}

// submit.sh: submits the shards and the merge.
std::string submit_script(const SlurmJob& job, const std::string& what) {
  const std::uint64_t n = job.shards;
  std::string submit = "#!/bin/bash\n";
  submit += fmt::format("# Submits the {} shards of: {}\n", n, what);
  submit +=
      "# as one array job, and the merge as a job that starts when they have all ended; prints\n"
      "# the two job ids.\n"
      "set -euo pipefail\n";
  submit += fmt::format("dir={}\n", shell_quote(job.dir));
  submit += submit_lines("");
  return submit;
}

// rerun.sh K [K...]: reruns shards, then the merge.
std::string rerun_script(const SlurmJob& job, const std::string& what) {
  const std::uint64_t n = job.shards;
  std::string rerun = "#!/bin/bash\n";
  rerun += fmt::format("# Reruns shards of: {}\n", what);
  rerun +=
      "# alone (rerun.sh K [K...]), then the merge; a shard plays the same games wherever and\n"
      "# whenever it runs, so a rerun writes the file the first run would have.\n"
      "set -euo pipefail\n";
  rerun += fmt::format("dir={}\n", shell_quote(job.dir));
  rerun += fmt::format(
      "if (($# == 0)); then echo \"usage: $0 K [K...] (shards 1 to {})\" >&2; exit 2; fi\n"
      "for k in \"$@\"; do\n"
      "  if ! [[ $k =~ ^[1-9][0-9]*$ ]] || ((k > {})); then\n"
      "    echo \"rerun.sh: '$k' is not a shard, 1 to {}\" >&2\n"
      "    exit 2\n"
      "  fi\n"
      "done\n"
      "tasks=$(IFS=,; echo \"$*\")\n",
      n, n, n);
  rerun += submit_lines(" --array=\"$tasks\"");
  return rerun;
}

// README.txt: what the job is and how to run it.
std::string job_readme(const SlurmJob& job, const std::string& what) {
  const std::uint64_t n = job.shards;
  const std::string d = shell_quote(job.dir);
  std::string readme = fmt::format("A Slurm job of: {}\n", what);
  readme += fmt::format("as {} shards of {} CPU{} each (catan {} --slurm wrote it).\n\n", n,
                        job.cpus, job.cpus == 1 ? "" : "s", job.kind);
  readme += fmt::format("Submit:        {}/submit.sh\n", d);
  readme += fmt::format("Rerun shard K: {}/rerun.sh K\n", d);
  readme += fmt::format("               (sbatch --array=K {}/shards.sbatch, then the merge)\n", d);
  readme += fmt::format("Results:       {}/results/all.json\n", d);
  if (!job.report.empty()) readme += fmt::format("Report:        {}\n", shell_quote(job.report));
  if (!job.differences.empty())
    readme += fmt::format("Differences:   {}\n", shell_quote(job.differences));
  readme += fmt::format(
      "Shard K:       results/shard-K.json, failed games' replays in {}/shard-K, log in "
      "logs/shard-K.out\n",
      shell_quote(job.failures));
  readme +=
      fmt::format("Without Slurm: for k in $(seq 1 {}); do bash {}/shards.sbatch $k; done; ", n, d);
  readme += fmt::format("bash {}/merge.sbatch\n", d);
  return readme;
}

}  // namespace

std::vector<SlurmFile> slurm_job_files(const SlurmJob& job) {
  const std::string what = one_line("catan " + joined(job.args));
  return {{"shards.sbatch", shards_script(job, what), true},
          {"merge.sbatch", merge_script(job, what), true},
          {"submit.sh", submit_script(job, what), true},
          {"rerun.sh", rerun_script(job, what), true},
          {"README.txt", job_readme(job, what), false}};
}

SlurmJob make_slurm_job(const std::string& kind, const std::vector<std::string>& args,
                        const SlurmOptions& options, std::uint64_t games, std::uint64_t block,
                        const std::string& failures, const std::string& report,
                        const std::string& differences) {
  if (options.shards == 0)
    throw UsageError("--slurm needs --slurm-shards N, the number of array tasks");
  const std::uint64_t blocks = games / block;
  if (options.shards > blocks)
    throw UsageError(block == 1 ? fmt::format("--slurm-shards {}: more shards than the {} games",
                                              options.shards, games)
                                : fmt::format("--slurm-shards {}: more shards than the {} blocks "
                                              "of {} games (--rotate)",
                                              options.shards, blocks, block));
  static const std::regex time_format("([0-9]+-)?[0-9]+(:[0-9]+){0,2}");
  if (!options.time.empty() && !std::regex_match(options.time, time_format))
    throw UsageError(fmt::format(
        "--slurm-time '{}': expected a Slurm time limit such as 90, 2:00:00 or 1-12:00:00",
        options.time));
  static const std::regex partition_format("[A-Za-z0-9_.,-]+");
  if (!options.partition.empty() && !std::regex_match(options.partition, partition_format))
    throw UsageError(
        fmt::format("--slurm-partition '{}': expected a partition name (letters, "
                    "digits, '_', '.', '-'; several separated by ',')",
                    options.partition));
  for (const auto& s : options.sbatch)
    if (s.size() < 2 || s[0] != '-' || s.find_first_of("\n\r") != std::string::npos)
      throw UsageError(fmt::format(
          "--slurm-sbatch '{}': expected one sbatch option, e.g. --slurm-sbatch=--account=lab",
          one_line(s)));

  SlurmJob job;
  job.kind = kind;
  job.dir = absolute(options.dir);
  if (!slurm_safe_path(job.dir))
    throw UsageError(fmt::format(
        "--slurm '{}': the folder's path cannot hold spaces, quotes, '\\', '$', '`' or '%' (it "
        "goes into #SBATCH lines and Slurm's file patterns as it is)",
        one_line(options.dir)));
  std::error_code ec;
  if (fs::exists(job.dir, ec) && (!fs::is_directory(job.dir, ec) || !fs::is_empty(job.dir, ec)))
    throw UsageError(fmt::format(
        "--slurm '{}': exists and is not an empty folder; choose a new one", options.dir));
  const auto exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) throw std::runtime_error("--slurm: cannot find this executable's path");
  job.catan = exe.string();
  job.workdir = fs::current_path().string();
  job.args = drop_options(
      args, {"--slurm", "--slurm-shards", "--slurm-cpus", "--slurm-time", "--slurm-partition",
             "--slurm-sbatch", "--failures", "--report", "--differences"});
  job.failures = failures.empty() ? job.dir + "/failures" : absolute(failures);
  if (!report.empty()) job.report = absolute(report);
  if (!differences.empty()) job.differences = absolute(differences);
  if (const char* p = std::getenv("CATAN_PACK_PATH")) job.pack_path = p;
  job.shards = options.shards;
  job.cpus = options.cpus;
  job.time = options.time;
  job.partition = options.partition;
  job.sbatch = options.sbatch;
  return job;
}

int write_slurm_job(const SlurmJob& job) {
  for (const char* sub : {"results", "failures", "logs"})
    fs::create_directories(fs::path(job.dir) / sub);
  for (const auto& file : slurm_job_files(job)) {
    const auto path = fs::path(job.dir) / file.name;
    engine::write_output_file(path, file.text);
    if (file.executable)
      fs::permissions(path, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                      fs::perm_options::add);
  }
  std::cout << fmt::format(
      "wrote a Slurm job of {} shards to {} (README.txt there says more)\n"
      "submit it with: {}/submit.sh\n",
      job.shards, job.dir, shell_quote(job.dir));
  return kOk;
}

}  // namespace catan::cli
