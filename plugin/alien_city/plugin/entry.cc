// The plugin's boundary: the two Boost.DLL entry points. The calls are
// dispatched by gamehost::PluginDispatcher (proto/gamehost/plugin_dispatch.h)
// to the adapter, with the scene renderer for RenderScene.
#include <boost/dll/alias.hpp>

#include <new>

#include "game_adapter.h"
#include "gamehost/plugin_dispatch.h"
#include "scene_builder.h"

namespace alien_city::plugin {
namespace {

// Every call Alien City answers: the adapter's, and the viewer's scenes.
struct Handlers : GameAdapter {
  Outcome render_scene(const pb::RenderSceneRequest& req, pb::RenderSceneResponse& resp) {
    return scene.render(req, resp);
  }
  SceneRenderer scene;
};

std::uint32_t interface_version() { return gamehost::kInterfaceVersion; }

gamehost::GamePlugin* create_game() { return new (std::nothrow) gamehost::PluginDispatcher<Handlers>(kGameId); }

}  // namespace
}  // namespace alien_city::plugin

static_assert(gamehost::kInterfaceVersion == gamehost::v1::INTERFACE_VERSION,
              "plugin_api.h and gamehost.proto disagree on the interface version");

BOOST_DLL_ALIAS(alien_city::plugin::interface_version, gamehost_interface_version)
BOOST_DLL_ALIAS(alien_city::plugin::create_game, gamehost_create_game)
