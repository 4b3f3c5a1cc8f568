#include "viewer/analysis/analysis_states.h"

#include <fmt/core.h>

namespace viewer {

AnalysisState::AnalysisState(ReplaySession& session, ReplayView& view, const sf::Font& font, int engine_threads,
                             const std::string& variation)
    : controls_(session, view, font) {
  controls_.set_engine_threads(engine_threads);
  if (!variation.empty())
    if (const auto node = controls_.board().tree().find(variation)) controls_.board().go_to(*node, false);
}

bool AnalysisState::handle_event(const sf::Event& event, sf::Vector2f at) { return controls_.handle(event, at); }

void AnalysisState::draw(sf::RenderTarget& target) {
  controls_.sync(pixel_scale_for(target.getSize()));
  controls_.draw(target);
}

EditorState::EditorState(ReplaySession& session, ReplayView& view, const sf::Font& font, AnalysisControls& analysis)
    : session_(session), view_(view), analysis_(analysis), editor_(session, view, font) {}

void EditorState::open_on(const std::filesystem::path& file) {
  if (editor_.available()) editor_.start(session_.state(view_.ply()), file);
}

// Ctrl+E opens the editor on the position shown, a ply's or a variation's.
bool EditorState::handle_event(const sf::Event& e, sf::Vector2f at) {
  if (editor_.handle(e, at)) return true;
  if (e.type != sf::Event::KeyPressed || !e.key.control || e.key.code != sf::Keyboard::E || editor_.active())
    return false;
  if (!editor_.available()) {
    view_.set_message(session_.game_name() + " has no board editor");
    return true;
  }
  const bool variation = view_.off_game();
  const std::string state = variation ? analysis_.board().state(analysis_.board().current()) : session_.state(view_.ply());
  const std::filesystem::path log(session_.file());
  editor_.start(state, log.parent_path() / fmt::format("{}-ply{}.position.txt", log.stem().string(), view_.ply()));
  return true;
}

void EditorState::draw(sf::RenderTarget& target) {
  if (editor_.active()) editor_.draw(target, pixel_scale_for(target.getSize()));
}

}  // namespace viewer
