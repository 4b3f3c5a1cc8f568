// The analysis board's part of the window (docs/viewer.md, "Analysis
// board"): the move tree as a list (the recorded game, variations indented
// under the move they replace, nested as deep as they go), its buttons
// (back to the game, promote, delete, type a move, and the moves that are
// not on the board: decline, pass, chance outcomes), the move box and the
// piece picker. Laid out from an AnalysisBoard into vertices and texts;
// remembers where each clickable thing is.
#pragma once

#include <SFML/Graphics/Drawable.hpp>
#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/Text.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "viewer/analysis/analysis_board.h"
#include "viewer/analysis/move_tree_words.h"
#include "gamehost/review/live_analysis.h"

namespace viewer {

// A row of the live engine's list: "2. GT@G10  +14.8  61%  120 visits" (the
// list is ranked by visits, as the search ranks moves), or "  exact" for a
// value the endgame solver proved.
std::string engine_row_label(const gamehost::review::Suggestion& s, int rank);

class MoveTreePanel : public sf::Drawable {
 public:
  enum class Button { BackToGame, Promote, Remove, TypeMove, Engine };
  struct Hit {
    std::optional<gamehost::VariationTree::NodeId> node;  // a move of the list
    std::optional<Button> button;
    std::optional<std::uint32_t> action;  // an off-board move or a picker choice
  };
  // What the panel shows besides the board's tree.
  struct Extra {
    std::vector<AnalysisBoard::Choice> off_board;
    std::optional<std::string> move_box;  // the text being typed (open box)
    std::vector<AnalysisBoard::Choice> picker;  // open picker's choices
    sf::Vector2f picker_at;
    // The engine, live (null: off): its latest best moves.
    const gamehost::review::LiveUpdate* engine = nullptr;
  };

  void layout(AnalysisBoard& board, const Extra& extra, const sf::Font& font, float pixel_scale, sf::FloatRect area);
  std::optional<Hit> hit(sf::Vector2f p) const;
  bool contains(sf::Vector2f p) const { return area_.contains(p) || picker_box_.contains(p); }
  // The box of every clickable thing, with what it does (for tests that
  // click them like a person would).
  struct Clickable {
    sf::FloatRect rect;
    Hit hit;
    std::string label;
    std::string shown;  // the text drawn on it (a picker's row: with its number)
  };
  const std::vector<Clickable>& clickables() const { return clicks_; }
  // The open picker's box (empty when none), its title drawn at its top.
  sf::FloatRect picker_box() const { return picker_box_; }
  // The title's width in logical pixels as drawn (for the test that it
  // stays inside its box).
  float picker_title_width() const { return picker_title_width_; }

 protected:
  void draw(sf::RenderTarget& target, sf::RenderStates states) const override;

 private:
  float text(const std::string& s, float x, float y, float size, sf::Color c, bool bold = false);
  float button(const std::string& label, float x, float y, Hit hit, bool enabled = true);
  void layout_picker(const Extra& extra);
  float layout_engine(const gamehost::review::LiveUpdate& engine, float left, float y);

  const sf::Font* font_ = nullptr;
  float pixel_scale_ = 1;
  sf::FloatRect area_, picker_box_;
  std::vector<sf::Vertex> shapes_;
  std::vector<sf::Text> texts_;
  std::vector<Clickable> clicks_;
  std::size_t picker_shapes_ = 0, picker_texts_ = 0;  // where the picker's own start
  float picker_title_width_ = 0;
};

}  // namespace viewer
