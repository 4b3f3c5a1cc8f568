// Building a scene (proto/scene.proto) for the generic viewer: colours,
// points, shapes appended to a layer, overlays and side-panel lines. Every
// game's scene uses these; its own geometry (where a lot or a cell is) and
// palette stay in the game.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>

#include "scene.pb.h"

namespace gamehost::kit {

namespace pb = gamehost::v1;

// 0xRRGGBBAA, as in scene.proto.
using Rgba = std::uint32_t;
inline constexpr Rgba kBlack = 0x000000ff;
inline constexpr Rgba kWhite = 0xffffffff;

// Mixes c toward `to` by t (0..1), keeping c's alpha.
Rgba mix(Rgba c, Rgba to, float t);
Rgba with_alpha(Rgba c, std::uint8_t alpha);

pb::Point point(float x, float y);

// Sets the scene's extent and background.
void set_bounds(pb::Scene& scene, float x, float y, float width, float height, Rgba background);
// Appends a layer with `id`.
pb::Layer& add_layer(pb::Scene& scene, std::string id);

// Appends a shape with `id` to `layer`, fills in colours and returns it for
// the geometry.
pb::Shape& add(pb::Layer& layer, std::string id, Rgba fill, Rgba outline = 0, float outline_width = 0);

void set_rect(pb::Shape& s, float x, float y, float w, float h, float corner = 0);
void set_circle(pb::Shape& s, pb::Point c, float r);
void set_circle(pb::Shape& s, float x, float y, float r);
// A polygon of `pts` scaled by `scale` around `origin`.
void set_polygon(pb::Shape& s, std::initializer_list<std::pair<float, float>> pts, pb::Point origin,
                 float scale);
void set_text(pb::Shape& s, pb::Point at, std::string content, float size,
              pb::Text::Align align = pb::Text::CENTER, bool bold = false);
void set_text(pb::Shape& s, float x, float y, std::string content, float size,
              pb::Text::Align align = pb::Text::CENTER, bool bold = false);
void set_line(pb::Shape& s, std::initializer_list<pb::Point> pts);
// A straight line from (x1, y1) to (x2, y2).
void set_line(pb::Shape& s, float x1, float y1, float x2, float y2);

// The last move's mark, one convention for every game: pink corner
// brackets around the rectangle (x, y, w, h) it changed, four L shapes
// "<id>:0".."3" with arms `arm` long (board units), `width` thick.
inline constexpr Rgba kLastMove = 0xff5fd7ff;
void corner_brackets(pb::Layer& layer, const std::string& id, float x, float y, float w, float h, float arm,
                     float width, Rgba colour = kLastMove);

// Appends an area the viewer reports by `hover` when the pointer is over the
// rectangle (a cell, a column, a lot); set_select on it makes it clickable.
pb::HitArea& add_hit(pb::Scene& scene, float x, float y, float w, float h, std::string hover);

// Clickable moves (ViewOptions.hit_actions, docs/interface.md "Clickable
// moves"): whether the viewer asked for them, and one legal action added to
// an area with its picker label ("" for the notation).
bool wants_hit_actions(const pb::ViewOptions& view);
void add_hit_action(pb::HitArea& hit, std::uint32_t action_id, std::string label = "");
// Why nothing can be played here: the game's ruling code and sentence.
void set_refusal(pb::HitArea& hit, std::string code, std::string message);

// Declares an overlay the viewer toggles with `shortcut`.
void add_overlay(pb::Scene& scene, std::string key, std::string name, std::string shortcut, bool default_on);
// Whether the viewer has overlay `key` on.
bool overlay_on(const pb::ViewOptions& view, const std::string& key);

// Appends a side-panel section titled `title`.
pb::PanelSection& add_section(pb::Scene& scene, std::string title);
// Appends a one-span line to a panel section, with its machine-readable key
// and value (empty for lines only meant to be read).
pb::PanelLine& panel_line(pb::PanelSection& section, std::string content, std::string key = "",
                          std::string value = "", bool bold = false);

}  // namespace gamehost::kit
