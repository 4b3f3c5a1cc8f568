// Sets GAMEHOST_FAULT (read by fake_plugins/fault_game.cc, in this process
// and in the runners and gamehost processes it starts) for one scope.
#pragma once

#include <cstdlib>

namespace test {

struct FaultEnv {
  explicit FaultEnv(const char* mode) { ::setenv("GAMEHOST_FAULT", mode, 1); }
  ~FaultEnv() { ::unsetenv("GAMEHOST_FAULT"); }
  FaultEnv(const FaultEnv&) = delete;
  FaultEnv& operator=(const FaultEnv&) = delete;
};

}  // namespace test
