// The viewer's model and picture, shared by the window (application.h) and
// the headless modes (headless.h): which ply is shown with which view
// options, the scene the plugin drew for them, the animation toward it, the
// paths being drawn and the side panel. Everything is drawn in one fixed
// logical coordinate system (kLogicalSize); the caller's sf::View maps it
// onto the window or image, keeping its proportions.
#pragma once

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/View.hpp>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "viewer/render/board_cache.h"
#include "viewer/render/path_player.h"
#include "viewer/session/replay_session.h"
#include "viewer/session/review_data.h"
#include "viewer/render/scene_drawable.h"
#include "viewer/view/side_panel.h"

namespace viewer {

inline const sf::Vector2f kLogicalSize{1280, 800};
inline const sf::FloatRect kBoardArea{8, 8, 672, 784};
inline const sf::FloatRect kPanelArea{688, 8, 584, 784};

// The view that shows the logical area in a target of `size` pixels,
// letterboxed (centred, proportions kept).
sf::View letterboxed_view(sf::Vector2u size);
// Target pixels per logical pixel for that view.
float pixel_scale_for(sf::Vector2u size);
// Scene bounds fitted into kBoardArea.
BoardTransform board_transform(const pb::Scene& scene);

class ReplayView {
 public:
  ReplayView(ReplaySession& session, const sf::Font& font);

  // --- the model ----------------------------------------------------------
  int ply() const { return ply_; }
  // Shows ply n (clamped); animates from the shown one when `animate`.
  // Leaves a variation.
  void go_to(int ply, bool animate = true);
  // A position off the recorded game (the analysis board's variations,
  // analysis_board.h): its state, the move that led to it and the ply of
  // the game it branched from (for the panel). nullopt: the game's ply.
  struct OffGame {
    std::string state;
    std::optional<std::uint32_t> last_action;
    int branch_ply = 0;
    // What the panel's header says instead of "Ply N of M" (e.g. where in
    // a variation it is); "": the branch ply's.
    std::string label;
  };
  void show_off_game(std::optional<OffGame> position, bool animate = true);
  bool off_game() const { return off_game_.has_value(); }
  void step(int delta) { go_to(session_.step(ply_, delta), true); }  // over taken-back plies
  const std::string& selected() const { return selected_; }
  // Selects a value from a hit area, a panel line, Tab or --select; "" or
  // the current selection again clears it.
  void select(const std::string& value, bool toggle = true);
  // Tab: the next (or previous) entry of the scene's cycle.
  void cycle(int direction);
  void hover(const std::string& value);
  // Overlays by key ("legal") or by shortcut letter ("L"); false if the
  // scene offers no such overlay.
  bool toggle_overlay(const std::string& key_or_shortcut);
  void set_overlays(const std::vector<std::string>& keys);
  const std::vector<std::string>& overlays_on() const { return overlays_; }
  void set_autoplay(bool on, float seconds) { panel_state_.autoplay = on; panel_state_.autoplay_seconds = seconds; refresh_panel(); }
  void set_message(std::string m) { panel_state_.message = std::move(m); refresh_panel(); }
  // The game's review (null: none): marks, graph and verdict in the panel,
  // the better move as a ghost on the board.
  void set_review(const GameReview* review);
  const GameReview* review() const { return review_; }
  // N / Shift+N: the next / previous mistake or blunder; false when none.
  bool jump_to_mistake(int direction);
  // The review section of the panel at the shown ply (cached per ply).
  const std::vector<ReviewRow>& review_rows();

  const pb::Scene& scene() const { return current_->scene(); }
  const PreparedScene& prepared() const { return *current_; }
  // What the side panel was last laid out from (its header's ply or place).
  const PanelState& panel_state() const { return panel_state_; }
  const PathPlayer& paths() const { return paths_; }

  // --- time and drawing ---------------------------------------------------
  void update(float dt);
  // Ends every animation and draws every path completely.
  void finish();
  bool animating() const { return layers_.animating() || paths_.running(); }
  // Target pixels per logical pixel: texts are rasterised for it.
  void set_pixel_scale(float scale);
  // Draws the board, paths and panel in logical coordinates (the target's
  // view must be letterboxed_view()).
  void draw(sf::RenderTarget& target) const;
  // The board at rest copied from a texture after its first frame
  // (board_cache.h); for targets without multisampling (the copy has none).
  void set_board_cache(bool on) { cache_board_ = on; }
  long board_copies() const { return board_cache_.copies(); }
  sf::Color background() const;

  // --- input (logical coordinates) ---------------------------------------
  const pb::HitArea* board_hit(sf::Vector2f p) const;
  std::optional<SidePanel::Hit> panel_hit(sf::Vector2f p) const { return panel_.hit(p); }
  const SidePanel& panel() const { return panel_; }
  std::string tooltip_at(sf::Vector2f p) const;
  // Where a tooltip of `size` goes for the pointer at `p`: below right of
  // it, or the nearest place that covers no text, no piece and not `p`
  // (label_layout.h).
  sf::FloatRect tooltip_box(sf::Vector2f p, sf::Vector2f size) const;
  // Every text box on the board (the scene's texts, route numbers and
  // captions) and every piece, as laid out (logical pixels).
  std::vector<sf::FloatRect> text_boxes() const;
  std::vector<sf::FloatRect> pieces() const;
  // Grows each time the board's labels and captions are placed anew (a new
  // scene, a selection): a tooltip placed before is placed again.
  int labels_placed() const { return labels_placed_; }

  // The view options sent to the plugin for the current state.
  pb::ViewOptions view_options() const;
  // The board editor (position_editor.h): the plugin's edits on the hit areas.
  void set_editing(bool on);

 private:
  enum class Change { Ply, View, Hover };
  void refresh(Change change);
  void refresh_panel();
  void set_paths();

  ReplaySession& session_;
  const sf::Font& font_;
  float pixel_scale_ = 1;
  int ply_ = 0;
  std::string selected_, hovered_;
  std::vector<std::string> overlays_;
  std::shared_ptr<const PreparedScene> current_;
  SceneLayers layers_;
  PathPlayer paths_;
  int labels_placed_ = 0;
  SidePanel panel_;
  PanelState panel_state_;
  std::optional<OffGame> off_game_;
  const GameReview* review_ = nullptr;
  std::map<int, std::vector<ReviewRow>> review_rows_;
  bool cache_board_ = false;
  bool editing_ = false;
  mutable BoardCache board_cache_;
};

}  // namespace viewer
