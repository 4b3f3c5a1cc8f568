#include "viewer/export/export_prompt.h"

#include <SFML/System/String.hpp>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>

namespace viewer {

namespace {

bool continuation(char c) { return (static_cast<unsigned char>(c) & 0xc0) == 0x80; }

}  // namespace

void ExportPrompt::open(std::string path) {
  active_ = true;
  text_ = std::move(path);
  cursor_ = text_.size();
}

std::size_t ExportPrompt::previous(std::size_t at) const {
  if (at == 0) return 0;
  do --at;
  while (at > 0 && continuation(text_[at]));
  return at;
}

std::size_t ExportPrompt::next(std::size_t at) const {
  if (at >= text_.size()) return text_.size();
  do ++at;
  while (at < text_.size() && continuation(text_[at]));
  return at;
}

ExportPrompt::Outcome ExportPrompt::key(sf::Keyboard::Key key) {
  if (!active_) return Outcome::Cancel;
  switch (key) {
    case sf::Keyboard::Enter:
      if (text_.empty()) return Outcome::Editing;
      active_ = false;
      return Outcome::Save;
    case sf::Keyboard::Escape: active_ = false; return Outcome::Cancel;
    case sf::Keyboard::BackSpace:
      if (cursor_ > 0) {
        const std::size_t from = previous(cursor_);
        text_.erase(from, cursor_ - from);
        cursor_ = from;
      }
      break;
    case sf::Keyboard::Delete:
      if (cursor_ < text_.size()) text_.erase(cursor_, next(cursor_) - cursor_);
      break;
    case sf::Keyboard::Left: cursor_ = previous(cursor_); break;
    case sf::Keyboard::Right: cursor_ = next(cursor_); break;
    case sf::Keyboard::Home: cursor_ = 0; break;
    case sf::Keyboard::End: cursor_ = text_.size(); break;
    default: break;
  }
  return Outcome::Editing;
}

void ExportPrompt::type(sf::Uint32 unicode) {
  if (!active_ || unicode < 32 || unicode == 127 || (unicode >= 0x80 && unicode < 0xa0)) return;
  const sf::String one(unicode);
  const auto bytes = one.toUtf8();
  const std::string utf8(bytes.begin(), bytes.end());
  text_.insert(cursor_, utf8);
  cursor_ += utf8.size();
}

std::optional<ExportKind> export_kind(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  if (ext == ".gif") return ExportKind::Gif;
  if (ext == ".webp") return ExportKind::WebP;
  if (ext == ".png") return ExportKind::Png;
  return std::nullopt;
}

std::string default_export_path(const std::string& log_file, const std::string& export_dir) {
  namespace fs = std::filesystem;
  const fs::path log(log_file);
  fs::path dir;
  if (!export_dir.empty()) {
    dir = export_dir;
  } else {
    const fs::path folder = log.has_parent_path() ? log.parent_path() : fs::path(".");
    if (::access(folder.c_str(), W_OK) == 0) dir = folder;
    else if (const char* home = std::getenv("HOME"); home && *home) dir = home;
    else dir = ".";
  }
  return (dir / (log.stem().string() + ".gif")).string();
}

}  // namespace viewer
