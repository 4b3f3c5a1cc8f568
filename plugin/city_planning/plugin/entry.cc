// The plugin's boundary: the two Boost.DLL entry points. The calls are
// dispatched by gamehost::PluginDispatcher (proto/gamehost/plugin_dispatch.h)
// to the adapter.
#include <boost/dll/alias.hpp>

#include <new>

#include "game_adapter.h"
#include "gamehost/plugin_dispatch.h"

namespace city_planning::plugin {
namespace {

std::uint32_t interface_version() { return gamehost::kInterfaceVersion; }

gamehost::GamePlugin* create_game() {
  return new (std::nothrow) gamehost::PluginDispatcher<GameAdapter>(kGameId);
}

}  // namespace
}  // namespace city_planning::plugin

static_assert(gamehost::kInterfaceVersion == gamehost::v1::INTERFACE_VERSION,
              "plugin_api.h and gamehost.proto disagree on the interface version");

BOOST_DLL_ALIAS(city_planning::plugin::interface_version, gamehost_interface_version)
BOOST_DLL_ALIAS(city_planning::plugin::create_game, gamehost_create_game)
