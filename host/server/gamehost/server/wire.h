// Frames on the wire (docs/protocol.md): a binary WebSocket frame holds one
// serialized message, a text frame the same message in protobuf's JSON
// mapping (the project's convention: .proto field names, every field
// printed; either spelling read, unknown fields refused).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "net.pb.h"

namespace gamehost::server {

namespace net = gamehost::net::v1;

// Reads one client frame. On failure returns false and fills `error`
// (BAD_FRAME naming what is wrong, TOO_LARGE over `max_bytes`); `message`
// is then unspecified.
bool decode_client_message(std::string_view frame, bool text, std::size_t max_bytes, net::ClientMessage& message,
                           net::Error& error);

// One server message as a frame of the kind asked for (JSON on one line).
std::string encode_server_message(const net::ServerMessage& message, bool text);

// The same for the other direction (tests, tools and the fuzz target).
std::string encode_client_message(const net::ClientMessage& message, bool text);
bool decode_server_message(std::string_view frame, bool text, net::ServerMessage& message);

}  // namespace gamehost::server
