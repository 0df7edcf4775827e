// libFuzzer target: lab results files, loaded with lab::load_results. Contract: LabResults or a
// ResultsError naming the file; what is written from loaded results reads back and is written
// again byte for byte (docs/lab.md: write(read(file)) == file). Any other exception, a crash or a
// sanitizer report is a finding.
#include "fuzz/fuzz_input.h"
#include "lab/results_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::filesystem::path file = catan::fuzz::scratch_dir() / "results.json";
  catan::fuzz::write_input(file, data, size);
  catan::lab::LabResults results;
  try {
    results = catan::lab::load_results(file.string());
  } catch (const catan::lab::ResultsError&) {
    return 0;  // a refused file: the expected outcome for most inputs
  }
  const std::string written = catan::lab::results_to_json(results).dump();
  try {
    const std::string again =
        catan::lab::results_to_json(
            catan::lab::results_from_json(nlohmann::json::parse(written), "round trip"))
            .dump();
    if (again != written) catan::fuzz::broken("the round trip changed the results");
  } catch (const catan::lab::ResultsError& e) {
    catan::fuzz::broken(std::string("written results do not read back: ") + e.what());
  }
  return 0;
}
