// The last decoded state of a plugin instance. The host passes back the bytes
// Apply returned, and the viewer asks for the same state again whenever the
// view changes, so keeping one decoded state saves validating it twice.
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "common/expected.h"

namespace gamehost::kit {

// `Decode` is the core's `gamecore::Expected<State> (const std::string&)`.
template <class State, auto Decode>
class StateCache {
 public:
  // The state `bytes` encode (valid until the next call), or the core's
  // reason why they encode none.
  gamecore::Expected<const State*> load(const std::string& bytes) {
    if (!state_ || bytes != bytes_) {
      auto s = Decode(bytes);
      if (!s) return s.error();
      remember(bytes, std::move(*s));
    }
    return &*state_;
  }

  // Records a state this instance has just encoded.
  void remember(const std::string& bytes, State s) {
    bytes_ = bytes;
    state_ = std::move(s);
  }

 private:
  std::string bytes_;
  std::optional<State> state_;
};

}  // namespace gamehost::kit
