#include "gamehost/typed_move.h"

#include <fmt/core.h>

#include "gamehost/error.h"

namespace gamehost {

std::variant<pb::ActionInfo, std::string> read_typed_move(Plugin& plugin, const std::string& state,
                                                          const std::string& text) {
  const pb::StateInfo info = plugin.query(state, pb::QueryFlags());
  if (info.terminal()) return fmt::format("the game is over ({})", info.result());
  pb::ParseActionRequest req;
  req.set_state(state);
  req.set_text(text);
  pb::ParseActionResponse parsed;
  try {
    plugin.call(pb::METHOD_PARSE_ACTION, req, parsed);
  } catch (const CallError& e) {
    return std::string(e.what());
  }
  return std::move(*parsed.mutable_action());
}

}  // namespace gamehost
