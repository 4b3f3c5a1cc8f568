#include "gamehost/server/wire.h"

#include <fmt/core.h>
#include <google/protobuf/util/json_util.h>

#include "gamehost/text/input_checks.h"
#include "gamehost/records/json_codec.h"

namespace gamehost::server {
namespace {

google::protobuf::util::JsonPrintOptions frame_print_options() {
  auto options = json_print_options();
  options.add_whitespace = false;  // one frame, one line
  return options;
}

}  // namespace

bool decode_client_message(std::string_view frame, bool text, std::size_t max_bytes, net::ClientMessage& message,
                           net::Error& error) {
  error.Clear();
  if (frame.size() > max_bytes) {
    error.set_code(net::Error::TOO_LARGE);
    error.set_message(fmt::format("a frame of {} bytes is over the limit of {} bytes (Welcome.max_message_bytes)",
                                  frame.size(), max_bytes));
    return false;
  }
  if (text) {
    google::protobuf::util::JsonParseOptions options;
    options.ignore_unknown_fields = false;
    const auto status = google::protobuf::util::JsonStringToMessage(
        google::protobuf::StringPiece(frame.data(), frame.size()), &message, options);
    if (!status.ok()) {
      error.set_code(net::Error::BAD_FRAME);
      error.set_message(fmt::format("a text frame that is not a ClientMessage in JSON: {}",
                                    clipped(std::string(status.message()))));
      return false;
    }
    return true;
  }
  if (!message.ParseFromArray(frame.data(), static_cast<int>(frame.size()))) {
    error.set_code(net::Error::BAD_FRAME);
    error.set_message(fmt::format("a binary frame of {} bytes that is not a serialized ClientMessage", frame.size()));
    return false;
  }
  return true;
}

std::string encode_server_message(const net::ServerMessage& message, bool text) {
  std::string out;
  if (text) google::protobuf::util::MessageToJsonString(message, &out, frame_print_options());
  else message.SerializeToString(&out);
  return out;
}

std::string encode_client_message(const net::ClientMessage& message, bool text) {
  std::string out;
  if (text) google::protobuf::util::MessageToJsonString(message, &out, frame_print_options());
  else message.SerializeToString(&out);
  return out;
}

bool decode_server_message(std::string_view frame, bool text, net::ServerMessage& message) {
  if (text)
    return google::protobuf::util::JsonStringToMessage(google::protobuf::StringPiece(frame.data(), frame.size()),
                                                       &message)
        .ok();
  return message.ParseFromArray(frame.data(), static_cast<int>(frame.size()));
}

}  // namespace gamehost::server
