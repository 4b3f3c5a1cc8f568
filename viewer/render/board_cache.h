// The board at rest drawn once into a texture and copied into the frames
// that follow while nothing on it changes (a path being drawn, the panel, a
// redraw of the window): a copy shades the board's pixels once, where the
// layers shade many of them twice or more (measured in docs/performance.md,
// "Replay viewer"). The first frame of a scene is drawn live, so a scene
// shown once (a hover, a step) never pays for the texture.
#pragma once

#include <SFML/Graphics/Drawable.hpp>
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/RenderTexture.hpp>

#include <memory>

namespace viewer {

class PreparedScene;

class BoardCache {
 public:
  // Draws `layers`, which show `scene` at rest, into `target`: from the copy
  // when the same scene was drawn into a target of the same size, view and
  // background the frame before, else live. The copy covers the target's
  // pixels left of logical x `right` (the board's part of the window).
  void draw(sf::RenderTarget& target, const sf::Drawable& layers, const std::shared_ptr<const PreparedScene>& scene,
            sf::Color background, float right);
  // Frames drawn from the copy so far.
  long copies() const { return copies_; }

 private:
  bool same_frame(const sf::RenderTarget& target, const PreparedScene* scene, sf::Color background) const;
  bool build(const sf::RenderTarget& target, const sf::Drawable& layers);

  std::shared_ptr<const PreparedScene> scene_;  // held, so that its address means this scene
  sf::Vector2u size_;
  sf::View view_;
  sf::Color background_;
  bool built_ = false, failed_ = false;
  long copies_ = 0;
  sf::RenderTexture texture_;
};

}  // namespace viewer
