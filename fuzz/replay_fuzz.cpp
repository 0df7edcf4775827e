// libFuzzer target: replay files, loaded with engine::load_replay. Contract: a Replay or a
// std::runtime_error naming the file; a loaded replay survives a round trip through to_json and
// replay_from_json unchanged. Any other exception, a crash or a sanitizer report is a finding.
#include <stdexcept>

#include "engine/replay.h"
#include "fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::filesystem::path file = catan::fuzz::scratch_dir() / "replay.json";
  catan::fuzz::write_input(file, data, size);
  catan::engine::Replay replay;
  try {
    replay = catan::engine::load_replay(file);
  } catch (const std::runtime_error&) {
    return 0;  // a refused replay: the expected outcome for most inputs
  }
  const nlohmann::json written = catan::engine::to_json(replay);
  try {
    const nlohmann::json again =
        catan::engine::to_json(catan::engine::replay_from_json(written, "round trip"));
    if (again != written) catan::fuzz::broken("the round trip changed the replay");
  } catch (const std::runtime_error& e) {
    catan::fuzz::broken(std::string("a written replay does not read back: ") + e.what());
  }
  return 0;
}
