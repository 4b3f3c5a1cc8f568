// The E key's question "save where?": a one-line file name editor drawn in
// the window (no GUI toolkit), opened on a default path the user can edit;
// Enter saves, Esc cancels. What is saved follows the name's extension: the
// whole game as an animated .gif or .webp, or the current view as a .png.
// The logic lives here, apart from the window, so it is tested headlessly.
#pragma once

#include <SFML/Config.hpp>
#include <SFML/Window/Keyboard.hpp>

#include <optional>
#include <string>

namespace viewer {

class ExportPrompt {
 public:
  enum class Outcome { Editing, Save, Cancel };

  // Opens the prompt on `path`, the cursor at its end.
  void open(std::string path);
  bool active() const { return active_; }
  const std::string& path() const { return text_; }
  // The cursor as a byte offset into path() (always between characters).
  std::size_t cursor() const { return cursor_; }

  // Enter saves (when the path is not empty), Esc cancels; Backspace,
  // Delete, ←, →, Home and End edit. The prompt closes on Save and Cancel.
  Outcome key(sf::Keyboard::Key key);
  // A typed character (TextEntered): printable ones are inserted at the
  // cursor, control characters ignored.
  void type(sf::Uint32 unicode);

 private:
  std::size_t previous(std::size_t at) const;  // the start of the character before `at`
  std::size_t next(std::size_t at) const;

  bool active_ = false;
  std::string text_;
  std::size_t cursor_ = 0;
};

enum class ExportKind { Gif, WebP, Png };

// By the extension, in any case; nullopt for another one.
std::optional<ExportKind> export_kind(const std::string& path);

// Where E proposes to save: DIR/LOGSTEM.gif, DIR being `export_dir` when
// given, else the log's folder when it can be written, else $HOME, else
// the current folder.
std::string default_export_path(const std::string& log_file, const std::string& export_dir);

}  // namespace viewer
