// libFuzzer: a plugin's call() entry point with arbitrary request bytes, the
// first byte choosing the method (PLUGIN_PATH names the module). A plugin
// must answer every request with a response or an Error, and the answer
// must lie in a buffer it owns.
#include <boost/dll/shared_library.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "gamehost/plugin_api.h"

namespace {

gamehost::GamePlugin* instance() {
  static boost::dll::shared_library library(PLUGIN_PATH, boost::dll::load_mode::rtld_now);
  static std::unique_ptr<gamehost::GamePlugin> game(
      library.get_alias<gamehost::CreateGameFn>(gamehost::kCreateSymbol)());
  return game.get();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint32_t method = data[0] % 13;  // every method, and unknown ones
  const std::uint8_t* out = nullptr;
  std::size_t out_size = 0;
  instance()->call(method, data + 1, size - 1, &out, &out_size);
  if (out_size > 0) {
    // Touch every byte of the answer: ASan reports a size beyond the buffer.
    volatile std::uint8_t sum = 0;
    for (std::size_t i = 0; i < out_size; ++i) sum = static_cast<std::uint8_t>(sum + out[i]);
    (void)sum;
  } else if (out == nullptr && out_size != 0) {
    std::abort();
  }
  return 0;
}
