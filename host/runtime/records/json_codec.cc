#include "gamehost/records/json_codec.h"

#include <fmt/core.h>
#include <google/protobuf/descriptor.pb.h>
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/type_resolver_util.h>

#include "gamehost/base/error.h"
#include "gamehost.pb.h"
#include "gamehost/records/log.pb.h"

namespace gamehost {
namespace {

constexpr const char* kUrlPrefix = "type.googleapis.com";

class Collector : public google::protobuf::DescriptorPool::ErrorCollector {
 public:
  void AddError(const std::string& file, const std::string& element, const google::protobuf::Message*,
                ErrorLocation, const std::string& message) override {
    if (first.empty()) first = fmt::format("{} ({}): {}", file, element, message);
  }
  std::string first;
};

// Copies `file` and its imports, imports first, into `pool`.
void add_with_imports(const google::protobuf::FileDescriptor* file, google::protobuf::DescriptorPool& pool) {
  if (pool.FindFileByName(file->name())) return;
  for (int i = 0; i < file->dependency_count(); ++i) add_with_imports(file->dependency(i), pool);
  google::protobuf::FileDescriptorProto proto;
  file->CopyTo(&proto);
  pool.BuildFile(proto);
}

}  // namespace

google::protobuf::util::JsonPrintOptions json_print_options() {
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  options.always_print_primitive_fields = true;  // seat 0 and empty lists are shown
  options.preserve_proto_field_names = true;
  return options;
}

JsonCodec::JsonCodec(const std::string& payload_descriptors) {
  add_with_imports(v1::GameRecord::descriptor()->file(), pool_);
  if (!payload_descriptors.empty()) {
    google::protobuf::FileDescriptorSet set;
    if (!set.ParseFromString(payload_descriptors))
      throw HostError("the plugin's payload descriptors do not parse");
    for (const auto& file : set.file()) {
      if (pool_.FindFileByName(file.name())) continue;  // e.g. any.proto
      Collector errors;
      if (!pool_.BuildFileCollectingErrors(file, &errors))
        throw HostError(fmt::format("the plugin's payload descriptors do not build: {}", errors.first));
    }
  }
  resolver_.reset(google::protobuf::util::NewTypeResolverForDescriptorPool(kUrlPrefix, &pool_));
}

JsonCodec::~JsonCodec() = default;

std::string JsonCodec::to_json(const google::protobuf::Message& message) const {
  const auto options = json_print_options();
  std::string out;
  const auto status = google::protobuf::util::BinaryToJsonString(
      resolver_.get(), fmt::format("{}/{}", kUrlPrefix, message.GetDescriptor()->full_name()),
      message.SerializeAsString(), &out, options);
  if (!status.ok()) throw HostError(fmt::format("cannot print JSON: {}", status.message().as_string()));
  return out;
}

void JsonCodec::from_json(std::string_view json, google::protobuf::Message& message) const {
  std::string binary;
  const auto status = google::protobuf::util::JsonToBinaryString(
      resolver_.get(), fmt::format("{}/{}", kUrlPrefix, message.GetDescriptor()->full_name()),
      std::string(json), &binary);
  if (!status.ok()) throw HostError(fmt::format("not valid JSON for {}: {}", message.GetTypeName(), status.message().as_string()));
  if (!message.ParseFromString(binary)) throw HostError("the JSON converts to unreadable bytes");
}

}  // namespace gamehost
