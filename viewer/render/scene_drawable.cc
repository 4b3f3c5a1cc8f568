#include "viewer/render/scene_drawable.h"

#include <SFML/Graphics/RenderTarget.hpp>

#include <algorithm>
#include <cmath>

#include "viewer/render/text_util.h"

namespace viewer {

namespace {

float ease_out_cubic(float t) { return 1 - std::pow(1 - t, 3.f); }

// Grows past full size and settles back.
float ease_out_back(float t) {
  const float c1 = 1.3f, c3 = c1 + 1;
  return 1 + c3 * std::pow(t - 1, 3.f) + c1 * std::pow(t - 1, 2.f);
}

// How a shape looks when it is `p` present (0: gone, 1: in place).
struct Look {
  float scale = 1, dy = 0, alpha = 1;
};

Look motion_look(pb::Motion m, float p, float lot_px) {
  Look l;
  switch (m) {
    case pb::SCALE:
      l.scale = std::max(0.f, ease_out_back(p));
      l.alpha = std::min(1.f, p * 2);
      break;
    case pb::DROP:
      l.dy = -(1 - p) * (1 - p) * 0.9f * lot_px;
      l.scale = 1 + 0.7f * (1 - p);
      l.alpha = std::min(1.f, p * 3);
      break;
    case pb::NONE: l.alpha = p > 0.5f ? 1 : 0; break;
    default: l.alpha = p; break;
  }
  return l;
}

void emit(const PreparedShape& s, const Look& l, std::vector<sf::Vertex>& out) {
  if (l.alpha <= 0.003f) return;
  for (sf::Vertex v : s.vertices) {
    v.position = s.pivot + (v.position - s.pivot) * l.scale + sf::Vector2f(0, l.dy);
    v.color.a = static_cast<sf::Uint8>(v.color.a * l.alpha);
    out.push_back(v);
  }
}

sf::Color lerp(sf::Color a, sf::Color b, float t) {
  auto ch = [t](sf::Uint8 x, sf::Uint8 y) { return static_cast<sf::Uint8>(std::lround(x + (y - x) * t)); };
  return {ch(a.r, b.r), ch(a.g, b.g), ch(a.b, b.b), ch(a.a, b.a)};
}

void add_text(TextBatch& batch, sf::Text t, const Look& l) {
  if (l.alpha <= 0.003f) return;
  t.setScale(t.getScale() * l.scale);
  t.move(0, l.dy);
  batch.add(t, l.alpha);
}

}  // namespace

PreparedScene::PreparedScene(pb::Scene scene, const BoardTransform& t, const sf::Font& font, float pixel_scale)
    : scene_(std::move(scene)), transform_(t) {
  layers_.resize(scene_.layers_size());
  for (int li = 0; li < scene_.layers_size(); ++li) {
    const pb::Layer& in = scene_.layers(li);
    PreparedLayer& out = layers_[li];
    out.id = in.id();
    out.shapes.resize(in.shapes_size());
    std::size_t total = 0;
    for (int si = 0; si < in.shapes_size(); ++si) {
      const pb::Shape& shape = in.shapes(si);
      PreparedShape& p = out.shapes[si];
      p.source = &shape;
      if (shape.has_text()) {
        const pb::Text& tx = shape.text();
        sf::Text text = crisp_text(font, tx.content(), t.length(tx.size()), pixel_scale, tx.bold());
        text.setFillColor(to_color(shape.fill()));
        if (shape.outline()) {
          text.setOutlineColor(to_color(shape.outline()));
          text.setOutlineThickness(std::max(1.f, text.getCharacterSize() * 0.12f));
        }
        const int align = tx.align() == pb::Text::LEFT ? -1 : tx.align() == pb::Text::RIGHT ? 1 : 0;
        anchor_text(text, t.map(tx.position()), align);
        p.bounds = text.getGlobalBounds();
        p.pivot = text.getPosition();
        p.text = static_cast<int>(out.texts.size());
        out.texts.push_back(std::move(text));
      } else {
        p.bounds = tessellate(shape, t, p.vertices);
        p.pivot = shape.has_pivot() ? t.map(shape.pivot())
                                    : sf::Vector2f(p.bounds.left + p.bounds.width / 2, p.bounds.top + p.bounds.height / 2);
        total += p.vertices.size();
      }
      index_[shape.id()] = {li, si};
    }
    for (const sf::Text& text : out.texts) out.text_batch.add(text);
    out.triangles.reserve(total);
    for (const PreparedShape& p : out.shapes) {
      if (p.vertices.empty()) continue;
      const bool opaque = std::all_of(p.vertices.begin(), p.vertices.end(), [](const sf::Vertex& v) { return v.color.a == 255; });
      if (out.runs.empty() || out.runs.back().opaque != opaque) out.runs.push_back({out.triangles.size(), 0, opaque});
      out.runs.back().count += p.vertices.size();
      out.triangles.insert(out.triangles.end(), p.vertices.begin(), p.vertices.end());
    }
  }
}

const PreparedShape* PreparedScene::find(const std::string& id, int* layer) const {
  const auto it = index_.find(id);
  if (it == index_.end()) return nullptr;
  if (layer) *layer = it->second.first;
  return &layers_[it->second.first].shapes[it->second.second];
}

int PreparedScene::layer_index(const std::string& id) const {
  for (std::size_t i = 0; i < layers_.size(); ++i)
    if (layers_[i].id == id) return static_cast<int>(i);
  return -1;
}

std::string PreparedScene::tooltip_at(sf::Vector2f p) const {
  for (auto l = layers_.rbegin(); l != layers_.rend(); ++l)
    for (auto s = l->shapes.rbegin(); s != l->shapes.rend(); ++s)
      if (!s->source->tooltip().empty() && s->bounds.contains(p)) return s->source->tooltip();
  return {};
}

const pb::HitArea* PreparedScene::hit_at(sf::Vector2f p) const {
  const sf::Vector2f b = transform_.unmap(p);
  for (int i = scene_.hits_size() - 1; i >= 0; --i) {
    const auto& r = scene_.hits(i).rect();
    if (b.x >= r.x() && b.x < r.x() + r.width() && b.y >= r.y() && b.y < r.y() + r.height())
      return &scene_.hits(i);
  }
  return nullptr;
}

void SceneLayers::show(std::shared_ptr<const PreparedScene> next, bool animate, float seconds) {
  if (animate && to_) {
    from_ = std::move(to_);
    progress_ = 0;
    duration_ = std::max(0.01f, seconds);
  } else {
    from_.reset();
    progress_ = 1;
  }
  to_ = std::move(next);
}

void SceneLayers::retarget(std::shared_ptr<const PreparedScene> next) {
  to_ = std::move(next);
}

void SceneLayers::update(float dt) {
  if (progress_ < 1) progress_ = std::min(1.f, progress_ + dt / duration_);
  if (progress_ >= 1) from_.reset();
}

void SceneLayers::draw(sf::RenderTarget& target, sf::RenderStates states) const {
  if (!to_) return;
  if (from_ && progress_ < 1) {
    draw_blend(target, states);
    return;
  }
  for (const PreparedLayer& layer : to_->layers()) {
    for (const PreparedLayer::Run& run : layer.runs) {
      sf::RenderStates rs = states;
      if (run.opaque) rs.blendMode = sf::BlendNone;
      target.draw(layer.triangles.data() + run.start, run.count, sf::Triangles, rs);
    }
    target.draw(layer.text_batch, states);
  }
}

void SceneLayers::draw_blend(sf::RenderTarget& target, sf::RenderStates states) const {
  const PreparedScene& a = *from_;
  const PreparedScene& b = *to_;
  const float e = ease_out_cubic(progress_);
  const float lot_px = b.transform().scale;
  // Layers in b's order; a layer only in a goes after the last of its
  // predecessors that b also has.
  std::vector<std::pair<int, int>> order;  // (index in a or -1, index in b or -1)
  for (std::size_t i = 0; i < b.layers().size(); ++i) order.push_back({a.layer_index(b.layers()[i].id), static_cast<int>(i)});
  for (std::size_t i = 0; i < a.layers().size(); ++i) {
    if (b.layer_index(a.layers()[i].id) >= 0) continue;
    auto at = order.begin();
    for (int k = static_cast<int>(i) - 1; k >= 0; --k) {
      const int bi = b.layer_index(a.layers()[k].id);
      if (bi < 0) continue;
      at = std::find_if(order.begin(), order.end(), [&](const auto& o) { return o.second == bi; }) + 1;
      break;
    }
    order.insert(at, {static_cast<int>(i), -1});
  }
  struct PendingText {
    const sf::Text* text;
    Look look;
    sf::Vector2f position;
    sf::Color fill;
    bool blend;
  };
  std::vector<PendingText> texts;
  for (const auto& [ai, bi] : order) {
    scratch_.clear();
    texts.clear();
    if (ai >= 0) {  // leaving shapes first, under the rest
      const PreparedLayer& la = a.layers()[ai];
      for (const PreparedShape& s : la.shapes) {
        if (b.find(s.source->id())) continue;
        const Look l = motion_look(s.source->motion(), 1 - e, lot_px);
        if (s.text >= 0) texts.push_back({&la.texts[s.text], l, {}, {}, false});
        else emit(s, l, scratch_);
      }
    }
    if (bi >= 0) {
      const PreparedLayer& lb = b.layers()[bi];
      for (const PreparedShape& s : lb.shapes) {
        int old_layer = -1;
        const PreparedShape* old = a.find(s.source->id(), &old_layer);
        if (!old) {
          const Look l = motion_look(s.source->motion(), e, lot_px);
          if (s.text >= 0) texts.push_back({&lb.texts[s.text], l, {}, {}, false});
          else emit(s, l, scratch_);
        } else if (s.text >= 0 && old->text >= 0) {
          const sf::Text& from = a.layers()[old_layer].texts[old->text];
          const sf::Text& to = lb.texts[s.text];
          texts.push_back({&to, Look{}, from.getPosition() + (to.getPosition() - from.getPosition()) * e,
                           lerp(from.getFillColor(), to.getFillColor(), e), true});
        } else if (old->vertices.size() == s.vertices.size()) {
          for (std::size_t k = 0; k < s.vertices.size(); ++k) {
            const sf::Vertex& u = old->vertices[k];
            const sf::Vertex& v = s.vertices[k];
            scratch_.emplace_back(u.position + (v.position - u.position) * e, lerp(u.color, v.color, e));
          }
        } else {  // different geometry: cross-fade
          emit(*old, Look{1, 0, 1 - e}, scratch_);
          emit(s, Look{1, 0, e}, scratch_);
        }
      }
    }
    if (!scratch_.empty()) target.draw(scratch_.data(), scratch_.size(), sf::Triangles, states);
    TextBatch batch;
    for (const PendingText& p : texts) {
      if (!p.blend) {
        add_text(batch, *p.text, p.look);
        continue;
      }
      if (p.position == p.text->getPosition() && p.fill == p.text->getFillColor()) {
        batch.add(*p.text);
        continue;
      }
      sf::Text t = *p.text;
      t.setPosition(p.position);
      t.setFillColor(p.fill);
      batch.add(t);
    }
    target.draw(batch, states);
  }
}

}  // namespace viewer
