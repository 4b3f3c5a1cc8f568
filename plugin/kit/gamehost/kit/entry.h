// A game plugin's two Boost.DLL entry points (proto/gamehost/plugin_api.h),
// written once. In one source file of the plugin:
//   #include "gamehost/kit/entry.h"
//   GAMEHOST_PLUGIN_ENTRY(connect_four::plugin::Game)
// Every call is then dispatched by PluginDispatcher to kit::Adapter<Game>.
#pragma once

#include <boost/dll/alias.hpp>

#include <cstdint>
#include <new>

#include "gamehost/kit/adapter.h"
#include "gamehost/plugin_dispatch.h"

static_assert(gamehost::kInterfaceVersion == gamehost::v1::INTERFACE_VERSION,
              "plugin_api.h and gamehost.proto disagree on the interface version");

// The id the dispatcher names in its messages: the game's, or the one a
// test variant is built under (GAMEHOST_KIT_ID, adapter.h).
#ifdef GAMEHOST_KIT_ID
#define GAMEHOST_KIT_ENTRY_ID(GAME) GAMEHOST_KIT_ID
#else
#define GAMEHOST_KIT_ENTRY_ID(GAME) GAME::kId
#endif

#define GAMEHOST_PLUGIN_ENTRY(GAME)                                                                 \
  namespace gamehost_plugin_entry {                                                                 \
  std::uint32_t interface_version() { return gamehost::kInterfaceVersion; }                         \
  gamehost::GamePlugin* create_game() {                                                             \
    return new (std::nothrow) gamehost::PluginDispatcher<gamehost::kit::Adapter<GAME>>(GAMEHOST_KIT_ENTRY_ID(GAME));  \
  }                                                                                                 \
  }                                                                                                 \
  BOOST_DLL_ALIAS(gamehost_plugin_entry::interface_version, gamehost_interface_version)             \
  BOOST_DLL_ALIAS(gamehost_plugin_entry::create_game, gamehost_create_game)
