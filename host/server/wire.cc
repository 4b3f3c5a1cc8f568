#include "gamehost/server/wire.h"

#include <fmt/core.h>
#include <cassert>
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

// The scene a message carries (Position.scene, SceneShown.scene), or nullptr.
const pb::Scene* scene_of(const net::ServerMessage& m) {
  const net::Position* p = m.has_move_made() ? &m.move_made().position()
                           : m.has_game()    ? &m.game().position()
                           : m.has_game_ended() ? &m.game_ended().position()
                                                : nullptr;
  if (p) return p->has_scene() ? &p->scene() : nullptr;
  return m.has_scene_shown() && m.scene_shown().has_scene() ? &m.scene_shown().scene() : nullptr;
}

pb::Scene* mutable_scene_of(net::ServerMessage& m) {
  if (m.has_move_made()) return m.mutable_move_made()->mutable_position()->mutable_scene();
  if (m.has_game()) return m.mutable_game()->mutable_position()->mutable_scene();
  if (m.has_game_ended()) return m.mutable_game_ended()->mutable_position()->mutable_scene();
  return m.mutable_scene_shown()->mutable_scene();
}

// A message with a scene as JSON: the scene printed with its fields at
// their default left out (docs/protocol.md). A board's scene is hundreds
// of shapes, and printing every default field of each, as the rest of a
// frame is printed, was most of the time a move took to reach its player
// (protobuf's converter builds a tree of every field first): the frame is
// printed with a placeholder scene, then the scene put in its place.
std::string json_with_scene(const net::ServerMessage& message, const pb::Scene& scene) {
  static const std::string kMarker = "\x01gh-scene\x01", kPrinted = "\\u0001gh-scene\\u0001";
  net::ServerMessage rest = message;
  pb::Scene* placeholder = mutable_scene_of(rest);
  placeholder->Clear();
  placeholder->set_status(kMarker);
  std::string out, drawn;
  google::protobuf::util::MessageToJsonString(rest, &out, frame_print_options());
  auto options = frame_print_options();
  options.always_print_primitive_fields = false;
  google::protobuf::util::MessageToJsonString(scene, &drawn, options);
  // The placeholder's object holds no other object (its message fields are
  // unset), so its end is the first '}' after the marker.
  const auto marker = out.find(kPrinted);
  const auto open = marker == std::string::npos ? marker : out.rfind("\"scene\":{", marker);
  const auto close = marker == std::string::npos ? marker : out.find('}', marker);
  assert(open != std::string::npos && close != std::string::npos);
  if (open == std::string::npos || close == std::string::npos) {  // never: then printed as every frame is
    out.clear();
    google::protobuf::util::MessageToJsonString(message, &out, frame_print_options());
    return out;
  }
  const auto start = open + std::string("\"scene\":").size();
  out.replace(start, close + 1 - start, drawn);
  return out;
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
  if (!text) message.SerializeToString(&out);
  else if (const pb::Scene* scene = scene_of(message)) out = json_with_scene(message, *scene);
  else google::protobuf::util::MessageToJsonString(message, &out, frame_print_options());
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
