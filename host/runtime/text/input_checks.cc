#include "gamehost/text/input_checks.h"

#include <fmt/core.h>
#include <google/protobuf/stubs/logging.h>
#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <charconv>

#include "gamehost/echo.h"
#include "gamehost/base/suggest.h"

namespace gamehost {

std::optional<std::size_t> invalid_utf8_at(std::string_view s) { return echo::invalid_utf8_at(s); }

void require_utf8(std::string_view text, const std::string& what) {
  if (const auto at = invalid_utf8_at(text)) throw HostError(fmt::format("{}: not UTF-8 text (byte {})", what, *at));
}

std::string visible(std::string_view text) { return echo::visible(text); }

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

std::string clipped(std::string_view raw, std::size_t keep) { return echo::clipped(raw, keep); }

std::string clipped_words(std::string_view message) { return echo::clipped_words(message); }

void parse_json_text(std::string_view text, google::protobuf::Message& message, const std::string& what,
                     const std::string& why) {
  require_utf8(text, what);
  if (const auto at = echo::json_too_deep_at(text))
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
