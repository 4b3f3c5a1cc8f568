#include "gamehost/plugin.h"

#include "gamehost/answer_bounds.h"

#include <boost/dll/shared_library.hpp>
#include <dlfcn.h>
#include <fmt/core.h>

#include <fstream>

namespace gamehost {

struct LoadedLibrary {
  boost::dll::shared_library library;
  CreateGameFn* create = nullptr;
  std::filesystem::path path;
};

namespace {

[[noreturn]] void refuse(const std::filesystem::path& path, const std::string& why) {
  throw HostError(fmt::format("{}: {}", path.string(), why));
}

// Checks what dlopen would report badly or not at all (a text file named .so
// gives "invalid ELF header" at best), so each case gets a clear reason.
void check_file(const std::filesystem::path& path) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status)) refuse(path, "no such file");
  if (!std::filesystem::is_regular_file(status)) refuse(path, "not a regular file");
  std::ifstream in(path, std::ios::binary);
  char magic[4] = {};
  if (!in.read(magic, 4)) refuse(path, "not a shared library (shorter than an ELF header)");
  if (magic[0] != 0x7f || magic[1] != 'E' || magic[2] != 'L' || magic[3] != 'F')
    refuse(path, "not a shared library (no ELF header)");
}

}  // namespace

std::string status_name(int status) {
  const std::string& name = pb::Status_Name(static_cast<pb::Status>(status));
  return name.empty() ? fmt::format("status {}", status) : name;
}

std::unique_ptr<Plugin> Plugin::load(const std::filesystem::path& path) {
  check_file(path);
  auto lib = std::make_shared<LoadedLibrary>();
  lib->path = path;
  boost::dll::fs::error_code ec;
  // rtld_now: a plugin with unresolved symbols fails here, not mid-game.
  lib->library.load(path, boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local, ec);
  if (ec) {
    const char* why = dlerror();  // the loader's own reason, still pending
    refuse(path, fmt::format("cannot load: {}", why ? why : ec.message()));
  }
  if (!lib->library.has(kVersionSymbol) || !lib->library.has(kCreateSymbol))
    refuse(path, fmt::format("not a gamehost plugin (no {} entry point)",
                             lib->library.has(kVersionSymbol) ? kCreateSymbol : kVersionSymbol));
  // Nothing else is called on a plugin built for another interface version.
  const std::uint32_t version = lib->library.get_alias<InterfaceVersionFn>(kVersionSymbol)();
  if (version != kInterfaceVersion)
    refuse(path, fmt::format("interface version {}, but this host speaks version {}; rebuild the "
                             "plugin against this host",
                             version, kInterfaceVersion));
  lib->create = &lib->library.get_alias<CreateGameFn>(kCreateSymbol);
  GamePlugin* instance = lib->create();
  if (!instance) refuse(path, "gamehost_create_game returned no game");
  std::unique_ptr<Plugin> plugin(new Plugin(std::move(lib), instance));
  pb::DescribeResponse described;
  try {
    plugin->call(pb::METHOD_DESCRIBE, pb::DescribeRequest(), described);
  } catch (const HostError& e) {
    refuse(path, fmt::format("Describe failed: {}", e.what()));
  }
  if (described.info().interface_version() != kInterfaceVersion)
    refuse(path, fmt::format("describes interface version {}, but this host speaks version {}",
                             described.info().interface_version(), kInterfaceVersion));
  if (described.info().id().empty() || described.info().player_names_size() == 0)
    refuse(path, "describes a game without an id or players");
  plugin->info_ = std::move(*described.mutable_info());
  return plugin;
}

Plugin::Plugin(std::shared_ptr<LoadedLibrary> library, GamePlugin* instance)
    : library_(std::move(library)), instance_(instance) {}

Plugin::~Plugin() = default;

std::unique_ptr<Plugin> Plugin::clone() const {
  GamePlugin* instance = library_->create();
  if (!instance) refuse(library_->path, "gamehost_create_game returned no game");
  std::unique_ptr<Plugin> copy(new Plugin(library_, instance));
  copy->info_ = info_;
  return copy;
}

const std::filesystem::path& Plugin::path() const { return library_->path; }

void Plugin::call(pb::Method method, const google::protobuf::MessageLite& request,
                  google::protobuf::MessageLite& response) {
  request_buffer_.clear();
  request.AppendToString(&request_buffer_);
  const std::uint8_t* out = nullptr;
  std::size_t out_size = 0;
  const std::int32_t status =
      instance_->call(static_cast<std::uint32_t>(method),
                      reinterpret_cast<const std::uint8_t*>(request_buffer_.data()),
                      request_buffer_.size(), &out, &out_size);
  if (out_size > static_cast<std::size_t>(INT32_MAX) || (out == nullptr && out_size != 0))
    throw HostError(fmt::format("{}: {} returned a malformed buffer", id(), pb::Method_Name(method)));
  if (!answer_is_mapped(out, out_size))  // before any read past the plugin's buffer
    throw HostError(fmt::format("{}{} answered {} bytes, more than the memory its buffer lies in",
                                id().empty() ? "" : id() + ": ", pb::Method_Name(method), out_size));
  if (status != pb::OK) {
    pb::Error error;
    if (!error.ParseFromArray(out, static_cast<int>(out_size)))
      throw CallError(status, "", fmt::format("{} (unreadable error message)", status_name(status)));
    throw CallError(status, error.code(), error.message().empty() ? status_name(status) : error.message());
  }
  if (!response.ParseFromArray(out, static_cast<int>(out_size)))
    throw HostError(fmt::format("{}: {} returned an unreadable {}", id(), pb::Method_Name(method),
                                response.GetTypeName()));
}

pb::NewGameResponse Plugin::new_game(const pb::NewGameRequest& request) {
  pb::NewGameResponse response;
  call(pb::METHOD_NEW_GAME, request, response);
  return response;
}

pb::StateInfo Plugin::query(const std::string& state, const pb::QueryFlags& flags) {
  pb::QueryRequest request;
  request.set_state(state);
  *request.mutable_flags() = flags;
  pb::QueryResponse response;
  call(pb::METHOD_QUERY, request, response);
  return std::move(*response.mutable_info());
}

void Plugin::apply(const std::string& state, std::uint32_t action_id, const pb::QueryFlags& flags,
                   pb::ApplyResponse& response, bool describe_action) {
  apply_request_.set_state(state);
  apply_request_.set_action_id(action_id);
  *apply_request_.mutable_flags() = flags;
  apply_request_.set_describe_action(describe_action);
  call(pb::METHOD_APPLY, apply_request_, response);
}

pb::AnalyzeResponse Plugin::analyze(const std::string& state, const std::string& topic) {
  pb::AnalyzeRequest request;
  request.set_state(state);
  request.set_topic(topic);
  pb::AnalyzeResponse response;
  call(pb::METHOD_ANALYZE, request, response);
  return response;
}

}  // namespace gamehost
