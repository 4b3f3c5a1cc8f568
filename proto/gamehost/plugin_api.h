// The C++ entry points of a game plugin (a Boost.DLL module). This header and
// proto/gamehost.proto are the whole contract; docs/interface.md explains it.
//
// A plugin exports two symbols with BOOST_DLL_ALIAS:
//   gamehost_interface_version : std::uint32_t()   (must return kInterfaceVersion)
//   gamehost_create_game       : gamehost::GamePlugin*()
// The host reads the version first and calls nothing else on a mismatch, so a
// plugin built against another version of this header is refused safely.
//
// Only serialized protobuf bytes cross the boundary: no C++ objects are
// passed, no exceptions escape, no memory is freed on the other side.
#pragma once

#include <boost/config.hpp>

#include <cstddef>
#include <cstdint>

namespace gamehost {

// Equals gamehost.v1.INTERFACE_VERSION.
inline constexpr std::uint32_t kInterfaceVersion = 2;

// The names under which the entry points are exported.
inline constexpr const char* kVersionSymbol = "gamehost_interface_version";
inline constexpr const char* kCreateSymbol = "gamehost_create_game";

// One game engine instance. Instances are independent; one instance must not
// be called from two threads at once (use one instance per thread).
class BOOST_SYMBOL_VISIBLE GamePlugin {
 public:
  // Handles one call of GameService.
  //   method: a gamehost.v1.Method number.
  //   request/request_size: the serialized request message of that method.
  //   *response/*response_size: set to a buffer owned by this instance that
  //     holds the serialized response message (return value OK = 0) or a
  //     serialized gamehost.v1.Error (any other gamehost.v1.Status). The
  //     buffer stays valid until the next call on this instance or its
  //     destruction.
  // Never throws; an unknown method gives UNIMPLEMENTED, a bug INTERNAL.
  virtual std::int32_t call(std::uint32_t method, const std::uint8_t* request,
                            std::size_t request_size, const std::uint8_t** response,
                            std::size_t* response_size) noexcept = 0;

  // Destroys the instance (its memory belongs to the plugin's heap; the host
  // deletes it through this virtual destructor while the library is loaded).
  virtual ~GamePlugin() = default;
};

using InterfaceVersionFn = std::uint32_t();
using CreateGameFn = GamePlugin*();

}  // namespace gamehost
