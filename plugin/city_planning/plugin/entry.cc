// The plugin's boundary: the two Boost.DLL entry points, from the kit. Every
// call goes through gamehost::kit::Adapter to the Game of game_adapter.h.
#include "game_adapter.h"
#include "gamehost/kit/entry.h"

GAMEHOST_PLUGIN_ENTRY(city_planning::plugin::Game)
