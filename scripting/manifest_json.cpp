// The JSON document of a manifest (scripting/manifest_parse.h): pack.json read with comments, in
// time linear in its text, duplicate keys refused by their path, and syntax errors reported by
// line and column.
#include <algorithm>
#include <string>
#include <unordered_set>
#include <vector>

#include <fmt/format.h>

#include "engine/file_io.h"
#include "scripting/manifest_parse.h"

namespace catan::packs::manifest_parse {

namespace fs = std::filesystem;

namespace {

// The document is built by a SAX handler rather than nlohmann's DOM parser: inserting a key
// into an ordered_json object searches the object's keys, so a manifest with n events took
// n^2 / 2 comparisons (200,000 events: over 30 s). Here each key is appended, and duplicates
// are found with a hash set per object, so parsing is linear in the text.
//
// Duplicate-key detection: one frame per open object or array, tracking where we are so the
// message can name the repeated field by its full path.
struct Frame {
  json* value = nullptr;  // the object or array being filled
  std::unordered_set<std::string> keys;
  std::string last_key;   // objects: the key whose value is being read
  std::size_t index = 0;  // arrays: number of finished elements
};
struct DocumentBuilder final : nlohmann::json_sax<json> {
  json root;
  std::vector<Frame> frames;
  std::string duplicate;  // path of the first repeated key
  std::size_t error_byte = 0;
  std::string error;
  bool error_is_range = false;  // a number outside the double range, not a syntax error

  // Places `v` where the document expects the next value; returns where it now lives.
  json* place(json&& v) {
    if (frames.empty()) {
      root = std::move(v);
      return &root;
    }
    Frame& top = frames.back();
    if (top.value->is_array()) {
      auto& array = top.value->get_ref<json::array_t&>();
      array.push_back(std::move(v));
      ++top.index;
      return &array.back();
    }
    // An object: the key was appended by key(); its value is the last element.
    auto& object = top.value->get_ref<json::object_t&>();
    object.back().second = std::move(v);
    return &object.back().second;
  }
  bool null() override { return place(json(nullptr)), true; }
  bool boolean(bool v) override { return place(json(v)), true; }
  bool number_integer(number_integer_t v) override { return place(json(v)), true; }
  bool number_unsigned(number_unsigned_t v) override { return place(json(v)), true; }
  bool number_float(number_float_t v, const string_t&) override { return place(json(v)), true; }
  bool string(string_t& v) override { return place(json(std::move(v))), true; }
  bool binary(binary_t& v) override { return place(json::binary(std::move(v))), true; }
  bool start_object(std::size_t) override {
    frames.push_back(Frame{place(json::object()), {}, {}, 0});
    return true;
  }
  bool start_array(std::size_t) override {
    frames.push_back(Frame{place(json::array()), {}, {}, 0});
    return true;
  }
  bool end_object() override { return end_container(); }
  bool end_array() override { return end_container(); }
  // place() counted a container as an element of its parent array when it began (so an open
  // element of an array is at index - 1).
  bool end_container() {
    frames.pop_back();
    return true;
  }
  bool key(string_t& k) override {
    Frame& top = frames.back();
    if (!top.keys.insert(k).second) {
      if (duplicate.empty()) {
        for (std::size_t i = 0; i + 1 < frames.size(); ++i) {
          if (frames[i].value->is_array()) {
            duplicate += fmt::format("[{}]", frames[i].index - 1);
          } else {
            if (!duplicate.empty()) duplicate += '.';
            duplicate += frames[i].last_key;
          }
        }
        if (!duplicate.empty()) duplicate += '.';
        duplicate += k;
      }
      // The repeated key gets an entry of its own below; the file is refused after parsing.
    }
    top.last_key = k;
    // ordered_map's own insertion searches the keys: append through the vector it is.
    auto& object = top.value->get_ref<json::object_t&>();
    static_cast<json::object_t::Container&>(object).emplace_back(std::move(k), nullptr);
    return true;
  }
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& e) override {
    error_byte = position;
    error = e.what();
    error_is_range = dynamic_cast<const json::out_of_range*>(&e) != nullptr;
    return false;
  }
};

// Throws the PackError of a document `b` failed to parse: a number out of range, or a syntax
// error located by line and column in `text`.
[[noreturn]] void throw_parse_error(const fs::path& file, const std::string& text,
                                    const DocumentBuilder& b) {
  if (b.error_is_range) {
    // Not a syntax error: a number out of range ("number overflow parsing '1e999'").
    std::string reason = b.error;
    const std::size_t bracket = reason.find("] ");
    if (bracket != std::string::npos) reason = reason.substr(bracket + 2);
    std::replace(reason.begin(), reason.end(), '\n', ' ');
    throw PackError(fmt::format("{}: {}", file.string(), reason));
  }
  // nlohmann's own line/column is off when a token ends a line, so locate the error from the
  // byte offset (1-based index of the last character read) and keep only nlohmann's reason.
  const std::size_t pos =
      std::min<std::size_t>(b.error_byte > 0 ? b.error_byte - 1 : 0, text.size());
  const std::size_t line = 1 + std::count(text.begin(), text.begin() + pos, '\n');
  const std::size_t line_start = text.rfind('\n', pos == 0 ? 0 : pos - 1);
  const std::size_t column =
      pos == 0 || line_start == std::string::npos ? pos + 1 : pos - line_start;
  std::string reason = b.error;
  const std::size_t column_text = reason.find(", column ");
  const std::size_t colon = reason.find(": ", column_text == std::string::npos ? 0 : column_text);
  reason = colon == std::string::npos ? reason : reason.substr(colon + 2);
  std::replace(reason.begin(), reason.end(), '\n', ' ');
  throw PackError(fmt::format("{}: line {}, column {}: {}", file.string(), line, column, reason));
}

}  // namespace

json parse_json_file(const fs::path& file) {
  std::string text;
  try {
    text = engine::read_bounded_file(file, engine::kMaxManifestBytes, "a manifest");
  } catch (const engine::FileError& e) {
    throw PackError(e.what());
  }
  DocumentBuilder builder;
  if (!json::sax_parse(text, &builder, json::input_format_t::json, /*strict=*/true,
                       /*ignore_comments=*/true))
    throw_parse_error(file, text, builder);
  const std::string& duplicate = builder.duplicate;
  json root = std::move(builder.root);
  if (!duplicate.empty()) {
    throw PackError(
        fmt::format("{}: field '{}': appears twice in the same object", file.string(), duplicate));
  }
  return root;
}

}  // namespace catan::packs::manifest_parse
