#pragma once
// Text made safe for XML and HTML: the one escaping the reports, charts and pages use.
#include <string>
#include <string_view>

namespace catan::engine {

// `text` with & < > " ' replaced by their entities, safe in element content and in attribute
// values quoted with either quote. Bytes are otherwise copied unchanged (UTF-8 passes through).
std::string escape_xml(std::string_view text);

}  // namespace catan::engine
