// The board editor's part of the scene (ViewOptions.edit, docs/interface.md
// "Position editor"): every lot's hit area carries the edits a click there
// can make, and a strip under the board holds the turn, both supplies and
// the city as a whole (layout, emptying). The viewer shows them in a picker
// and applies the chosen id through NewGame's "edits" option.
#include "alien_city/core/position_edit.h"
#include "scene_builder.h"
#include "scene_shapes.h"

namespace alien_city::plugin::detail {

namespace {

using namespace draw;

constexpr float kStripTop = kRows + 0.85f;
constexpr float kStripHeight = 0.8f;
constexpr float kStripWidth = kCols / 4.0f;

void fill(pb::HitArea& h, const std::vector<EditChoice>& edits) {
  for (const EditChoice& e : edits) add_hit_action(h, static_cast<std::uint32_t>(e.id), e.label);
}

// A supply in short: towers RT BT GT, domes RD BD GD KD, caps.
std::string supply_text(const State& s, Player p) {
  const Supply& sup = s.supply(p);
  std::string out;
  for (int k = 0; k < kPieceKinds; ++k) out += std::to_string(sup.pieces[k]) + (k == 2 ? " · " : k < 6 ? " " : "");
  return out + " · caps " + std::to_string(sup.caps);
}

// One button of the strip: a framed title over its value, whose hit area
// holds `edits`; the area is named by what it edits (the viewer's picker
// is titled "Edit " + that name: "Edit the city").
void button(pb::Scene& out, pb::Layer& layer, int slot, const std::string& id, const std::string& name,
            const std::string& title, const std::string& value, const std::vector<EditChoice>& edits) {
  const float x = slot * kStripWidth + 0.05f, w = kStripWidth - 0.1f;
  set_rect(add(layer, "edit:" + id, 0x2f333cff, kLabel, 0.03f), x, kStripTop, w, kStripHeight, 0.1f);
  set_text(add(layer, "edit:" + id + ":title", kSelection), x + w / 2, kStripTop + 0.24f, title, 0.2f);
  set_text(add(layer, "edit:" + id + ":value", kLabel), x + w / 2, kStripTop + 0.56f, value, 0.16f);
  fill(add_hit(out, x, kStripTop, w, kStripHeight, name), edits);
}

}  // namespace

void add_editor(const State& s, pb::Scene& out) {
  // Room for the strip under the coordinates.
  out.mutable_bounds()->set_height(out.bounds().height() + kStripHeight + 0.2f);
  for (pb::HitArea& h : *out.mutable_hits()) {
    const auto lot = parse_lot(h.hover());
    if (!lot) continue;
    h.clear_actions();
    h.clear_action_labels();
    fill(h, lot_edits(s, *lot));
  }
  pb::Layer& strip = add_layer(out, "editor");
  const std::string turn = s.is_over() ? "over" : std::string(player_name(s.to_move())) +
                                                     (s.phase() == Phase::Claim ? " claim" : " build");
  button(out, strip, 0, "turn", "the turn", "to move", turn, turn_edits(s));
  button(out, strip, 1, "White", "White's supply", "White's supply", supply_text(s, Player::White),
         supply_edits(s, Player::White));
  button(out, strip, 2, "Black", "Black's supply", "Black's supply", supply_text(s, Player::Black),
         supply_edits(s, Player::Black));
  // Its value says what the picker holds, whole (it read "tiles, empty it…").
  button(out, strip, 3, "city", "the city", "the city", "layout · empty", city_edits());
}

}  // namespace alien_city::plugin::detail
