// The analysis board and the position editor as states of the window's
// stack (view/state_stack.h), above the replay's state: the editor on top
// (while open it takes the events and covers the analysis panel; closed it
// takes only Ctrl+E, which opens it), the analysis board under it (its
// clicks, its panel, the move box).
#pragma once

#include <SFML/Graphics/Font.hpp>

#include <filesystem>
#include <memory>
#include <string>

#include "viewer/analysis/analysis_input.h"
#include "viewer/analysis/position_editor.h"
#include "viewer/view/state_stack.h"

namespace viewer {

class AnalysisState : public State {
 public:
  // `variation`: a saved variation to open at (PLY:MOVE,...), "" for none.
  AnalysisState(ReplaySession& session, ReplayView& view, const sf::Font& font, int engine_threads,
                const std::string& variation);

  bool handle_event(const sf::Event& event, sf::Vector2f at) override;
  void draw(sf::RenderTarget& target) override;

  AnalysisControls& controls() { return controls_; }

 private:
  AnalysisControls controls_;
};

class EditorState : public State {
 public:
  // `analysis`: the board whose variation Ctrl+E edits when one is shown.
  EditorState(ReplaySession& session, ReplayView& view, const sf::Font& font, AnalysisControls& analysis);

  // --position FILE: the editor open at once on the shown ply, Ctrl+S
  // saving to `file`.
  void open_on(const std::filesystem::path& file);

  bool handle_event(const sf::Event& event, sf::Vector2f at) override;
  void draw(sf::RenderTarget& target) override;
  bool covers_below() const override { return editor_.active(); }

 private:
  ReplaySession& session_;
  ReplayView& view_;
  AnalysisControls& analysis_;
  PositionEditor editor_;
};

}  // namespace viewer
