// The analysis board's controls (docs/viewer.md, "Analysis board"): the
// window hands every event here first (in logical coordinates), and what
// belongs to the analysis board is handled here: a click on the board plays
// the move there (a picker when several pieces fit, the ruling when none),
// clicks on the move tree and its buttons, the move box (Enter), ← / → and
// Delete inside a variation. Tests drive it with sf::Events in-process.
#pragma once

#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Window/Event.hpp>

#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "viewer/analysis/analysis_board.h"
#include "viewer/analysis/engine_markers.h"
#include "viewer/analysis/move_tree_panel.h"
#include "viewer/analysis/search_reaper.h"

namespace viewer {

// Where the analysis board's panel lies: the lower part of the side panel
// (over its move list, which the tree repeats).
inline const sf::FloatRect kAnalysisArea{kPanelArea.left + 6, kPanelArea.top + kPanelArea.height - 286,
                                         kPanelArea.width - 12, 280};

class AnalysisControls {
 public:
  AnalysisControls(ReplaySession& session, ReplayView& view, const sf::Font& font);

  // `mouse` is the event's pointer in logical coordinates (for mouse
  // events). True when the event was the analysis board's; the window then
  // does nothing else with it.
  bool handle(const sf::Event& e, sf::Vector2f mouse);
  // Lays the panel out again when anything it shows changed (called once
  // per frame; cheap when nothing did).
  void sync(float pixel_scale);
  bool visible() const;
  void draw(sf::RenderTarget& target) const;

  AnalysisBoard& board() { return board_; }
  const MoveTreePanel& panel() const { return panel_; }
  bool picking() const { return !picker_.empty(); }
  // The engine, live, on the shown position (Ctrl+L or the panel's
  // button): restarted whenever the position changes, stopped when off.
  // Its best moves are numbered on the board too (a click plays one). The
  // old search is let go without waiting for it (search_reaper.h).
  void set_engine(bool on);
  // Searches let go and not yet ended (tests).
  int engine_searches_ending() const { return reaper_.pending(); }
  // Search threads of the engine (--analysis-threads; from the next start).
  void set_engine_threads(int threads) { engine_threads_ = threads; }
  const EngineMarkers& engine_markers() const { return markers_; }
  bool engine_on() const { return live_ != nullptr; }
  gamehost::review::LiveUpdate engine_update() const { return live_ ? live_->latest() : gamehost::review::LiveUpdate{}; }
  // The update the panel and the discs show (taken at the last sync()).
  const gamehost::review::LiveUpdate& engine_shown() const { return live_shown_; }
  bool typing() const { return move_box_.has_value(); }

 private:
  bool on_click(sf::Vector2f p);
  bool on_key(const sf::Event::KeyEvent& key);
  void use(const MoveTreePanel::Hit& hit);
  void changed() { stale_ = true; }
  void place_markers(float pixel_scale);

  ReplayView& view_;
  const sf::Font& font_;
  AnalysisBoard board_;
  MoveTreePanel panel_;
  std::optional<std::string> move_box_;
  std::vector<AnalysisBoard::Choice> picker_;
  sf::Vector2f picker_at_;
  bool shown_ = false;  // turned on by using the board; Esc hides it
  bool stale_ = true;
  float pixel_scale_ = 1;
  gamehost::VariationTree::NodeId laid_out_node_ = -1;
  int laid_out_revision_ = -1;
  std::vector<AnalysisBoard::Choice> off_board_;
  ReplaySession& session_;
  SearchReaper reaper_;  // before live_: destroyed after it
  std::unique_ptr<gamehost::review::LiveAnalysis> live_;
  gamehost::VariationTree::NodeId live_node_ = -1;
  gamehost::review::LiveUpdate live_shown_;
  int engine_threads_ = 1;
  EngineMarkers markers_;
};

}  // namespace viewer
