// The board editor (docs/viewer.md, "Position editor"): set up any position
// of a game whose plugin offers one (GameInfo.position_option and
// edits_line, docs/interface.md "Position editor"). A click on the board,
// or on the editor's strip the plugin draws under it, opens a picker of the
// edits there (ViewOptions.edit: HitArea.actions hold edit ids); the chosen
// edit is applied by NewGame from the position's text with an edits line, so
// the viewer knows no game. The position may break the game's rules: the
// plugin's panel warns. Ctrl+S saves the position's text (StateInfo.text,
// which the position option reads back), Ctrl+Z undoes, Esc leaves.
#pragma once

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Window/Event.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "viewer/render/palette.h"  // kEditorPickerFill, the picker's box
#include "viewer/session/replay_session.h"
#include "viewer/view/replay_view.h"

namespace viewer {

class PositionEditor {
 public:
  struct Choice {
    std::uint32_t edit = 0;
    std::string label;
  };

  PositionEditor(ReplaySession& session, ReplayView& view, const sf::Font& font);

  // Whether the session's game has an editor.
  bool available() const;
  // Starts editing `state` (a state of the session's game); Ctrl+S writes
  // to `save_to`. Throws HostError when the game has no editor.
  void start(const std::string& state, std::filesystem::path save_to);
  // Back to the game's ply the view showed.
  void stop();
  bool active() const { return active_; }

  // Events in logical coordinates (`mouse` for mouse events); true when
  // the editor used the event.
  bool handle(const sf::Event& e, sf::Vector2f mouse);
  void draw(sf::RenderTarget& target, float pixel_scale) const;

  // --- the model, for the window and tests ----------------------------
  const std::string& state() const { return state_; }
  // The position as the game writes it (what Ctrl+S saves).
  std::string text() const;
  // Applies an edit id; false (and message() says why) when the game
  // refuses it.
  bool apply(std::uint32_t edit);
  bool undo();
  bool save();
  const std::vector<Choice>& picker() const { return picker_; }
  // The centre of the picker's row labelled `label` (logical coordinates).
  std::optional<sf::Vector2f> picker_row(const std::string& label) const;
  const std::string& message() const { return message_; }
  const std::filesystem::path& save_path() const { return save_to_; }
  // The editor's bar over the foot of the side panel (logical coordinates):
  // it covers the panel's rows it reaches whole.
  sf::FloatRect bar_rect() const;

 private:
  bool on_click(sf::Vector2f p);
  bool on_key(const sf::Event::KeyEvent& key);
  void show();
  sf::FloatRect row_rect(std::size_t i) const;

  ReplaySession& session_;
  ReplayView& view_;
  const sf::Font& font_;
  bool active_ = false;
  std::string state_;
  std::vector<std::string> undo_;
  std::filesystem::path save_to_;
  std::vector<Choice> picker_;
  std::string picker_title_;
  std::string message_;
};

// `replay-viewer --position FILE --game GAME`: the position as a log of no
// plies in a fresh temporary folder (so the viewer opens it like any log).
// Throws HostError naming FILE when the game refuses the position.
std::filesystem::path position_log(const std::filesystem::path& file, const std::string& game,
                                   const std::vector<std::string>& plugin_dirs);

}  // namespace viewer
