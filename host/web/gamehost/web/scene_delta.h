// Scenes written as changes to another scene, so that a replay of sixty
// plies holds each unchanged tile and hit area once (docs/web.md, "What the
// file holds"). The browser side is expandScene in assets/scene.js.
//
// A delta is a JSON object in protobuf's JSON mapping with the .proto field
// names (docs/gamehost.md, "JSON"), defaults left out:
// - bounds, background, status, selection_name, cycle: as in the scene;
// - hits, paths, overlays: a list of items, each either the item itself
//   or [start, count], the items start..start+count-1 of the same list in
//   the scene before;
// - layers: each {"id", "shapes"}, its shapes listed as above against the
//   layer with the same id in the scene before (none: no shape reused);
// - panel: each {"title", "lines"}, its lines listed so against the
//   section with the same title in the scene before.
#pragma once

#include <string>

#include "scene.pb.h"

namespace gamehost::web {

namespace pb = gamehost::v1;

// `next` as a delta from `before` (an empty Scene for a first scene).
std::string scene_delta_json(const pb::Scene& before, const pb::Scene& next);

// One message in the JSON above (no defaults, no spaces).
std::string compact_json(const google::protobuf::Message& message);

// `text` as a JSON string literal, quotes included.
std::string json_string(const std::string& text);

}  // namespace gamehost::web
