#include "gamehost/text/typed_move.h"

#include <fmt/core.h>

#include "gamehost/base/error.h"
#include "gamehost/text/input_checks.h"

namespace gamehost {

std::variant<pb::ActionInfo, std::string> read_typed_move(Plugin& plugin, const std::string& state,
                                                          const std::string& text) {
  const pb::StateInfo info = plugin.query(state, pb::QueryFlags());
  if (info.terminal()) return fmt::format("the game is over ({})", info.result());
  // Checked here, at the boundary: protobuf would only log an error.
  if (const auto at = invalid_utf8_at(text)) return fmt::format("not UTF-8 text (byte {})", *at);
  pb::ParseActionRequest req;
  req.set_state(state);
  req.set_text(text);
  pb::ParseActionResponse parsed;
  try {
    plugin.call(pb::METHOD_PARSE_ACTION, req, parsed);
  } catch (const CallError& e) {
    return clipped(e.what(), 1000);  // the plugin's words may echo a line of any length, or escapes
  }
  return std::move(*parsed.mutable_action());
}

}  // namespace gamehost
