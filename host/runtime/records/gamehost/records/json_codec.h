// Protobuf's JSON mapping for the interface's messages, including the
// game-specific messages inside their Any fields: their types come from the
// plugin's GameInfo.payload_descriptors, not from linked code.
#pragma once

#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/type_resolver.h>

#include <memory>
#include <string>
#include <string_view>

namespace gamehost {

// The one JSON convention of everything gamehost prints or writes
// (docs/gamehost.md, "JSON"): protobuf's JSON mapping with the .proto field
// names (snake_case, "legal_ids"), every field printed, zeros, false and
// empty lists included (so `select(.seat == 0)` finds seat 0), indented.
// Reading accepts either spelling (lowerCamelCase too).
google::protobuf::util::JsonPrintOptions json_print_options();

class JsonCodec {
 public:
  // Knows gamehost.proto and the types of `payload_descriptors` (a
  // serialized FileDescriptorSet; empty for none). Throws HostError when the
  // descriptors do not build.
  explicit JsonCodec(const std::string& payload_descriptors = "");
  ~JsonCodec();

  // Pretty-printed JSON in the convention of json_print_options().
  std::string to_json(const google::protobuf::Message& message) const;
  // Throws HostError "what: where" on malformed JSON or unknown fields.
  void from_json(std::string_view json, google::protobuf::Message& message) const;

 private:
  google::protobuf::DescriptorPool pool_;
  std::unique_ptr<google::protobuf::util::TypeResolver> resolver_;
};

}  // namespace gamehost
