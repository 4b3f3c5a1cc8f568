#include "viewer/analysis/position_editor.h"

#include <SFML/Graphics/RectangleShape.hpp>
#include <fmt/core.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "viewer/analysis/analysis_board.h"
#include "gamehost/base/error.h"
#include "gamehost/formats/game_builder.h"
#include "gamehost/calls/registry.h"
#include "gamehost/records/regular_file.h"
#include "viewer/render/text_util.h"
#include "viewer/render/palette.h"

namespace viewer {

namespace {

constexpr float kEditorRow = 22;
constexpr float kEditorPickerWidth = 300;
// The editor's own lines sit at the foot of the side panel.
const sf::FloatRect kEditorBar{kPanelArea.left + 6, kPanelArea.top + kPanelArea.height - 52, kPanelArea.width - 12, 48};

pb::OptionValue editor_option(const std::string& name, const std::string& value) {
  pb::OptionValue o;
  o.set_name(name);
  o.set_value(value);
  return o;
}

// The checks and the size limit of gamehost's --position (a FIFO, a folder
// or a device refused before any read).
std::string read_position_file(const std::filesystem::path& file) {
  return gamehost::read_regular_file(file, "--position " + file.string());
}

}  // namespace

PositionEditor::PositionEditor(ReplaySession& session, ReplayView& view, const sf::Font& font)
    : session_(session), view_(view), font_(font) {}

bool PositionEditor::available() const {
  const auto& info = session_.plugin().info();
  return !info.position_option().empty() && !info.edits_line().empty();
}

void PositionEditor::start(const std::string& state, std::filesystem::path save_to) {
  if (!available()) throw gamehost::HostError(session_.game_name() + " has no board editor");
  active_ = true;
  state_ = state;
  undo_.clear();
  picker_.clear();
  save_to_ = std::move(save_to);
  message_ = "editing: click a lot or the strip under the board";
  view_.set_editing(true);
  show();
}

void PositionEditor::stop() {
  if (!active_) return;
  active_ = false;
  picker_.clear();
  view_.set_editing(false);
  view_.show_off_game(std::nullopt, false);
}

void PositionEditor::show() { view_.show_off_game(ReplayView::OffGame{state_, std::nullopt, view_.ply()}, false); }

std::string PositionEditor::text() const {
  pb::QueryFlags flags;
  flags.set_text(true);
  return session_.plugin().query(state_, flags).text();
}

bool PositionEditor::apply(std::uint32_t edit) {
  const auto& info = session_.plugin().info();
  pb::NewGameRequest request;
  std::string position = text();
  if (!position.empty() && position.back() != '\n') position += '\n';
  *request.add_options() = editor_option(info.position_option(), position + info.edits_line() + " " + std::to_string(edit) + "\n");
  try {
    const pb::NewGameResponse response = session_.plugin().new_game(request);
    undo_.push_back(state_);
    state_ = response.state();
    message_.clear();
  } catch (const gamehost::HostError& e) {
    message_ = e.what();
    return false;
  }
  show();
  return true;
}

bool PositionEditor::undo() {
  if (undo_.empty()) return false;
  state_ = undo_.back();
  undo_.pop_back();
  show();
  return true;
}

bool PositionEditor::save() {
  const std::string body = text();
  std::ofstream out(save_to_, std::ios::binary | std::ios::trunc);
  if (!(out << "# set up in replay-viewer's board editor\n" << body) || !out.flush()) {
    message_ = "cannot write " + save_to_.string();
    return false;
  }
  message_ = "saved to " + save_to_.string();
  return true;
}

bool PositionEditor::handle(const sf::Event& e, sf::Vector2f mouse) {
  if (!active_) return false;
  switch (e.type) {
    case sf::Event::MouseButtonPressed: return e.mouseButton.button == sf::Mouse::Left && on_click(mouse);
    case sf::Event::KeyPressed: return on_key(e.key);
    case sf::Event::TextEntered: return true;  // no move box while editing
    default: return false;
  }
}

bool PositionEditor::on_key(const sf::Event::KeyEvent& key) {
  if (key.code == sf::Keyboard::Escape) {
    if (!picker_.empty()) picker_.clear();
    else stop();
    return true;
  }
  if (key.control && key.code == sf::Keyboard::S) return save(), true;
  if (key.control && key.code == sf::Keyboard::Z) return undo(), true;
  // Stepping through the game or its variations leaves the editor's
  // position alone: those keys do nothing while editing.
  return key.code == sf::Keyboard::Left || key.code == sf::Keyboard::Right || key.code == sf::Keyboard::Home ||
         key.code == sf::Keyboard::End || key.code == sf::Keyboard::Space || key.code == sf::Keyboard::Enter ||
         key.code == sf::Keyboard::Delete;
}

sf::FloatRect PositionEditor::bar_rect() const {
  // Up over any panel row the bar would cut: a row is hidden whole or not
  // at all (the move list's last row was half hidden).
  float top = kEditorBar.top;
  const auto items = view_.panel().item_boxes();
  for (bool moved = true; moved;) {
    moved = false;
    for (const sf::FloatRect& b : items)
      if (b.left < kEditorBar.left + kEditorBar.width && b.left + b.width > kEditorBar.left && b.top < top &&
          b.top + b.height > top - 2) {
        top = b.top - 3;
        moved = true;
      }
  }
  const float bottom = kEditorBar.top + kEditorBar.height;
  return {kEditorBar.left, top, kEditorBar.width, bottom - top};
}

sf::FloatRect PositionEditor::row_rect(std::size_t i) const {
  const float h = kEditorRow * static_cast<float>(picker_.size() + 1);
  const float top = kPanelArea.top + kPanelArea.height - 60 - h;
  return {kPanelArea.left + kPanelArea.width - kEditorPickerWidth - 10, top + kEditorRow * static_cast<float>(i + 1),
          kEditorPickerWidth, kEditorRow};
}

std::optional<sf::Vector2f> PositionEditor::picker_row(const std::string& label) const {
  for (std::size_t i = 0; i < picker_.size(); ++i)
    if (picker_[i].label == label) {
      const sf::FloatRect r = row_rect(i);
      return sf::Vector2f{r.left + r.width / 2, r.top + r.height / 2};
    }
  return std::nullopt;
}

bool PositionEditor::on_click(sf::Vector2f p) {
  if (!picker_.empty()) {
    for (std::size_t i = 0; i < picker_.size(); ++i)
      if (row_rect(i).contains(p)) {
        const std::uint32_t edit = picker_[i].edit;
        picker_.clear();
        apply(edit);
        return true;
      }
    picker_.clear();  // a click beside the picker closes it, and goes on
  }
  const pb::HitArea* hit = hit_area_at(view_.scene(), p);
  if (!hit) return kBoardArea.contains(p);
  for (int i = 0; i < hit->actions_size(); ++i)
    picker_.push_back({hit->actions(i), i < hit->action_labels_size() && !hit->action_labels(i).empty()
                                            ? hit->action_labels(i)
                                            : fmt::format("edit {}", hit->actions(i))});
  picker_title_ = hit->hover();
  return true;
}

void PositionEditor::draw(sf::RenderTarget& target, float pixel_scale) const {
  if (!active_) return;
  auto text_at = [&](const std::string& s, float x, float y, float size, sf::Color c) {
    sf::Text t = crisp_text(font_, s, size, pixel_scale);
    t.setFillColor(c);
    anchor_text(t, {x, y}, -1);
    target.draw(t);
  };
  const sf::FloatRect bar_area = bar_rect();
  sf::RectangleShape bar({bar_area.width, bar_area.height});
  bar.setPosition(bar_area.left, bar_area.top);
  bar.setFillColor(kEditorBarFill);
  bar.setOutlineColor(kEditorAccent);
  bar.setOutlineThickness(1);
  target.draw(bar);
  text_at("Board editor — Ctrl+S save to " + save_to_.filename().string() + " · Ctrl+Z undo · Esc leave",
          kEditorBar.left + 8, kEditorBar.top + 14, 13, kEditorAccent);
  text_at(message_, kEditorBar.left + 8, kEditorBar.top + 34, 13, kEditorText);
  if (picker_.empty()) return;
  const sf::FloatRect first = row_rect(0);
  sf::RectangleShape box({kEditorPickerWidth, kEditorRow * static_cast<float>(picker_.size() + 1)});
  box.setPosition(first.left, first.top - kEditorRow);
  box.setFillColor(kEditorPickerFill);  // opaque: the move list showed through
  box.setOutlineColor(kEditorText);
  box.setOutlineThickness(1);
  target.draw(box);
  text_at("Edit " + picker_title_, first.left + 8, first.top - kEditorRow / 2, 14, kAccent);
  for (std::size_t i = 0; i < picker_.size(); ++i) {
    const sf::FloatRect r = row_rect(i);
    text_at(picker_[i].label, r.left + 12, r.top + r.height / 2, 14, kEditorChoice);
  }
}

std::filesystem::path position_log(const std::filesystem::path& file, const std::string& game,
                                   const std::vector<std::string>& plugin_dirs) {
  const std::string text = read_position_file(file);
  auto registry = gamehost::Registry::scan(gamehost::plugin_search_path(plugin_dirs));
  gamehost::Plugin& plugin = registry.find(game);
  const std::string position = plugin.info().position_option();
  if (position.empty()) throw gamehost::HostError(fmt::format("--position: {} reads no positions", game));
  // No players: a position was set up, not played (the seats' names as
  // players read "players: Black = Black, White = White").
  gamehost::formats::Metadata meta;
  meta.source = "position " + file.string();
  std::optional<gamehost::formats::GameBuilder> builder;
  try {
    builder.emplace(plugin, std::vector<pb::OptionValue>{editor_option(position, text)}, 0, meta);
  } catch (const gamehost::HostError& e) {
    throw gamehost::HostError(fmt::format("{}: {}", file.string(), e.what()));
  }
  // Removed when the viewer exits: the log only carries the position.
  static const auto dir = std::filesystem::temp_directory_path() / fmt::format("replay-viewer-{}", getpid());
  std::filesystem::create_directories(dir);
  std::atexit([] {
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
  });
  // Named as the position's file, which the window's title then names (a
  // name of its own, "NAME.ghlog", named a file that does not exist).
  const auto log = dir / file.filename();
  builder->write(log);
  return log;
}

}  // namespace viewer
