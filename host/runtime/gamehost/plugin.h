// A loaded game plugin: the Boost.DLL library, one engine instance and typed
// calls over the byte boundary (proto/gamehost/plugin_api.h).
//
// Lifetime: Plugin holds a shared_ptr to the library, declared before the
// instance, so the library is unloaded only after every instance made from
// it is destroyed (clone() shares the library).
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "gamehost/error.h"
#include "gamehost.pb.h"
#include "gamehost/plugin_api.h"

namespace gamehost {

namespace pb = gamehost::v1;

struct LoadedLibrary;  // the boost::dll::shared_library and its entry points

class Plugin {
 public:
  // Loads the module at `path`, checks its interface version before calling
  // anything else, creates an instance and reads its GameInfo.
  // Throws HostError "PATH: reason" (missing file, not a shared library,
  // not a gamehost plugin, interface version mismatch, Describe failed).
  static std::unique_ptr<Plugin> load(const std::filesystem::path& path);

  ~Plugin();
  Plugin(const Plugin&) = delete;
  Plugin& operator=(const Plugin&) = delete;

  // Another independent instance of the same game (e.g. for another thread).
  std::unique_ptr<Plugin> clone() const;

  const pb::GameInfo& info() const { return info_; }
  const std::string& id() const { return info_.id(); }
  const std::filesystem::path& path() const;
  int players() const { return info_.player_names_size(); }

  // One call: serializes `request`, calls the plugin, parses its answer into
  // `response`. Throws CallError (the plugin's status, code and message) when
  // the status is not OK, HostError when the answer does not parse.
  void call(pb::Method method, const google::protobuf::MessageLite& request,
            google::protobuf::MessageLite& response);

  // Typed shortcuts for the calls every game answers.
  pb::NewGameResponse new_game(const pb::NewGameRequest& request);
  pb::StateInfo query(const std::string& state, const pb::QueryFlags& flags);
  // Applies `action_id`; response's state and info per `flags`.
  void apply(const std::string& state, std::uint32_t action_id, const pb::QueryFlags& flags,
             pb::ApplyResponse& response, bool describe_action = false);
  pb::AnalyzeResponse analyze(const std::string& state, const std::string& topic);

 private:
  Plugin(std::shared_ptr<LoadedLibrary> library, GamePlugin* instance);

  std::shared_ptr<LoadedLibrary> library_;  // first: outlives instance_
  std::unique_ptr<GamePlugin> instance_;
  pb::GameInfo info_;
  std::string request_buffer_;  // reused: no allocation per call once warm
  pb::ApplyRequest apply_request_;
};

// The status name of a gamehost.v1.Status, e.g. "ILLEGAL_ACTION".
std::string status_name(int status);

}  // namespace gamehost
