// Protobuf's JSON mapping for the interface's messages, including the
// game-specific messages inside their Any fields: their types come from the
// plugin's GameInfo.payload_descriptors, not from linked code.
#pragma once

#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>
#include <google/protobuf/util/type_resolver.h>

#include <memory>
#include <string>
#include <string_view>

namespace gamehost {

class JsonCodec {
 public:
  // Knows gamehost.proto and the types of `payload_descriptors` (a
  // serialized FileDescriptorSet; empty for none). Throws HostError when the
  // descriptors do not build.
  explicit JsonCodec(const std::string& payload_descriptors = "");
  ~JsonCodec();

  // Pretty-printed JSON, field names in lowerCamelCase (the standard mapping).
  std::string to_json(const google::protobuf::Message& message) const;
  // Throws HostError "what: where" on malformed JSON or unknown fields.
  void from_json(std::string_view json, google::protobuf::Message& message) const;

 private:
  google::protobuf::DescriptorPool pool_;
  std::unique_ptr<google::protobuf::util::TypeResolver> resolver_;
};

}  // namespace gamehost
