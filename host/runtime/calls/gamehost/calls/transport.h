// How the host reaches a plugin's GamePlugin::call: in its own process
// (Boost.DLL, the default) or isolated in a child process, the runner
// (host/runner/), over a pair of pipes (docs/interface.md, "Isolated
// plugins"). Plugin (plugin.h) holds one Transport and does the protobuf
// encoding; a transport moves bytes and reports what went wrong.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "gamehost.pb.h"
#include "gamehost/base/error.h"

namespace gamehost {

namespace pb = gamehost::v1;

// A plugin that failed at the boundary rather than answering: it crashed,
// hung past its time limit, exited, or sent a reply too large or unreadable.
// The message names the plugin, the call and, once known, the ply:
// "alien_city: Apply at ply 12: crashed (signal 11, Segmentation fault)".
class PluginFault : public HostError {
 public:
  // kind: "crashed", "exited", "timed out", "sent an oversized reply",
  // "sent a malformed reply", "sent an unreadable reply"; detail: the
  // particulars ("signal 11, Segmentation fault"), may be empty.
  PluginFault(std::string plugin, std::string call, std::string kind, std::string detail = "", int ply = 0);
  const std::string& plugin() const { return plugin_; }
  const std::string& call() const { return call_; }
  const std::string& kind() const { return kind_; }
  const std::string& detail() const { return detail_; }
  // "crashed (signal 11, Segmentation fault)"
  std::string what_happened() const;
  int ply() const { return ply_; }  // 0: not known
  // The same fault, said to happen while computing ply `ply`.
  PluginFault at_ply(int ply) const { return PluginFault(plugin_, call_, kind_, detail_, ply); }

 private:
  std::string plugin_, call_, kind_, detail_;
  int ply_;
};

// "Apply" for METHOD_APPLY: the rpc's name in GameService.
std::string call_name(pb::Method method);

// Time limits per call kind and the largest reply accepted, for isolated
// plugins (an in-process call cannot be stopped).
struct CallLimits {
  CallLimits();
  std::array<std::chrono::milliseconds, 32> timeout;   // by Method number (room for new calls)
  std::chrono::milliseconds start{5000};               // loading the library in the runner
  std::size_t max_reply_bytes = 64u << 20;
  std::chrono::milliseconds& operator[](pb::Method m) { return timeout[static_cast<std::size_t>(m)]; }
  std::chrono::milliseconds operator[](pb::Method m) const { return timeout[static_cast<std::size_t>(m)]; }
};

// How to load plugins.
struct LoadOptions {
  bool isolate = false;
  CallLimits limits;
};

// Whether GAMEHOST_ISOLATE is set to 1 (or "true"/"yes").
bool isolate_from_environment();

// Applies one --call-timeout value (call_timeout.cc): "S" seconds for every
// call and the start, or "CALL=S" for one call kind (the rpc's name, any
// case: "rollout=120"). Throws HostError naming the value when it is neither.
void set_call_timeout(CallLimits& limits, const std::string& text);

class Transport {
 public:
  virtual ~Transport() = default;
  // Calls `method` with `request`; on return `response` views the plugin's
  // answer (valid until the next call) and the result is its status.
  // `name` names the plugin in faults. Throws PluginFault.
  virtual std::int32_t call(pb::Method method, std::string_view request, std::string_view& response,
                            const std::string& name) = 0;
  // Another independent instance of the same game.
  virtual std::unique_ptr<Transport> clone() const = 0;
};

// In this process: checks the file, loads it with Boost.DLL, checks the
// interface version and creates an instance. Throws HostError "PATH: reason".
std::unique_ptr<Transport> open_in_process(const std::filesystem::path& path);

// In a child process running gamehost-plugin-runner on `path`. The child
// is started at once and restarted on the next call after it dies or is
// killed. Throws HostError "PATH: reason" when the runner cannot load the
// file (the same reasons as open_in_process) and PluginFault when it dies.
std::unique_ptr<Transport> open_isolated(const std::filesystem::path& path, const CallLimits& limits);

// The runner executable: $GAMEHOST_RUNNER, else gamehost-plugin-runner next
// to this program (installed, both are in bin/; in a build, in build/bin/).
std::filesystem::path runner_path();

}  // namespace gamehost
