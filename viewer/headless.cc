#include "headless.h"

#include <algorithm>

#include <filesystem>
#include <stdexcept>

namespace viewer {

namespace {

bool create_texture(sf::RenderTexture& t, sf::Vector2u size, unsigned antialias) {
  sf::ContextSettings aa;
  aa.antialiasingLevel = std::min(antialias, sf::RenderTexture::getMaximumAntialiasingLevel());
  if (aa.antialiasingLevel > 0 && t.create(size.x, size.y, aa)) return true;
  return t.create(size.x, size.y);
}

}  // namespace

Offscreen::Offscreen(sf::Vector2u size, unsigned antialias) {
  if (!create_texture(texture_, size, antialias))
    throw std::runtime_error("cannot create a " + std::to_string(size.x) + "x" + std::to_string(size.y) +
                             " offscreen image (OpenGL framebuffer)");
  texture_.setView(letterboxed_view(size));
}

void Offscreen::draw(const ReplayView& view) {
  texture_.clear(view.background());
  view.draw(texture_);
  texture_.display();
}

sf::Image Offscreen::render(ReplayView& view) {
  view.set_pixel_scale(pixel_scale_for(texture_.getSize()));
  view.finish();
  draw(view);
  return texture_.getTexture().copyToImage();
}

sf::Image render_image(ReplayView& view, sf::Vector2u size) {
  Offscreen off(size);
  return off.render(view);
}

bool save_png(const sf::Image& image, const std::string& path, std::string& problem) {
  const std::filesystem::path p(path);
  std::error_code ec;
  if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path(), ec);
  if (ec) {
    problem = "cannot create the folder " + p.parent_path().string() + ": " + ec.message();
    return false;
  }
  if (p.extension() != ".png" && p.extension() != ".PNG") {
    problem = "the image name must end in .png: " + path;
    return false;
  }
  if (!image.saveToFile(path)) {
    problem = "cannot write " + path;
    return false;
  }
  return true;
}

pb::ViewOptions initial_view(ReplaySession& session, const std::optional<std::vector<std::string>>& overlays,
                             const std::string& select) {
  pb::ViewOptions v;
  if (overlays) {
    for (const auto& o : *overlays) v.add_overlays(o);
  } else {
    pb::Scene probe;
    session.render(0, pb::ViewOptions(), probe);
    for (const auto& o : probe.overlays())
      if (o.default_on()) v.add_overlays(o.key());
  }
  v.set_selected(select);
  return v;
}

std::vector<std::string> parse_overlays(const std::string& list, const pb::Scene& offered) {
  std::vector<std::string> keys, all;
  std::string names;
  for (const auto& o : offered.overlays()) {
    all.push_back(o.key());
    names += (names.empty() ? "" : ", ") + o.key();
  }
  if (list == "all") return all;
  if (list == "none" || list.empty()) return {};
  std::size_t i = 0;
  while (i <= list.size()) {
    std::size_t j = list.find(',', i);
    if (j == std::string::npos) j = list.size();
    const std::string key = list.substr(i, j - i);
    if (!key.empty()) {
      if (std::find(all.begin(), all.end(), key) == all.end())
        throw std::invalid_argument("unknown overlay '" + key + "' (this game offers: " + names + ", or all, none)");
      keys.push_back(key);
    }
    i = j + 1;
  }
  return keys;
}

}  // namespace viewer
