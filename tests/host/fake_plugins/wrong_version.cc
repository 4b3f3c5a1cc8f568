// A plugin built against another interface version: the host must refuse it
// after reading the version, without calling the factory.
#include <boost/dll/alias.hpp>

#include <cstdlib>

#include "gamehost/plugin_api.h"

namespace {
std::uint32_t interface_version() { return gamehost::kInterfaceVersion + 998; }
gamehost::GamePlugin* create_game() { std::abort(); }  // never called
}  // namespace

BOOST_DLL_ALIAS(interface_version, gamehost_interface_version)
BOOST_DLL_ALIAS(create_game, gamehost_create_game)
