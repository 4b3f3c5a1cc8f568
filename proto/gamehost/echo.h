// Echoes of someone else's bytes in a message, the same on both sides of the
// interface (the host's input checks, a game's record readers): strict UTF-8
// checked once, control characters made visible, long input clipped. Header
// only, standard C++ only.
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace gamehost::echo {

// The byte offset of the first byte that is not strict UTF-8 (RFC 3629: no
// overlong forms, no surrogates, nothing above U+10FFFF, no bytes C0, C1,
// F5-FF), or nullopt when `s` is valid.
inline std::optional<std::size_t> invalid_utf8_at(std::string_view s) {
  std::size_t i = 0;
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  while (i < s.size()) {
    const unsigned char c = byte(i);
    if (c < 0x80) {
      ++i;
      continue;
    }
    // Lead byte: how many continuation bytes, and the range of the first one
    // (which rules out overlong forms, surrogates and code points > U+10FFFF).
    int extra = 0;
    unsigned char lo = 0x80, hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) extra = 1;
    else if (c == 0xe0) extra = 2, lo = 0xa0;
    else if (c >= 0xe1 && c <= 0xec) extra = 2;
    else if (c == 0xed) extra = 2, hi = 0x9f;  // no surrogates
    else if (c >= 0xee && c <= 0xef) extra = 2;
    else if (c == 0xf0) extra = 3, lo = 0x90;
    else if (c >= 0xf1 && c <= 0xf3) extra = 3;
    else if (c == 0xf4) extra = 3, hi = 0x8f;
    else return i;  // 80-C1 as a lead byte, F5-FF
    if (i + static_cast<std::size_t>(extra) >= s.size()) return i;
    if (byte(i + 1) < lo || byte(i + 1) > hi) return i;
    for (int k = 2; k <= extra; ++k)
      if ((byte(i + static_cast<std::size_t>(k)) & 0xc0) != 0x80) return i;
    i += static_cast<std::size_t>(extra) + 1;
  }
  return std::nullopt;
}

// "\xHH" or "\u00HH" for one byte.
inline std::string escaped_byte(const char* prefix, unsigned char c) {
  static const char* kHex = "0123456789abcdef";
  return std::string(prefix) + kHex[c >> 4] + kHex[c & 15];
}

// `text` safe to print on a terminal: every control character made
// visible, so no escape sequence can retitle, clear or recolour it. ESC is
// "\e", the usual C escapes (\a \b \t \n \v \f \r) as such, other C0 bytes
// and DEL "\xHH", C1 controls (U+0080..U+009F) "\u00HH", bytes that are not
// UTF-8 "\xHH"; everything else as it is.
inline std::string visible(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      if (c == 0x1b) out += "\\e";
      else if (c >= 7 && c <= 13) out += std::string("\\") + "abtnvfr"[c - 7];
      else if (c < 0x20 || c == 0x7f) out += escaped_byte("\\x", c);
      else out += static_cast<char>(c);
      ++i;
      continue;
    }
    const std::size_t length = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
    const std::string_view character = text.substr(i, length);
    if (character.size() < length || c < 0xc2 || invalid_utf8_at(character)) {
      out += escaped_byte("\\x", c);  // not UTF-8: one byte at a time
      ++i;
      continue;
    }
    const auto second = static_cast<unsigned char>(character[1]);
    if (c == 0xc2 && second < 0xa0) out += escaped_byte("\\u00", second);  // a C1 control
    else out += character;
    i += length;
  }
  return out;
}

// `raw` for a message, the one echo of input every message uses: made
// visible, then as is when short, else its first `keep` bytes (cut on a
// character boundary) and "... (N bytes)". Never echoes a whole long line,
// nor a control character.
inline std::string clipped(std::string_view raw, std::size_t keep = 40) {
  const std::string shown = visible(raw);
  const std::string_view text(shown);
  if (text.size() <= keep + 20) return shown;
  std::size_t cut = keep;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80) --cut;  // a whole character
  return std::string(text.substr(0, cut)) + "... (" + std::to_string(raw.size()) + " bytes)";
}

namespace detail {

// One word of a message: the quotes and brackets around it and the
// punctuation after it stay whole, what they hold is clipped when long.
inline std::string clipped_word(std::string_view word) {
  constexpr std::size_t kLongWord = 256;
  if (word.size() <= kLongWord) return visible(word);
  const std::size_t begin = std::min(word.find_first_not_of("'\"(["), word.size());
  const auto last = word.find_last_not_of("'\")]:;,.");
  const std::size_t end = last == std::string_view::npos ? 0 : last + 1;
  if (begin >= end) return clipped(word);  // nothing but quotes and punctuation
  return visible(word.substr(0, begin)) + clipped(word.substr(begin, end - begin)) + visible(word.substr(end));
}

// One line of a message, its words clipped; a line still longer than
// kLongLine (input of many short words: a JSON key with spaces, a quoted
// text) keeps its start and its end around "... (N bytes) ...".
inline std::string clipped_line(std::string_view line) {
  constexpr std::size_t kLongLine = 1024, kHead = 300, kTail = 100;
  std::string out;
  std::size_t at = 0;
  while (at <= line.size()) {
    const auto stop = std::min(line.find(' ', at), line.size());
    out += clipped_word(line.substr(at, stop - at));
    if (stop < line.size()) out += ' ';
    at = stop + 1;
  }
  if (out.size() <= kLongLine) return out;
  auto boundary = [&](std::size_t p) {  // back to the start of a character
    while (p > 0 && (static_cast<unsigned char>(out[p]) & 0xc0) == 0x80) --p;
    return p;
  };
  const std::size_t head = boundary(kHead), tail = boundary(out.size() - kTail);
  return out.substr(0, head) + "... (" + std::to_string(line.size()) + " bytes) ..." + out.substr(tail);
}

}  // namespace detail

// A message made of someone else's words (a plugin's refusal, protobuf's
// JSON parser, the command-line parser), which may quote input of any
// length: each line kept, each word longer than 256 bytes clipped() inside
// its quotes or brackets, every other word made visible(); a line still
// longer than 1,024 bytes keeps its first 300 and last 100 bytes around
// "... (N bytes) ...".
inline std::string clipped_words(std::string_view message) {
  std::string out;
  std::size_t at = 0;
  while (at <= message.size()) {
    const auto stop = std::min(message.find('\n', at), message.size());
    out += detail::clipped_line(message.substr(at, stop - at));
    if (stop < message.size()) out += '\n';
    at = stop + 1;
  }
  return out;
}

// The deepest nesting of JSON arrays and objects read (a game record nests
// 5 deep, an Abstract Play record about 8).
inline constexpr int kMaxJsonDepth = 64;

// The byte where `text`'s arrays and objects first nest deeper than
// kMaxJsonDepth (strings skipped), or nullopt. Linear, before any parser
// sees the text: a million nested '[' would cost protobuf's parser
// seconds and a gigabyte before its own refusal.
inline std::optional<std::size_t> json_too_deep_at(std::string_view text) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth) return i;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return std::nullopt;
}

}  // namespace gamehost::echo
