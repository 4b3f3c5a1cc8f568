// Where an exported animation goes (--gif, --webp, --frames): a sequence of
// frames of one size, each shown for a number of milliseconds.
#pragma once

#include <SFML/Graphics/Image.hpp>

#include <memory>
#include <string>

namespace viewer {

class FrameSink {
 public:
  virtual ~FrameSink() = default;
  // Appends a frame (same size as the first); throws std::runtime_error
  // naming the file when it cannot be written.
  virtual void add(const sf::Image& frame, int milliseconds) = 0;
  // Completes the file; nothing is usable before.
  virtual void finish() = 0;
};

// An animated GIF (giflib): one 255-colour palette for the whole game (from
// `first` and `last`, which should hold every colour), each frame only the rectangle that changed,
// unchanged pixels transparent, looping forever.
std::unique_ptr<FrameSink> gif_sink(const std::string& path, const sf::Image& first, const sf::Image& last);
// An animated WebP (libwebp's WebPAnimEncoder), lossy at `quality` (0-100)
// or lossless at 100.
std::unique_ptr<FrameSink> webp_sink(const std::string& path, int quality);
// DIR/frame-NNNN.png (--frames --tween N); DIR must exist (prepare_output).
std::unique_ptr<FrameSink> png_sink(const std::string& dir);

}  // namespace viewer
