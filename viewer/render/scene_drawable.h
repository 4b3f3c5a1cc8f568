// A scene's layers ready to draw, and the animation between two scenes.
//
// PreparedScene tessellates every shape of a pb::Scene once (logical
// pixels, one triangle list per shape) and lays out its texts. SceneLayers
// is the sf::Drawable the viewer draws each frame: at rest it is one vertex
// array per layer; during a transition it blends the previous scene into the
// next by shape id (new ids appear with their Motion, vanished ids leave
// with it reversed, ids in both move and change colour).
#pragma once

#include <SFML/Graphics/Drawable.hpp>
#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/Text.hpp>
#include <SFML/Graphics/VertexArray.hpp>

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "viewer/render/mesh.h"
#include "viewer/render/text_util.h"

namespace viewer {

struct PreparedShape {
  const pb::Shape* source = nullptr;  // into PreparedScene::scene
  std::vector<sf::Vertex> vertices;   // triangles (empty for text)
  int text = -1;                      // index into the layer's texts
  sf::FloatRect bounds;               // logical pixels
  sf::Vector2f pivot;
};

struct PreparedLayer {
  std::string id;
  std::vector<PreparedShape> shapes;
  std::vector<sf::Text> texts;
  // Every shape at rest, as runs of opaque shapes (drawn without blending,
  // which a software renderer does much faster) and translucent ones.
  struct Run {
    std::size_t start, count;
    bool opaque;
  };
  std::vector<sf::Vertex> triangles;
  std::vector<Run> runs;
  TextBatch text_batch;                      // every text, at rest
};

class PreparedScene {
 public:
  PreparedScene(pb::Scene scene, const BoardTransform& t, const sf::Font& font, float pixel_scale);
  // Shapes point into the scene: never copied or moved.
  PreparedScene(const PreparedScene&) = delete;
  PreparedScene& operator=(const PreparedScene&) = delete;

  const pb::Scene& scene() const { return scene_; }
  const BoardTransform& transform() const { return transform_; }
  const std::vector<PreparedLayer>& layers() const { return layers_; }
  // (layer, shape) of an id, or nullptr.
  const PreparedShape* find(const std::string& id, int* layer = nullptr) const;
  int layer_index(const std::string& id) const;
  // The tooltip of the topmost shape under `p` (logical pixels), or "".
  std::string tooltip_at(sf::Vector2f p) const;
  // The hit area under `p`, or nullptr.
  const pb::HitArea* hit_at(sf::Vector2f p) const;

 private:
  pb::Scene scene_;
  BoardTransform transform_;
  std::vector<PreparedLayer> layers_;
  std::unordered_map<std::string, std::pair<int, int>> index_;
};

class SceneLayers : public sf::Drawable {
 public:
  // Shows `next`; animates from the scene shown so far when `animate` (any
  // running animation is finished first, so steps never queue up).
  void show(std::shared_ptr<const PreparedScene> next, bool animate, float seconds = 0.25f);
  // Replaces the target scene without restarting a running animation (for
  // changes of the view only, e.g. the hovered lot).
  void retarget(std::shared_ptr<const PreparedScene> next);
  void update(float dt);
  void finish() { progress_ = 1; }
  bool animating() const { return from_ && progress_ < 1; }
  const PreparedScene* current() const { return to_.get(); }

 protected:
  void draw(sf::RenderTarget& target, sf::RenderStates states) const override;

 private:
  void draw_blend(sf::RenderTarget& target, sf::RenderStates states) const;

  std::shared_ptr<const PreparedScene> from_, to_;
  float progress_ = 1, duration_ = 0.25f;
  mutable std::vector<sf::Vertex> scratch_;
};

}  // namespace viewer
