// The side panel: the game and ply, whose turn, the overlays, the scene's
// panel sections (for Alien City: supplies, provisional score, the selected
// tower explained, the hovered lot) and the move list with the current ply
// highlighted. Laid out once per change into one vertex array and a list of
// texts; remembers where each clickable line and move is.
#pragma once

#include <SFML/Graphics/Drawable.hpp>
#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/Text.hpp>

#include <optional>
#include <string>
#include <vector>

#include "eval_graph.h"
#include "mesh.h"
#include "replay_session.h"
#include "review_overlay.h"
#include "text_util.h"

namespace viewer {

// What the panel shows besides the session and the scene.
struct PanelState {
  int ply = 0;
  bool autoplay = false;
  float autoplay_seconds = 1;
  std::vector<std::string> overlays_on;  // keys
  std::string message;  // a passing note, e.g. "saved replay-12.png"
  const GameReview* review = nullptr;  // the game's review, when loaded
  std::vector<ReviewRow> review_rows;  // its section at this ply
};

class SidePanel : public sf::Drawable {
 public:
  struct Hit {
    std::optional<int> ply;          // a move: jump there
    std::optional<std::string> select;  // a panel line: select this
  };

  void layout(const ReplaySession& session, const pb::Scene& scene, const PanelState& state,
              const sf::Font& font, float pixel_scale, sf::FloatRect area);
  std::optional<Hit> hit(sf::Vector2f p) const;
  // The box of every text and glyph as laid out (logical pixels), for the
  // test that nothing in the panel overlaps at any window size.
  std::vector<sf::FloatRect> item_boxes() const;
  // The review's graph as laid out (null without a review).
  const EvalGraph* graph() const { return has_graph_ ? &graph_ : nullptr; }

 protected:
  void draw(sf::RenderTarget& target, sf::RenderStates states) const override;

 private:
  struct Click {
    sf::FloatRect rect;
    Hit hit;
  };
  float add_text(const std::string& s, float x, float y, float size, sf::Color c, bool bold);
  void layout_moves(const ReplaySession& session, const GameReview* review, int ply, float top, float bottom);
  static std::string move_label(const ReplaySession& session, int i, int ply);
  int move_columns(const ReplaySession& session, const GameReview* review, int ply, float width) const;
  float review_height(const PanelState& state) const;
  void layout_mark(const GameReview& review, int ply, bool current, sf::FloatRect cell);
  void layout_review(const ReplaySession& session, const PanelState& state, float top);
  // The log's metadata and the shown ply's note (record_panel.cc); returns
  // the y below them.
  float layout_record(const std::vector<RecordRow>& rows, float y);

  const sf::Font* font_ = nullptr;
  float pixel_scale_ = 1;
  sf::FloatRect area_;
  std::vector<sf::Vertex> shapes_;
  std::vector<sf::Text> texts_;
  std::vector<sf::FloatRect> glyphs_;
  TextBatch batch_;
  std::vector<Click> clicks_;
  EvalGraph graph_;
  bool has_graph_ = false;
};

// The panel as text for programs (replay-viewer --dump-panel): one line per
// entry, tab-separated: section, key, value, text. The first lines give the
// game, file, ply and status. With a review: its section ("Review") and
// each move's mark in the move list. The log's metadata and the shown
// ply's notes come first (section "Record").
std::string dump_panel(const ReplaySession& session, const pb::Scene& scene, int ply,
                       const std::vector<ReviewRow>& review_rows = {}, const GameReview* review = nullptr);

}  // namespace viewer
