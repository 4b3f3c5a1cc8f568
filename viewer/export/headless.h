// Offscreen rendering (needs an X display, e.g. under `xvfb-run -a`):
// one frame to a PNG (--screenshot), one PNG per ply (--frames), the panel
// as text (--dump-panel, which needs no display at all).
#pragma once

#include <SFML/Graphics/Image.hpp>
#include <SFML/Graphics/RenderTexture.hpp>

#include <optional>
#include <string>
#include <vector>

#include "viewer/view/replay_view.h"

namespace viewer {

// Renders the view as it stands (animations finished) at `size` pixels.
sf::Image render_image(ReplayView& view, sf::Vector2u size);

// An offscreen target reused for many frames (antialiased when the OpenGL
// driver allows it).
class Offscreen {
 public:
  // Throws std::runtime_error when no render texture can be made.
  // `antialias`: the multisampling level wanted (less when the driver
  // offers less).
  explicit Offscreen(sf::Vector2u size, unsigned antialias = 4);
  // Draws `view` (animations finished) and returns the pixels.
  sf::Image render(ReplayView& view);
  // Draws one frame without reading it back (for benchmarks).
  void draw(const ReplayView& view);
  sf::RenderTexture& texture() { return texture_; }

 private:
  sf::RenderTexture texture_;
};

// What an output path names: a file to write, or a folder to fill.
enum class OutputKind { File, Folder };

// Readies an output path before anything is drawn. A file's folder must
// exist; a folder (--frames DIR) may be made, but only inside a folder that
// exists. With `make_folders` (--mkdir) every missing folder is made.
// nullopt when ready, else one line naming the path and the folder at fault
// (e.g. "cannot write /x/y/a.png: the folder /x/y does not exist (--mkdir
// creates it)").
std::optional<std::string> prepare_output(const std::string& path, OutputKind kind, bool make_folders);

// Writes `image` to `path` (its folder must exist); false with a reason.
bool save_png(const sf::Image& image, const std::string& path, std::string& problem);

// The view options a run starts with: the overlays the scene turns on by
// default unless `overlays` says exactly which, and the selection.
pb::ViewOptions initial_view(ReplaySession& session, const std::optional<std::vector<std::string>>& overlays,
                             const std::string& select);

// "streets,legal" / "all" / "none" against the overlays a scene offers.
// Throws std::invalid_argument naming the unknown key and the offered ones.
std::vector<std::string> parse_overlays(const std::string& list, const pb::Scene& offered);

}  // namespace viewer
