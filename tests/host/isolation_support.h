// Sets GAMEHOST_FAULT (read by fake_plugins/fault_game.cc, in this process
// and in the runners and gamehost processes it starts) for one scope.
#pragma once

#include <cstdlib>
#include <string_view>

namespace test {

// The call timeout, in seconds, for a test of fault `mode`: only a hang
// waits for it (1 s); every other fault gets a long one, so that a loaded
// machine cannot turn a fault or a slow start into a time-out.
inline int fault_timeout_seconds(std::string_view mode) { return mode.rfind("hang", 0) == 0 ? 1 : 60; }

struct FaultEnv {
  explicit FaultEnv(const char* mode) { ::setenv("GAMEHOST_FAULT", mode, 1); }
  ~FaultEnv() { ::unsetenv("GAMEHOST_FAULT"); }
  FaultEnv(const FaultEnv&) = delete;
  FaultEnv& operator=(const FaultEnv&) = delete;
};

}  // namespace test
