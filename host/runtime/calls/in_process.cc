// The in-process transport: the plugin's module loaded into this process
// with Boost.DLL and called directly (the gamehost-plugin-runner uses it too).
//
// Lifetime: the transport holds a shared_ptr to the library, declared before
// the instance, so the library is unloaded only after every instance made
// from it is destroyed (clone() shares the library).
#include <boost/dll/shared_library.hpp>
#include <dlfcn.h>
#include <fmt/core.h>

#include <climits>
#include <fstream>

#include "gamehost/calls/answer_bounds.h"
#include "gamehost/plugin_api.h"
#include "gamehost/calls/transport.h"

namespace gamehost {

namespace {

struct LoadedLibrary {
  boost::dll::shared_library library;
  CreateGameFn* create = nullptr;
  std::filesystem::path path;
};


// Checks what dlopen would report badly or not at all (a text file named .so
// gives "invalid ELF header" at best), so each case gets a clear reason.
void check_file(const std::filesystem::path& path) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status)) refuse_file(path, "no such file");
  if (!std::filesystem::is_regular_file(status)) refuse_file(path, "not a regular file");
  std::ifstream in(path, std::ios::binary);
  char magic[4] = {};
  if (!in.read(magic, 4)) refuse_file(path, "not a shared library (shorter than an ELF header)");
  if (magic[0] != 0x7f || magic[1] != 'E' || magic[2] != 'L' || magic[3] != 'F')
    refuse_file(path, "not a shared library (no ELF header)");
}

std::shared_ptr<LoadedLibrary> open_library(const std::filesystem::path& path) {
  check_file(path);
  auto lib = std::make_shared<LoadedLibrary>();
  lib->path = path;
  boost::dll::fs::error_code ec;
  // rtld_now: a plugin with unresolved symbols fails here, not mid-game.
  lib->library.load(path, boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local, ec);
  if (ec) {
    const char* why = dlerror();  // the loader's own reason, still pending
    refuse_file(path, fmt::format("cannot load: {}", why ? why : ec.message()));
  }
  if (!lib->library.has(kVersionSymbol) || !lib->library.has(kCreateSymbol))
    refuse_file(path, fmt::format("not a gamehost plugin (no {} entry point)",
                             lib->library.has(kVersionSymbol) ? kCreateSymbol : kVersionSymbol));
  // Nothing else is called on a plugin built for another interface version.
  const std::uint32_t version = lib->library.get_alias<InterfaceVersionFn>(kVersionSymbol)();
  if (version != kInterfaceVersion)
    refuse_file(path, fmt::format("interface version {}, but this host speaks version {}; rebuild the "
                             "plugin against this host",
                             version, kInterfaceVersion));
  lib->create = &lib->library.get_alias<CreateGameFn>(kCreateSymbol);
  return lib;
}

class InProcess final : public Transport {
 public:
  explicit InProcess(std::shared_ptr<LoadedLibrary> library) : library_(std::move(library)) {
    instance_.reset(library_->create());
    if (!instance_) refuse_file(library_->path, "gamehost_create_game returned no game");
  }

  std::int32_t call(pb::Method method, std::string_view request, std::string_view& response,
                    const std::string& name) override {
    const std::uint8_t* out = nullptr;
    std::size_t out_size = 0;
    const std::int32_t status =
        instance_->call(static_cast<std::uint32_t>(method), reinterpret_cast<const std::uint8_t*>(request.data()),
                        request.size(), &out, &out_size);
    if (out_size > static_cast<std::size_t>(INT32_MAX) || (out == nullptr && out_size != 0))
      throw PluginFault(name, call_name(method), "sent a malformed reply", "a null or oversized buffer");
    if (!answer_is_mapped(out, out_size))  // before any read past the plugin's buffer
      throw PluginFault(name, call_name(method), "sent a malformed reply",
                        fmt::format("{} bytes, more than the memory its buffer lies in", out_size));
    response = std::string_view(reinterpret_cast<const char*>(out), out_size);
    return status;
  }

  std::unique_ptr<Transport> clone() const override { return std::make_unique<InProcess>(library_); }

 private:
  std::shared_ptr<LoadedLibrary> library_;  // first: outlives instance_
  std::unique_ptr<GamePlugin> instance_;
};

}  // namespace

std::unique_ptr<Transport> open_in_process(const std::filesystem::path& path) {
  return std::make_unique<InProcess>(open_library(path));
}

}  // namespace gamehost
