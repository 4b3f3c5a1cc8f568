// The plugin's boundary: the two Boost.DLL entry points, from the kit.
#include "game.h"
#include "gamehost/kit/entry.h"

GAMEHOST_PLUGIN_ENTRY(connect_four::plugin::Game)
