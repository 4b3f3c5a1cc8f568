#include "gamehost/web/scene_delta.h"

#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>

#include <unordered_map>

#include "gamehost/base/error.h"

namespace gamehost::web {

namespace {

using google::protobuf::RepeatedPtrField;

std::string bytes_of(const google::protobuf::Message& m) {
  std::string out;
  m.SerializeToString(&out);  // deterministic enough here: no maps in scene.proto
  return out;
}

// `next` as a JSON list of its items, a run of items equal to consecutive
// items of `before` written [start, count].
template <class M>
std::string list_runs(const RepeatedPtrField<M>& before, const RepeatedPtrField<M>& next) {
  std::unordered_map<std::string, int> index;
  std::vector<std::string> before_bytes;
  for (int i = 0; i < before.size(); ++i) {
    before_bytes.push_back(bytes_of(before[i]));
    index.emplace(before_bytes.back(), i);
  }
  std::string out = "[";
  int run_start = -1, run_count = 0;
  auto flush = [&] {
    if (run_count == 0) return;
    out += (out.size() > 1 ? "," : "") + std::string("[") + std::to_string(run_start) + "," +
           std::to_string(run_count) + "]";
    run_count = 0;
  };
  for (const M& item : next) {
    const std::string bytes = bytes_of(item);
    const int follow = run_start + run_count;
    if (run_count > 0 && follow < before.size() && before_bytes[static_cast<std::size_t>(follow)] == bytes) {
      ++run_count;
      continue;
    }
    flush();
    if (const auto it = index.find(bytes); it != index.end()) {
      run_start = it->second;
      run_count = 1;
      continue;
    }
    out += (out.size() > 1 ? "," : "") + compact_json(item);
  }
  flush();
  return out + "]";
}

}  // namespace

std::string compact_json(const google::protobuf::Message& message) {
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  std::string out;
  const auto status = google::protobuf::util::MessageToJsonString(message, &out, options);
  if (!status.ok()) throw HostError("cannot write a scene as JSON: " + status.message().as_string());
  return out;
}

std::string json_string(const std::string& text) {
  google::protobuf::Value value;
  value.set_string_value(text);
  return compact_json(value);
}

std::string scene_delta_json(const pb::Scene& before, const pb::Scene& next) {
  pb::Scene head;
  *head.mutable_bounds() = next.bounds();
  head.set_background(next.background());
  head.set_status(next.status());
  head.set_selection_name(next.selection_name());
  *head.mutable_cycle() = next.cycle();
  std::string out = compact_json(head);
  out.pop_back();  // the closing brace: the lists follow
  if (out.size() > 1) out += ",";
  out += "\"hits\":" + list_runs(before.hits(), next.hits());
  out += ",\"paths\":" + list_runs(before.paths(), next.paths());
  // A section whose lines changed (a highlight moved) keeps the others.
  out += ",\"panel\":[";
  for (int i = 0; i < next.panel_size(); ++i) {
    const pb::PanelSection& section = next.panel(i);
    static const pb::PanelSection kNoSection;
    const pb::PanelSection* old = &kNoSection;
    for (const pb::PanelSection& b : before.panel())
      if (b.title() == section.title()) old = &b;
    out += (i ? ",{\"title\":" : "{\"title\":") + json_string(section.title()) +
           ",\"lines\":" + list_runs(old->lines(), section.lines()) + "}";
  }
  out += "]";
  out += ",\"overlays\":" + list_runs(before.overlays(), next.overlays());
  out += ",\"layers\":[";
  for (int i = 0; i < next.layers_size(); ++i) {
    const pb::Layer& layer = next.layers(i);
    static const pb::Layer kNone;
    const pb::Layer* old = &kNone;
    for (const pb::Layer& b : before.layers())
      if (b.id() == layer.id()) old = &b;
    out += (i ? ",{\"id\":" : "{\"id\":") + json_string(layer.id()) +
           ",\"shapes\":" + list_runs(old->shapes(), layer.shapes()) + "}";
  }
  return out + "]}";
}

}  // namespace gamehost::web
