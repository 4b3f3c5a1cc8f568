#include "viewer/export/headless.h"

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

namespace {

namespace fs = std::filesystem;

// `p` without trailing separators ("out/" names the folder "out").
fs::path without_trailing_slash(fs::path p) {
  while (!p.empty() && p.filename().empty() && p != p.root_path()) p = p.parent_path();
  return p;
}

}  // namespace

std::optional<std::string> prepare_output(const std::string& path, OutputKind kind, bool make_folders) {
  const fs::path target = without_trailing_slash(path);
  const std::string verb = kind == OutputKind::File ? "cannot write " : "cannot write frames into ";
  std::error_code ec;
  const fs::path parent = target.has_parent_path() ? target.parent_path() : fs::path(".");
  // The folder the output goes into (a file's) or is made in (a folder's).
  if (!fs::exists(parent, ec)) {
    if (!make_folders) return verb + path + ": the folder " + parent.string() + " does not exist (--mkdir creates it)";
    fs::create_directories(parent, ec);
    if (ec) return verb + path + ": cannot create the folder " + parent.string() + ": " + ec.message();
  } else if (!fs::is_directory(parent, ec)) {
    return verb + path + ": " + parent.string() + " is not a folder";
  }
  if (kind == OutputKind::File) {
    if (fs::is_directory(target, ec)) return verb + path + ": it is a folder";
    return std::nullopt;
  }
  if (fs::exists(target, ec)) {
    if (!fs::is_directory(target, ec)) return verb + path + ": it is not a folder";
    return std::nullopt;
  }
  fs::create_directory(target, ec);
  if (ec) return verb + path + ": cannot create the folder: " + ec.message();
  return std::nullopt;
}

bool save_png(const sf::Image& image, const std::string& path, std::string& problem) {
  const std::filesystem::path p(path);
  if (const auto missing = prepare_output(path, OutputKind::File, false)) {
    problem = *missing;
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
