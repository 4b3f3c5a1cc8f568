// libFuzzer: the server's frame decoder (host/server wire.h) on arbitrary
// bytes, read as a binary frame and as a text (JSON) frame. Either gives a
// ClientMessage or a BAD_FRAME / TOO_LARGE error; never crashes. A message
// it reads encodes back and reads again to the same message.
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "gamehost/server/wire.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace server = gamehost::server;
  const std::string_view frame(reinterpret_cast<const char*>(data), size);
  for (const bool text : {false, true}) {
    server::net::ClientMessage message;
    server::net::Error error;
    if (!server::decode_client_message(frame, text, 4096, message, error)) {
      assert(error.code() == server::net::Error::BAD_FRAME || error.code() == server::net::Error::TOO_LARGE);
      assert(!error.message().empty());
      continue;
    }
    const std::string again = server::encode_client_message(message, text);
    server::net::ClientMessage reread;
    if (!server::decode_client_message(again, text, again.size(), reread, error)) __builtin_trap();
    if (reread.SerializeAsString() != message.SerializeAsString()) __builtin_trap();
  }
  return 0;
}
