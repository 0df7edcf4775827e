// `catan sim|compare|sweep ... --slurm DIR`: instead of playing, write a Slurm job directory that
// plays the run as an array job of shards (--shard K/N, one task each) and merges them with
// `catan merge` in a job that runs after them. The layout is in docs/lab.md ("Beyond one
// machine"); tests/slurm_test.sh submits such a job to a real single-node cluster.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace catan::cli {

// --slurm DIR, --slurm-shards N, --slurm-cpus N, --slurm-time T, --slurm-partition P,
// --slurm-sbatch ARG (repeatable).
struct SlurmOptions {
  std::string dir;
  std::uint64_t shards = 0;
  int cpus = 1;
  std::string time, partition;
  std::vector<std::string> sbatch;  // extra #SBATCH lines, e.g. --account=lab

  // Adds the options; the --slurm-* ones need --slurm.
  void add_to(CLI::App& app);
  bool active() const { return !dir.empty(); }
};

// Everything the job directory's files are made of; absolute paths throughout.
struct SlurmJob {
  std::string kind;                      // "sim", "compare", "sweep": the job names
  std::string catan;                     // the executable
  std::vector<std::string> args;         // the command's arguments, the --slurm ones taken out
  std::string workdir;                   // where the command was given; relative paths start there
  std::string dir;                       // the job directory
  std::string failures;                  // each task's failures go to FAILURES/shard-K
  std::string report, differences;       // written by the merge when not empty
  std::optional<std::string> pack_path;  // CATAN_PACK_PATH when the job was written
  std::uint64_t shards = 1;
  int cpus = 1;
  std::string time, partition;
  std::vector<std::string> sbatch;
};

// The files of the job directory, by name: shards.sbatch, merge.sbatch, submit.sh, rerun.sh and
// README.txt.
struct SlurmFile {
  std::string name, text;
  bool executable = false;
};
std::vector<SlurmFile> slurm_job_files(const SlurmJob& job);

// `text` as one word of a POSIX shell: unchanged when it is made of safe characters only, else in
// single quotes ('it'\''s').
std::string shell_quote(const std::string& text);

// `args` without the options named in `drop` (each "--name VALUE" or "--name=VALUE").
std::vector<std::string> drop_options(const std::vector<std::string>& args,
                                      const std::vector<std::string>& drop);

// The job of the lab command whose arguments (after "catan") are `args`, for the options given.
// Throws UsageError when `options` make no job: --slurm-shards missing or above `blocks` (the
// games, or with --rotate the blocks of `block` games), a bad --slurm-time or
// --slurm-partition, or a DIR that exists and is not an empty folder.
SlurmJob make_slurm_job(const std::string& kind, const std::vector<std::string>& args,
                        const SlurmOptions& options, std::uint64_t games, std::uint64_t block,
                        const std::string& failures, const std::string& report,
                        const std::string& differences);

// Writes the job directory (DIR with its files and the empty results/, failures/ and logs/
// folders) and prints what was written and the command to submit it on stdout. Returns kOk.
int write_slurm_job(const SlurmJob& job);

}  // namespace catan::cli
