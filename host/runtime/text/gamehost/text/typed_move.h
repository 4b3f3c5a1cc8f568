// A move typed by a person ("RT@E3", "decline", "d"), read through the
// game's ParseAction: what `gamehost enter`, `show --variation` and the
// viewer's move box share, so all three refuse a move in the same words.
#pragma once

#include <string>
#include <variant>

#include "gamehost/calls/plugin.h"

namespace gamehost {

// The legal action `text` names in `state` (id and canonical notation), or
// the sentence that refuses it: "the game is over (RESULT)", or the
// plugin's own error (INVALID_ARGUMENT: unreadable, ILLEGAL_ACTION: the
// ruling that forbids it).
std::variant<pb::ActionInfo, std::string> read_typed_move(Plugin& plugin, const std::string& state,
                                                          const std::string& text);

}  // namespace gamehost
