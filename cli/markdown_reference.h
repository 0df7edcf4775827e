// A pack's contracts as Markdown (and LuaLS definitions), made from its manifest alone: the tables
// of its options and events that the docs include (`catan info PACK --markdown SECTION`;
// scripts/docs-tables keeps the docs' copies equal to them). The manifest is the one source: a doc
// table is never edited by hand.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "scripting/manifest.h"
#include "scripting/session.h"

namespace catan::cli {

// The sections `catan info --markdown` prints.
inline constexpr std::string_view kMarkdownSections[] = {"options", "events", "payloads"};

// | option | type | default | range | description |, one row per option.
std::string options_markdown(const packs::Manifest& m);
// | event | when | payload | handlers may | default |, one row per declared event; fields that
// handlers may change are in bold.
std::string events_markdown(const packs::Manifest& m);
// Per structured event, a heading, its when / handlers / default sentences, and a table of its
// payload fields (| field | type | handlers | description |).
//
// Manifest text in all three is Markdown inline text on one line: line breaks become spaces,
// '&' and '<' outside code spans become "&amp;" and "&lt;" (no HTML reaches a rendered page),
// and in table cells every '|' becomes "\|"; values (defaults, choices) are code spans whose
// fence is longer than any run of backticks they hold.
std::string payloads_markdown(const packs::Manifest& m);
// LuaLS definitions of each structured event's payload: a class named after the event
// (`---@class base.roll`) with a field per payload field, for `---@param e base.roll` in a
// handler (docs/lua/events.lua holds those of the shipped packs). Every line is a comment:
// manifest text is put on one line, and choices are Lua string literals (escaped).
std::string luals_definitions(const packs::Manifest& m);
// LuaLS definitions of what a pack's library exports (`require(name)`): a class `NAME.exports`
// with a field or function per export, each function documented by the comment lines right
// above its definition in the script, and `return exports`, so that a definitions file
// docs/lua/NAME.lua types require("NAME") (docs/lua/base.lua holds base's). An export whose name
// is not a Lua name (not an identifier, or a reserved word) is written `exports["..."]`, the name
// a Lua string literal with '"', '\' and control bytes escaped, so no name can add a line of code.
std::string luals_library(const packs::Manifest& m,
                          const std::vector<scripting::ExportInfo>& exports);

}  // namespace catan::cli
