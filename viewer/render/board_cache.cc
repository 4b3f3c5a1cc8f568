#include "viewer/render/board_cache.h"

#include <SFML/Graphics/Sprite.hpp>

#include <algorithm>

namespace viewer {

namespace {

bool same_view(const sf::View& a, const sf::View& b) {
  return a.getCenter() == b.getCenter() && a.getSize() == b.getSize() && a.getRotation() == b.getRotation() &&
         a.getViewport() == b.getViewport();
}

}  // namespace

bool BoardCache::same_frame(const sf::RenderTarget& target, const PreparedScene* scene, sf::Color background) const {
  return scene == scene_.get() && target.getSize() == size_ && same_view(target.getView(), view_) &&
         background == background_;
}

bool BoardCache::build(const sf::RenderTarget& target, const sf::Drawable& layers) {
  if (texture_.getSize() != size_ && !texture_.create(size_.x, size_.y)) return false;
  texture_.setView(target.getView());
  texture_.clear(background_);  // as the frame's own clear: the same pixels under the layers
  texture_.draw(layers);
  texture_.display();
  return true;
}

void BoardCache::draw(sf::RenderTarget& target, const sf::Drawable& layers,
                      const std::shared_ptr<const PreparedScene>& scene, sf::Color background, float right) {
  if (failed_) return target.draw(layers);
  if (!same_frame(target, scene.get(), background)) {  // a new picture: drawn live this once
    scene_ = scene;
    size_ = target.getSize();
    view_ = target.getView();
    background_ = background;
    built_ = false;
    return target.draw(layers);
  }
  if (!built_ && !(built_ = build(target, layers))) {
    failed_ = true;  // no framebuffer to spare: always live
    return target.draw(layers);
  }
  // One pixel of the texture on one pixel of the target, replaced, not blended.
  // The pixel view is made from the target's size now: a window's default
  // view keeps the size the window was created with, so after a resize it
  // would stretch the copy over the wrong pixels (the board in a corner,
  // squashed or cut off, under routes drawn at their true places).
  const sf::View saved = target.getView();
  const int width = std::clamp(target.mapCoordsToPixel({right, 0}, saved).x, 0, static_cast<int>(size_.x));
  target.setView(sf::View(sf::FloatRect(0, 0, static_cast<float>(size_.x), static_cast<float>(size_.y))));
  target.draw(sf::Sprite(texture_.getTexture(), sf::IntRect(0, 0, width, static_cast<int>(size_.y))),
              sf::RenderStates(sf::BlendNone));
  target.setView(saved);
  ++copies_;
}

}  // namespace viewer
