// string.format with bounded work (library_bounds.h). It formats as the standard function of
// Lua 5.4 does (same conversions, flags, results and errors) and checks the limits between
// conversions and inside long %q strings: one call may hold up to a million conversions (the
// arguments on the stack), and a '%f' of a huge number takes microseconds, so the call as a
// whole could run for seconds without a Lua instruction. Widths and precisions over 99 and
// over-long conversion specifications are refused with an error naming the limit.
//
// Charges: a unit per conversion plus the bytes it makes (one unit per kBytesPerUnit bytes, one
// per byte for the float conversions a, e, f and g, whose digits are computed one by one), and
// the bytes of the format string.
#include "scripting/bounded_format.h"

#include <algorithm>
#include <cctype>
#include <cfloat>
#include <clocale>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

#include "scripting/library_bounds.h"

namespace catan::lua {
namespace {

constexpr const char* kName = "string.format";
constexpr char kEscape = '%';
// Room for one conversion: a float with 99 significant digits, sign, "0x", point and exponent
// fits in kMaxItem; '%f' also needs the integer digits of the largest double.
constexpr int kMaxItem = 120;
constexpr int kMaxItemFixed = 110 + DBL_MAX_10_EXP;
// A conversion specification: '%', at most kMaxSpecText - 1 flag, width and precision
// characters, the conversion, and room for a length modifier and the terminating zero.
constexpr std::size_t kMaxSpec = 32;
constexpr std::size_t kMaxSpecText = kMaxSpec - 10;
// Widths and precisions have at most two digits.
constexpr int kMaxDigits = 2;
// Literal text up to this long is copied byte by byte (cheaper than a call for a short run).
constexpr std::size_t kShortText = 16;
// %q checks the limits after each piece of this many bytes of its string.
constexpr std::size_t kQuotePiece = 16 * 1024;

constexpr const char* kFloatFlags = "-+#0 ";
constexpr const char* kHexFlags = "-#0";
constexpr const char* kIntegerFlags = "-+0 ";
constexpr const char* kUnsignedFlags = "-0";
constexpr const char* kStringFlags = "-";

bool is_digit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

const char* skip_digits(const char* p, int at_most) {
  for (int i = 0; i < at_most && is_digit(*p); ++i) ++p;
  return p;
}

[[noreturn]] void refuse_digits(lua_State* L, const char* what, const char* digits,
                                const char* spec) {
  const char* end = digits;
  while (is_digit(*end)) ++end;
  refuse(L, kName,
         std::string(what) + " " + std::string(digits, end) + " in '" + spec +
             "' is over the limit of 99");
}

// Checks the conversion specification `spec` ("%...c", zero-terminated): only `flags`, then a
// width and (when `precision`) a precision of at most two digits each.
void check_spec(lua_State* L, const char* spec, const char* flags, bool precision) {
  const char* p = spec + 1;
  p += std::strspn(p, flags);
  if (*p != '0') {  // a width cannot start with '0'
    const char* width = p;
    p = skip_digits(p, kMaxDigits);
    if (is_digit(*p)) refuse_digits(L, "width", width, spec);
    if (*p == '.' && precision) {
      const char* digits = ++p;
      p = skip_digits(p, kMaxDigits);
      if (is_digit(*p)) refuse_digits(L, "precision", digits, spec);
    }
  }
  if (!std::isalpha(static_cast<unsigned char>(*p)))
    luaL_error(L, "invalid conversion specification: '%s'", spec);
}

// Copies the specification starting after '%' at `format` into `spec` ("%" + flags, width,
// precision and the conversion); returns the address of the conversion.
const char* read_spec(lua_State* L, const char* format, char* spec) {
  std::size_t length = std::strspn(format, "-+#0 123456789.") + 1;
  if (length >= kMaxSpecText) {
    refuse(L, kName,
           "the conversion specification '%" + std::string(format, kMaxSpecText - 1) +
               "...' is over the limit of " + std::to_string(kMaxSpecText) + " characters");
  }
  spec[0] = '%';
  std::memcpy(spec + 1, format, length);
  spec[length + 1] = '\0';
  return format + length - 1;
}

// Inserts the length modifier `modifier` before the conversion at the end of `spec`.
void add_length_modifier(char* spec, const char* modifier) {
  const std::size_t length = std::strlen(spec);
  const std::size_t extra = std::strlen(modifier);
  const char conversion = spec[length - 1];
  std::memcpy(spec + length - 1, modifier, extra);
  spec[length + extra - 1] = conversion;
  spec[length + extra] = '\0';
}

// A printf of one value with a specification checked by check_spec (hence no literal format).
template <class Value>
int print_item(char* item, int room, const char* spec, Value value) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  return std::snprintf(item, static_cast<std::size_t>(room), spec, value);
#pragma GCC diagnostic pop
}

// "\ddd" escapes as %q writes them: the shortest decimal, or three digits when a digit follows.
std::size_t escape_control(char* out, unsigned char c, bool digit_follows) {
  std::size_t n = 0;
  out[n++] = '\\';
  if (digit_follows || c >= 100) out[n++] = static_cast<char>('0' + c / 100);
  if (digit_follows || c >= 10) out[n++] = static_cast<char>('0' + c / 10 % 10);
  out[n++] = static_cast<char>('0' + c % 10);
  return n;
}

// %q of a string: in double quotes, with '"', '\' and newline escaped by a backslash and control
// characters written as decimal escapes.
void add_quoted(luaL_Buffer* buffer, const char* text, std::size_t length, Meter& meter) {
  luaL_addchar(buffer, '"');
  for (std::size_t start = 0; start < length; start += kQuotePiece) {
    const std::size_t end = std::min(length, start + kQuotePiece);
    for (std::size_t i = start; i < end; ++i) {
      const auto c = static_cast<unsigned char>(text[i]);
      if (c == '"' || c == '\\' || c == '\n') {
        luaL_addchar(buffer, '\\');
        luaL_addchar(buffer, static_cast<char>(c));
      } else if (std::iscntrl(c)) {
        char escape[4];
        // text[length] is the string's terminating zero
        luaL_addlstring(buffer, escape, escape_control(escape, c, is_digit(text[i + 1])));
      } else {
        luaL_addchar(buffer, static_cast<char>(c));
      }
    }
    meter.add(byte_units(end - start));
  }
  luaL_addchar(buffer, '"');
}

// %q of a float: a hexadecimal numeral Lua reads back exactly; infinities and NaN as
// expressions.
int quote_float(char* item, lua_Number n) {
  const char* fixed = nullptr;
  if (n == static_cast<lua_Number>(HUGE_VAL)) {
    fixed = "1e9999";
  } else if (n == -static_cast<lua_Number>(HUGE_VAL)) {
    fixed = "-1e9999";
  } else if (n != n) {
    fixed = "(0/0)";
  }
  if (fixed != nullptr) return std::snprintf(item, kMaxItem, "%s", fixed);
  const int produced =
      std::snprintf(item, kMaxItem, "%" LUA_NUMBER_FRMLEN "a", static_cast<LUAI_UACNUMBER>(n));
  // The radix character must be a dot whatever the locale.
  if (std::memchr(item, '.', static_cast<std::size_t>(produced)) == nullptr) {
    const char point = std::localeconv()->decimal_point[0];
    if (auto* at = static_cast<char*>(std::memchr(item, point, static_cast<std::size_t>(produced))))
      *at = '.';
  }
  return produced;
}

// %q: the argument as a Lua literal.
void add_literal(lua_State* L, luaL_Buffer* buffer, int arg, Meter& meter) {
  switch (lua_type(L, arg)) {
    case LUA_TSTRING: {
      std::size_t length = 0;
      const char* text = lua_tolstring(L, arg, &length);
      add_quoted(buffer, text, length, meter);
      break;
    }
    case LUA_TNUMBER: {
      char* item = luaL_prepbuffsize(buffer, kMaxItem);
      int produced = 0;
      if (!lua_isinteger(L, arg)) {
        produced = quote_float(item, lua_tonumber(L, arg));
      } else {
        const lua_Integer n = lua_tointeger(L, arg);
        // The smallest integer has no decimal literal (its negation overflows): hexadecimal.
        produced = n == LUA_MININTEGER ? std::snprintf(item, kMaxItem, "0x%" LUA_INTEGER_FRMLEN "x",
                                                       static_cast<LUAI_UACINT>(n))
                                       : std::snprintf(item, kMaxItem, LUA_INTEGER_FMT,
                                                       static_cast<LUAI_UACINT>(n));
      }
      luaL_addsize(buffer, static_cast<std::size_t>(produced));
      meter.add(byte_units(static_cast<std::size_t>(produced)));
      break;
    }
    case LUA_TNIL:
    case LUA_TBOOLEAN:
      luaL_tolstring(L, arg, nullptr);
      luaL_addvalue(buffer);
      break;
    default:
      luaL_argerror(L, arg, "value has no literal form");
  }
}

int format_integer(lua_State* L, int arg, char* spec, const char* flags, char* item) {
  const lua_Integer n = luaL_checkinteger(L, arg);
  check_spec(L, spec, flags, true);
  add_length_modifier(spec, LUA_INTEGER_FRMLEN);
  return print_item(item, kMaxItem, spec, static_cast<LUAI_UACINT>(n));
}

// Room in the buffer for one conversion's output: `room` bytes at `at`, and whether the bytes
// written there are charged one unit each (a float conversion, whose digits are computed one by
// one) rather than by kBytesPerUnit.
struct Item {
  char* at;
  int room = kMaxItem;
  bool digit_by_digit = false;
};

// Copies the literal text from `format` up to the next '%' (or `end`) into `buffer`; returns
// where it stopped.
const char* add_text(luaL_Buffer* buffer, const char* format, const char* end) {
  const auto* next = static_cast<const char*>(
      std::memchr(format, kEscape, static_cast<std::size_t>(end - format)));
  if (next == nullptr) next = end;
  const auto length = static_cast<std::size_t>(next - format);
  if (length <= kShortText) {
    for (; format < next; ++format) luaL_addchar(buffer, *format);
  } else {
    luaL_addlstring(buffer, format, length);
    format = next;
  }
  return format;
}

// %e, %E, %f, %g, %G of argument `arg`: the number is checked before the specification.
int format_float(lua_State* L, int arg, char* spec, Item& item) {
  const lua_Number n = luaL_checknumber(L, arg);
  check_spec(L, spec, kFloatFlags, true);
  add_length_modifier(spec, LUA_NUMBER_FRMLEN);
  const int produced = print_item(item.at, item.room, spec, static_cast<LUAI_UACNUMBER>(n));
  item.digit_by_digit = true;
  return produced;
}

// %p of argument `arg`; printf's %p of NULL is not portable, so a null pointer is "(null)" as a
// string.
int format_pointer(lua_State* L, int arg, char* spec, const Item& item) {
  const void* pointer = lua_topointer(L, arg);
  check_spec(L, spec, kStringFlags, false);
  if (pointer == nullptr) {
    pointer = "(null)";
    spec[std::strlen(spec) - 1] = 's';
  }
  return print_item(item.at, item.room, spec, pointer);
}

// %s of argument `arg`: without modifiers (or without a precision and longer than any width)
// the string is added to `buffer` as it is and 0 returned; otherwise printed at the item.
int format_string(lua_State* L, luaL_Buffer* buffer, int arg, char* spec, const Item& item,
                  Meter& meter) {
  int produced = 0;
  std::size_t length = 0;
  const char* text = luaL_tolstring(L, arg, &length);
  meter.add(byte_units(length));
  if (spec[2] == '\0') {  // no modifiers: the whole string
    luaL_addvalue(buffer);
  } else {
    luaL_argcheck(L, length == std::strlen(text), arg, "string contains zeros");
    check_spec(L, spec, kStringFlags, true);
    if (std::strchr(spec, '.') == nullptr && length >= 100) {
      luaL_addvalue(buffer);  // no precision, and longer than any width: as it is
    } else {
      produced = print_item(item.at, item.room, spec, text);
      lua_pop(L, 1);
    }
  }
  return produced;
}

// The conversion `conversion` of argument `arg` with the specification `spec` (read by
// read_spec); returns the bytes it wrote at the item, which the caller adds to `buffer` (%q and
// some %s add theirs to `buffer` themselves and return 0). Raises on an invalid conversion.
int convert(lua_State* L, luaL_Buffer* buffer, char conversion, int arg, char* spec, Item& item,
            Meter& meter) {
  switch (conversion) {
    case 'c':
      check_spec(L, spec, kStringFlags, false);
      return print_item(item.at, item.room, spec, static_cast<int>(luaL_checkinteger(L, arg)));
    case 'd':
    case 'i':
      return format_integer(L, arg, spec, kIntegerFlags, item.at);
    case 'u':
      return format_integer(L, arg, spec, kUnsignedFlags, item.at);
    case 'o':
    case 'x':
    case 'X':
      return format_integer(L, arg, spec, kHexFlags, item.at);
    case 'a':
    case 'A': {
      check_spec(L, spec, kFloatFlags, true);
      add_length_modifier(spec, LUA_NUMBER_FRMLEN);
      const int produced = print_item(item.at, item.room, spec,
                                      static_cast<LUAI_UACNUMBER>(luaL_checknumber(L, arg)));
      item.digit_by_digit = true;
      return produced;
    }
    case 'f':
      item.room = kMaxItemFixed;
      item.at = luaL_prepbuffsize(buffer, static_cast<std::size_t>(item.room));
      [[fallthrough]];
    case 'e':
    case 'E':
    case 'g':
    case 'G':
      return format_float(L, arg, spec, item);
    case 'p':
      return format_pointer(L, arg, spec, item);
    case 'q':
      if (spec[2] != '\0') return luaL_error(L, "specifier '%%q' cannot have modifiers");
      add_literal(L, buffer, arg, meter);
      return 0;
    case 's':
      return format_string(L, buffer, arg, spec, item, meter);
    default:
      return luaL_error(L, "invalid conversion '%s' to 'format'", spec);
  }
}

}  // namespace

