// Game-specific messages packed into the interface's Any fields.
#pragma once

#include <google/protobuf/any.pb.h>

namespace gamehost::kit {

// Any.PackFrom for lite messages (which have no descriptor; the plugin ships
// the descriptors in GameInfo.payload_descriptors instead).
template <class Message>
void pack(const Message& m, google::protobuf::Any& any) {
  any.set_type_url("type.googleapis.com/" + m.GetTypeName());
  any.set_value(m.SerializeAsString());
}

}  // namespace gamehost::kit
