// A loaded game plugin: one engine instance, reached in this process or in
// an isolated child process (gamehost/calls/transport.h), and typed calls over the
// byte boundary (proto/gamehost/plugin_api.h).
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "gamehost/base/error.h"
#include "gamehost.pb.h"
#include "gamehost/plugin_api.h"
#include "gamehost/calls/transport.h"

namespace gamehost {

namespace pb = gamehost::v1;

class Plugin {
 public:
  // Loads the module at `path` (in a runner process with options.isolate),
  // checks its interface version before calling anything else, creates an
  // instance and reads its GameInfo.
  // Throws HostError "PATH: reason" (missing file, not a shared library,
  // not a gamehost plugin, interface version mismatch, Describe failed,
  // crashed or timed out while describing itself).
  static std::unique_ptr<Plugin> load(const std::filesystem::path& path, const LoadOptions& options = {});

  ~Plugin();
  Plugin(const Plugin&) = delete;
  Plugin& operator=(const Plugin&) = delete;

  // Another independent instance of the same game (e.g. for another thread).
  std::unique_ptr<Plugin> clone() const;

  const pb::GameInfo& info() const { return info_; }
  const std::string& id() const { return info_.id(); }
  const std::filesystem::path& path() const { return path_; }
  int players() const { return info_.player_names_size(); }
  bool isolated() const { return isolated_; }
  // The longest game in plies: GameInfo.max_plies, else kDefaultMaxPlies.
  std::uint32_t max_plies() const;

  // One call: serializes `request`, calls the plugin, parses its answer into
  // `response`. Throws CallError (the plugin's status, code and message) when
  // the status is not OK, PluginFault when the answer does not parse or the
  // plugin failed (isolated: crashed, hung, oversized reply).
  void call(pb::Method method, const google::protobuf::MessageLite& request,
            google::protobuf::MessageLite& response);
  // The same without parsing: the answer's bytes (valid until the next call).
  std::string_view call_raw(pb::Method method, const google::protobuf::MessageLite& request);

  // Typed shortcuts for the calls every game answers.
  pb::NewGameResponse new_game(const pb::NewGameRequest& request);
  pb::StateInfo query(const std::string& state, const pb::QueryFlags& flags);
  // Applies `action_id`; response's state and info per `flags`.
  void apply(const std::string& state, std::uint32_t action_id, const pb::QueryFlags& flags,
             pb::ApplyResponse& response, bool describe_action = false);
  // Applies `action_id` to `state` and answers the new state and its status
  // in `out` (reused: warm, it allocates nothing): one Step call when the
  // plugin offers METHOD_STEP, else Apply with legal ids (and scores) with
  // its answer copied into the same fields, so callers need not know which.
  // `state` crosses the boundary only when it is not the one the last Step
  // returned. Throws as apply().
  void step(const std::string& state, std::uint32_t action_id, pb::StepResponse& out, bool scores = false,
            bool describe_action = false);
  // Whether step() goes through METHOD_STEP (false: the Apply fallback).
  bool has_step() const { return has_step_; }
  pb::AnalyzeResponse analyze(const std::string& state, const std::string& topic);
  // Analyze is optional (docs/interface.md): the game's analysis of `state`
  // for `topic` ("" the full one), or nullopt when the game offers none: no
  // Analyze at all (UNIMPLEMENTED), or a named topic it does not list in
  // GameInfo.analysis_topics. Other refusals still throw.
  std::optional<pb::AnalyzeResponse> analysis(const std::string& state, const std::string& topic);

 private:
  Plugin(std::unique_ptr<Transport> transport, std::filesystem::path path, bool isolated);

  std::unique_ptr<Transport> transport_;
  std::filesystem::path path_;
  bool isolated_ = false;
  pb::GameInfo info_;
  void step_by_apply(const std::string& state, std::uint32_t action_id, pb::StepResponse& out, bool scores,
                     bool describe_action);

  std::string request_buffer_;  // reused: no allocation per call once warm
  pb::ApplyRequest apply_request_;
  bool has_step_ = false;
  pb::StepRequest step_request_;
  // The state the plugin's last Step returned, which it keeps; empty after a
  // fault (an isolated plugin restarted knows none).
  std::string stepped_;
  pb::ApplyResponse step_fallback_;
};

// The status fields of a Step's answer in a StateInfo (what a game loop
// keeps), the legal ids moved out of `step`.
void take_step_info(pb::StepResponse& step, pb::StateInfo& info);

// The game length assumed when a plugin states no GameInfo.max_plies.
inline constexpr std::uint32_t kDefaultMaxPlies = 100000;

// The status name of a gamehost.v1.Status, e.g. "ILLEGAL_ACTION".
std::string status_name(int status);

}  // namespace gamehost
