// What a plugin's handler returns at the boundary: nothing (OK) or a refusal
// that PluginDispatcher packs into a gamehost.v1.Error.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "common/expected.h"
#include "gamehost.pb.h"

namespace gamehost::kit {

namespace pb = gamehost::v1;

// The one error type: the rules core's gamecore::Error (code and message)
// plus the interface status it is answered with. The status is the only
// difference, and it is needed: the same core error is BAD_STATE when it
// comes from decoding a state and ILLEGAL_ACTION when it comes from a move.
struct Refusal : gamecore::Error {
  pb::Status status = pb::INTERNAL;
};
using Outcome = std::optional<Refusal>;  // nullopt = OK

inline Refusal refuse(pb::Status status, std::string message, std::string code = "") {
  Refusal r;
  r.code = std::move(code);
  r.message = std::move(message);
  r.status = status;
  return r;
}

inline Refusal refuse(pb::Status status, const gamecore::Error& e) { return refuse(status, e.message, e.code); }

// "action id 9999 is not an Alien City action (ids are 0..640)";
// `game_with_article` is e.g. "an Alien City".
inline Refusal unknown_action(std::uint32_t id, const std::string& game_with_article, std::uint32_t bound) {
  return refuse(pb::ILLEGAL_ACTION, "action id " + std::to_string(id) + " is not " + game_with_article +
                                        " action (ids are 0.." + std::to_string(bound - 1) + ")");
}

}  // namespace gamehost::kit