int bounded_format(lua_State* L) {
  const int top = lua_gettop(L);
  int arg = 1;
  std::size_t format_length = 0;
  const char* format = luaL_checklstring(L, arg, &format_length);
  const char* const end = format + format_length;
  luaL_Buffer buffer;
  luaL_buffinit(L, &buffer);
  Meter meter(L, kName);
  meter.add(byte_units(format_length));  // the literal text, charged up front
  while (format < end) {
    if (*format != kEscape) {  // literal text up to the next '%'
      format = add_text(&buffer, format, end);
      continue;
    }
    if (*++format == kEscape) {  // "%%" (a '%' at the end reads the terminating zero)
      luaL_addchar(&buffer, kEscape);
      ++format;
      continue;
    }
    char spec[kMaxSpec];
    Item item{luaL_prepbuffsize(&buffer, static_cast<std::size_t>(kMaxItem))};
    if (++arg > top) return luaL_argerror(L, arg, "no value");
    format = read_spec(L, format, spec);
    const int produced = convert(L, &buffer, *format++, arg, spec, item, meter);
    luaL_addsize(&buffer, static_cast<std::size_t>(produced));
    const auto bytes = static_cast<std::size_t>(produced);
    meter.add(1 + (item.digit_by_digit ? bytes : byte_units(bytes)));
  }
  luaL_pushresult(&buffer);
  meter.finish();
  return 1;
}

}  // namespace catan::lua
