// gamehost-plugin-runner PLUGIN.so: serves one game plugin to the host that
// started it, over descriptors 3 (requests in) and 4 (responses out) in the
// frames of gamehost/calls/runner_frames.h. It loads the module exactly as the host would
// in its own process and passes every call through unchanged, so a plugin
// that crashes or hangs takes down only this process
// (docs/interface.md, "Isolated plugins").
#include <sys/prctl.h>
#include <signal.h>

#include <cstdio>
#include <string>
#include <string_view>

#include "gamehost/calls/runner_frames.h"
#include "gamehost/calls/transport.h"

using namespace gamehost;

namespace {

// The header goes out before the body, which is written from the plugin's
// own buffer: the host learns a reply's size (and refuses an oversized one)
// without waiting for a copy of it.
bool send(std::int32_t status, std::string_view bytes, std::string& buffer) {
  buffer.clear();
  put_frame_header(buffer, static_cast<std::uint32_t>(status), static_cast<std::uint32_t>(bytes.size()));
  return write_full(kRunnerResponseFd, buffer.data(), buffer.size()) == IoResult::kOk &&
         (bytes.empty() || write_full(kRunnerResponseFd, bytes.data(), bytes.size()) == IoResult::kOk);
}

constexpr const char* kHelp =
    "gamehost-plugin-runner " GAMEHOST_VERSION ": runs one game plugin in a process of its own for gamehost\n"
    "and replay-viewer when they are given --isolate (or GAMEHOST_ISOLATE=1), so that a plugin that\n"
    "crashes or hangs takes down only this process (docs/interface.md, \"Isolated plugins\").\n"
    "\n"
    "It is started by those programs, which talk to it over descriptors 3 and 4;\n"
    "users do not run it by hand.\n"
    "\n"
    "usage (by the host): gamehost-plugin-runner PLUGIN.so\n"
    "       gamehost-plugin-runner --help | --version\n";

}  // namespace

int main(int argc, char** argv) {
  // A runner never outlives its host, even while stuck in a plugin call.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  // A person who finds the program in bin/ and asks what it is.
  if (argc == 2 && (std::string_view(argv[1]) == "--help" || std::string_view(argv[1]) == "-h")) {
    std::fputs(kHelp, stdout);
    return 0;
  }
  if (argc == 2 && std::string_view(argv[1]) == "--version") {
    std::puts("gamehost-plugin-runner " GAMEHOST_VERSION);
    return 0;
  }
  if (argc != 2) {
    std::fprintf(stderr, "usage: gamehost-plugin-runner PLUGIN.so (started by gamehost; see --help)\n");
    return 2;
  }
  std::string out;
  std::unique_ptr<Transport> plugin;
  try {
    plugin = open_in_process(argv[1]);
  } catch (const HostError& e) {
    // The host prefixes the path itself.
    std::string why = e.what();
    const std::string prefix = std::string(argv[1]) + ": ";
    if (why.rfind(prefix, 0) == 0) why.erase(0, prefix.size());
    send(kRunnerRefused, why, out);
    return 1;
  }
  if (!send(0, "", out)) return 1;
  std::string request;
  for (;;) {
    char header[kFrameHeader];
    if (read_full(kRunnerRequestFd, header, kFrameHeader) != IoResult::kOk) return 0;  // host gone or done
    std::uint32_t method = 0, size = 0;
    get_frame_header(header, method, size);
    request.resize(size);
    if (read_full(kRunnerRequestFd, request.data(), size) != IoResult::kOk) return 1;
    std::string_view response;
    std::int32_t status = 0;
    try {
      status = plugin->call(static_cast<pb::Method>(method), request, response, "");
    } catch (const PluginFault& f) {
      if (!send(kRunnerMalformed, f.detail(), out)) return 1;
      continue;
    }
    if (response.size() > UINT32_MAX) {
      if (!send(kRunnerMalformed, "a reply above 4 GiB", out)) return 1;
      continue;
    }
    if (!send(status, response, out)) return 1;
  }
}
