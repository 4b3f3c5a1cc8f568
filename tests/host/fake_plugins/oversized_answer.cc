// A plugin whose answer claims more bytes than its buffer holds: 16 bytes at
// the end of a page whose next page is not mapped, answered as 4096 bytes.
// The host must refuse the answer before reading past the buffer (reading
// it would crash).
#include <boost/dll/alias.hpp>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>

#include "gamehost/plugin_api.h"

namespace {

class Oversized final : public gamehost::GamePlugin {
 public:
  Oversized() {
    const long page = ::sysconf(_SC_PAGESIZE);
    void* two = ::mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    ::munmap(static_cast<char*>(two) + page, page);  // the page after the buffer is gone
    buffer_ = static_cast<std::uint8_t*>(two) + page - 16;
  }

  std::int32_t call(std::uint32_t, const std::uint8_t*, std::size_t, const std::uint8_t** response,
                    std::size_t* response_size) noexcept override {
    *response = buffer_;
    *response_size = 4096;  // a lie: 16 bytes are there
    return 0;
  }

 private:
  std::uint8_t* buffer_ = nullptr;
};

std::uint32_t interface_version() { return gamehost::kInterfaceVersion; }
gamehost::GamePlugin* create_game() { return new Oversized(); }

}  // namespace

BOOST_DLL_ALIAS(interface_version, gamehost_interface_version)
BOOST_DLL_ALIAS(create_game, gamehost_create_game)
