#include "gamehost/input_checks.h"

#include <fmt/core.h>
#include <google/protobuf/stubs/logging.h>
#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <charconv>

#include "gamehost/suggest.h"

namespace gamehost {

std::optional<std::size_t> invalid_utf8_at(std::string_view s) {
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

void require_utf8(std::string_view text, const std::string& what) {
  if (const auto at = invalid_utf8_at(text)) throw HostError(fmt::format("{}: not UTF-8 text (byte {})", what, *at));
}

std::string visible(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      if (c == 0x1b) out += "\\e";
      else if (c >= 7 && c <= 13) out += std::string("\\") + "abtnvfr"[c - 7];
      else if (c < 0x20 || c == 0x7f) out += fmt::format("\\x{:02x}", c);
      else out += static_cast<char>(c);
      ++i;
      continue;
    }
    const std::size_t length = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
    const std::string_view character = text.substr(i, length);
    if (character.size() < length || c < 0xc2 || invalid_utf8_at(character)) {
      out += fmt::format("\\x{:02x}", c);  // not UTF-8: one byte at a time
      ++i;
      continue;
    }
    const auto second = static_cast<unsigned char>(character[1]);
    if (c == 0xc2 && second < 0xa0) out += fmt::format("\\u{:04x}", second);  // a C1 control
    else out += character;
    i += length;
  }
  return out;
}

std::string visible_lines(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  while (true) {
    const auto nl = text.find('\n');
    out += visible(text.substr(0, nl));
    if (nl == std::string_view::npos) return out;
    out += '\n';
    text.remove_prefix(nl + 1);
  }
}

void silence_protobuf_log() {
  google::protobuf::SetLogHandler([](google::protobuf::LogLevel, const char*, int, const std::string&) {});
}

std::string clipped(std::string_view raw, std::size_t keep) {
  const std::string shown = visible(raw);  // an echo never carries a control character to a terminal
  const std::string_view text(shown);
  if (text.size() <= keep + 20) return shown;
  std::size_t cut = keep;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80) --cut;  // a whole character
  return fmt::format("{}... ({} bytes)", text.substr(0, cut), raw.size());
}

namespace {

// One word of a message: the quotes and brackets around it and the
// punctuation after it stay whole, what they hold is clipped when long.
std::string clipped_word(std::string_view word) {
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
std::string clipped_line(std::string_view line) {
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
  return fmt::format("{}... ({} bytes) ...{}", out.substr(0, head), line.size(), out.substr(tail));
}

}  // namespace

std::string clipped_words(std::string_view message) {
  std::string out;
  std::size_t at = 0;
  while (at <= message.size()) {
    const auto stop = std::min(message.find('\n', at), message.size());
    out += clipped_line(message.substr(at, stop - at));
    if (stop < message.size()) out += '\n';
    at = stop + 1;
  }
  return out;
}

namespace {

// The byte where `text`'s arrays and objects first nest deeper than
// kMaxJsonDepth (strings skipped), or nullopt. Linear, before any parser
// sees the text: a million nested '[' would cost protobuf's parser
// seconds and a gigabyte before its own refusal.
std::optional<std::size_t> too_deep_at(std::string_view text) {
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

}  // namespace

void parse_json_text(std::string_view text, google::protobuf::Message& message, const std::string& what,
                     const std::string& why) {
  require_utf8(text, what);
  if (const auto at = too_deep_at(text))
    throw HostError(fmt::format("{}: {}: arrays and objects nested more than {} deep (byte {})", what, why,
                                kMaxJsonDepth, *at));
  const auto status = google::protobuf::util::JsonStringToMessage(
      google::protobuf::StringPiece(text.data(), text.size()), &message);
  if (!status.ok())
    throw HostError(fmt::format("{}: {}: {}", what, why, clipped_words(status.message().as_string())));
}

void check_option_values(const pb::GameInfo& game, const std::vector<pb::OptionValue>& values) {
  std::vector<std::string> seen, names;
  for (const auto& spec : game.options()) names.push_back(spec.name());
  for (const auto& v : values) {
    const std::string what = fmt::format("{}: option {}", game.id(), clipped(v.name()));
    require_utf8(v.name(), fmt::format("{}: an option name", game.id()));
    require_utf8(v.value(), what);
    const pb::OptionSpec* spec = nullptr;
    for (const auto& o : game.options())
      if (o.name() == v.name()) spec = &o;
    if (!spec) {
      std::string list;
      for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
      throw HostError(fmt::format("{}: unknown option '{}' ({}options: {})", game.id(), clipped(v.name()),
                                  suggestion(v.name(), names), list.empty() ? "none" : list));
    }
    for (const auto& s : seen)
      if (s == v.name()) throw HostError(fmt::format("{}: given twice", what));
    seen.push_back(v.name());
    const std::string& x = v.value();
    switch (spec->type()) {
      case pb::OptionSpec::BOOL:
        if (x != "true" && x != "false") throw HostError(fmt::format("{}: '{}' is not true or false", what, clipped(x)));
        break;
      case pb::OptionSpec::INT: {
        std::int64_t n = 0;
        const auto [end, ec] = std::from_chars(x.data(), x.data() + x.size(), n);
        if (x.empty() || ec != std::errc() || end != x.data() + x.size() || n < spec->min() || n > spec->max())
          throw HostError(fmt::format("{}: '{}' is not a whole number in {}..{}", what, clipped(x), spec->min(), spec->max()));
        break;
      }
      case pb::OptionSpec::CHOICE: {
        std::string list;
        bool ok = false;
        for (const auto& c : spec->choices()) list += (list.empty() ? "" : ", ") + c, ok = ok || c == x;
        if (!ok) throw HostError(fmt::format("{}: '{}' is not one of {}", what, clipped(x), list));
        break;
      }
      default:
        break;  // STRING: any UTF-8 text; the game checks its meaning
    }
  }
}

}  // namespace gamehost
