// What both transports share: faults, call names and time limits.
#include "gamehost/calls/transport.h"

#include <fmt/core.h>

#include <cstdlib>
#include <string_view>

namespace gamehost {

namespace {

std::string with_detail(const std::string& kind, const std::string& detail) {
  return detail.empty() ? kind : fmt::format("{} ({})", kind, detail);
}

std::string fault_message(const std::string& plugin, const std::string& call, const std::string& what, int ply) {
  std::string where = call;
  if (ply > 0) where += fmt::format(" at ply {}", ply);
  return where.empty() ? fmt::format("{}: {}", plugin, what) : fmt::format("{}: {}: {}", plugin, where, what);
}

}  // namespace

PluginFault::PluginFault(std::string plugin, std::string call, std::string kind, std::string detail, int ply)
    : HostError(fault_message(plugin, call, with_detail(kind, detail), ply)),
      plugin_(std::move(plugin)),
      call_(std::move(call)),
      kind_(std::move(kind)),
      detail_(std::move(detail)),
      ply_(ply) {}

std::string PluginFault::what_happened() const { return with_detail(kind_, detail_); }

std::string call_name(pb::Method method) {
  switch (method) {
    case pb::METHOD_DESCRIBE: return "Describe";
    case pb::METHOD_NEW_GAME: return "NewGame";
    case pb::METHOD_QUERY: return "Query";
    case pb::METHOD_APPLY: return "Apply";
    case pb::METHOD_PARSE_ACTION: return "ParseAction";
    case pb::METHOD_OBSERVE: return "Observe";
    case pb::METHOD_ANALYZE: return "Analyze";
    case pb::METHOD_EVALUATE: return "Evaluate";
    case pb::METHOD_ROLLOUT: return "Rollout";
    case pb::METHOD_RENDER_SCENE: return "RenderScene";
    case pb::METHOD_SAMPLE_HIDDEN: return "SampleHidden";
    case pb::METHOD_SOLVE: return "Solve";
    case pb::METHOD_OBSERVATION_TENSOR: return "ObservationTensor";
    case pb::METHOD_STEP: return "Step";
    case pb::METHOD_READ_RECORD: return "ReadRecord";
    case pb::METHOD_WRITE_RECORD: return "WriteRecord";
    default: return fmt::format("method {}", static_cast<int>(method));
  }
}

// Describe answers at once; a state call is one position's work; Rollout
// runs up to a million playouts in one call, so it gets more.
CallLimits::CallLimits() {
  timeout.fill(std::chrono::seconds(10));
  (*this)[pb::METHOD_DESCRIBE] = std::chrono::seconds(5);
  (*this)[pb::METHOD_ROLLOUT] = std::chrono::seconds(60);
  (*this)[pb::METHOD_SOLVE] = std::chrono::seconds(60);  // a whole endgame's search in one call
}

bool isolate_from_environment() {
  const char* v = std::getenv("GAMEHOST_ISOLATE");
  if (!v) return false;
  const std::string_view s(v);
  return s == "1" || s == "true" || s == "yes";
}

}  // namespace gamehost
