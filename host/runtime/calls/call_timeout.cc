// --call-timeout's value, for every program that offers --isolate (gamehost
// and replay-viewer): "S" for every call, "CALL=S" for one kind.
#include <fmt/core.h>

#include <cctype>
#include <cmath>
#include <string>

#include "gamehost/calls/transport.h"

namespace gamehost {
namespace {

std::chrono::milliseconds parse_seconds(const std::string& text, const std::string& whole) {
  std::size_t used = 0;
  double s = -1;
  try {
    s = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || !(s > 0) || s > 86400)
    throw HostError(fmt::format("--call-timeout '{}': expected seconds above 0 (at most 86400)", whole));
  return std::chrono::milliseconds(static_cast<long long>(std::ceil(s * 1000)));
}

std::string lower(const std::string& text) {
  std::string out;
  for (char c : text) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

void set_call_timeout(CallLimits& limits, const std::string& text) {
  const auto eq = text.find('=');
  if (eq == std::string::npos) {
    const auto t = parse_seconds(text, text);
    limits.timeout.fill(t);
    limits.start = t;
    return;
  }
  const std::string kind = lower(text.substr(0, eq));
  std::string known;
  for (int m = pb::METHOD_DESCRIBE; m < static_cast<int>(limits.timeout.size()); ++m) {
    if (!pb::Method_IsValid(m) || m == pb::METHOD_UNSPECIFIED) continue;  // no call has this number
    const std::string name = lower(call_name(static_cast<pb::Method>(m)));
    if (kind == name) {
      limits[static_cast<pb::Method>(m)] = parse_seconds(text.substr(eq + 1), text);
      return;
    }
    known += (known.empty() ? "" : ", ") + name;
  }
  throw HostError(
      fmt::format("--call-timeout '{}': unknown call '{}' (calls: {})", text, text.substr(0, eq), known));
}

}  // namespace gamehost
