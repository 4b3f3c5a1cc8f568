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

#include "viewer/view/eval_graph.h"
#include "viewer/render/mesh.h"
#include "viewer/session/replay_session.h"
#include "viewer/view/review_overlay.h"
#include "viewer/render/text_util.h"

namespace viewer {

// What the panel shows besides the session and the scene.
struct PanelState {
  int ply = 0;
  std::string position;  // the header's place when off the game ("": "Ply N of M")
  bool autoplay = false;
  float autoplay_seconds = 1;
  std::vector<std::string> overlays_on;  // keys
  std::string message;  // a passing note, e.g. "saved replay-12.png"
  const GameReview* review = nullptr;  // the game's review, when loaded
  std::vector<ReviewRow> review_rows;  // its section at this ply
};

// How the drawn panel fitted its area: what --dump-panel reports as its
// "Layout" rows (with --screenshot) and what the tests check. The scene's
// sections (the explanation, the score) come first and are never cut while
// the review can still give up room (docs/viewer.md, "Side panel").
struct PanelFit {
  struct Section {
    std::string title;
    int lines = 0;   // lines the scene gave (with text)
    int shown = 0;   // lines drawn whole
  };
  std::vector<Section> sections;
  int columns = 1;         // the sections in one column, or two side by side
  // "full", "compact" (verdict and graph), "verdict", "line" (the verdict's
  // first line), "hidden" (only its marks in the move list), "" (no review)
  std::string review;
  int review_rows_hidden = 0;  // review lines left out for room
  int move_rows = 0;       // rows of the move list shown
  std::string footer;      // the key hints at the bottom
  bool complete() const {
    for (const Section& s : sections)
      if (s.shown < s.lines) return false;
    return true;
  }
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
  // The review's graph as laid out (null without a review or when it gave
  // up its room).
  const EvalGraph* graph() const { return has_graph_ ? &graph_ : nullptr; }
  const PanelFit& fit() const { return fit_; }

 protected:
  void draw(sf::RenderTarget& target, sf::RenderStates states) const override;

 private:
  struct Click {
    sf::FloatRect rect;
    Hit hit;
  };
  // How much of the review is drawn, most first.
  enum class ReviewLevel { Full, Compact, Verdict, Line, Hidden };
  // A column the scene's sections flow into.
  struct Column {
    float left, width, top, bottom;
  };
  float add_text(const std::string& s, float x, float y, float size, sf::Color c, bool bold);
  float layout_header(const ReplaySession& session, const pb::Scene& scene, const PanelState& state);
  // Flows the scene's sections through `columns` (a line is never split
  // between two); fills fit_.sections; returns the y below the lowest line.
  float layout_sections(const pb::Scene& scene, const std::vector<Column>& columns);
  // The same laid out and taken back: whether everything fits, and how low
  // it reaches.
  bool sections_fit(const pb::Scene& scene, const std::vector<Column>& columns, float& end);
  float layout_line(const pb::PanelLine& line, float left, float right, float y);
  // Returns the rows of the move list shown.
  int layout_moves(const ReplaySession& session, const GameReview* review, int ply, float top, float bottom);
  static std::string move_label(const ReplaySession& session, int i, int ply);
  int move_columns(const ReplaySession& session, const GameReview* review, int ply, float width) const;
  struct ReviewLine {
    const ReviewRow* row;
    std::string text;  // one wrapped part of the row
  };
  static bool review_row_shown(const ReviewRow& row, ReviewLevel level);
  std::vector<ReviewLine> review_lines(const PanelState& state, ReviewLevel level, float room, int& hidden) const;
  float review_height(const PanelState& state, ReviewLevel level, float room) const;
  void layout_mark(const GameReview& review, int ply, bool current, sf::FloatRect cell);
  void layout_review(const ReplaySession& session, const PanelState& state, ReviewLevel level, float room, float top);
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
  PanelFit fit_;
};

// The panel as text for programs (replay-viewer --dump-panel): one line per
// entry, tab-separated: section, key, value, text. The first lines give the
// game, file, ply and status. With a review: its section ("Review") and
// each move's mark in the move list. The log's metadata and the shown
// ply's notes come first (section "Record"). With `fit` (the panel as
// drawn, --dump-panel with --screenshot) the last rows say how it fitted
// (section "Layout").
std::string dump_panel(const ReplaySession& session, const pb::Scene& scene, int ply,
                       const std::vector<ReviewRow>& review_rows = {}, const GameReview* review = nullptr,
                       const PanelFit* fit = nullptr);

// A --dump-panel text as it is written: each tab-separated field of each
// line through gamehost::visible() (input_checks.h), so no control
// character from a log, a sidecar, a puzzle set or a tour reaches a
// terminal; the tabs and line breaks of the table are kept.
std::string visible_dump(const std::string& text);

}  // namespace viewer
