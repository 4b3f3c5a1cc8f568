// replay-viewer --tour: the model (the step, the learner's answers), its
// state in the window and its picture offscreen (the command: app/tour_command.cc).
#include "viewer/teaching/tour_mode.h"

#include <fmt/core.h>

#include <algorithm>

#include <fstream>

#include "viewer/render/environment.h"
#include "gamehost/base/error.h"
#include "gamehost/text/input_checks.h"
#include "viewer/export/headless.h"
#include "viewer/render/label_layout.h"
#include "viewer/render/path_player.h"
#include "viewer/render/palette.h"
#include "viewer/view/replay_view.h"
#include "viewer/view/side_panel.h"
#include "viewer/render/text_util.h"
#include "viewer/teaching/tour_panel.h"

#include <SFML/Graphics/RectangleShape.hpp>
#include <SFML/Window/Event.hpp>
#include <SFML/Window/Keyboard.hpp>

namespace viewer {

TourModel::TourModel(gamehost::Plugin& plugin, gamehost::Tour tour, std::size_t first)
    : plugin_(plugin), tour_(std::move(tour)), starts_(gamehost::load_tour_states(plugin_, tour_)) {
  step_ = std::min(first, tour_.steps.size() - 1);
  reset();
}

bool TourModel::go(int delta) {
  const long to = static_cast<long>(step_) + delta;
  if (to < 0 || to >= static_cast<long>(tour_.steps.size())) return false;
  step_ = static_cast<std::size_t>(to);
  reset();
  return true;
}

void TourModel::reset() {
  state_ = starts_[step_];
  last_action_.reset();
  selected_.clear(), answered_.clear(), message_.clear(), picker_.clear();
  solved_ = last_right_ = false;
  ++version_;
}

void TourModel::verdict(const gamehost::TourAnswer& a, const std::string& answered) {
  answered_ = answered;
  message_ = a.message;
  last_right_ = a.solved;
  solved_ = solved_ || a.solved;
  picker_.clear();
  if (a.played) state_ = a.state;
  ++version_;
}

void TourModel::answer(const std::string& text) {
  const gamehost::TourTask& task = step().task;
  if (task.kind == gamehost::TourTask::Kind::None) {
    message_ = "This step has no task: go on with → (or Page Down).";
    ++version_;
    return;
  }
  if (task.wants_click()) {
    verdict(gamehost::answer_click(plugin_, state_, task, text), text);
    if (last_right_) selected_ = text;
    return;
  }
  const auto a = gamehost::answer_move(plugin_, state_, task, text);
  if (a.played) last_action_ = a.action;
  verdict(a, text);
}

std::string TourModel::notation(std::uint32_t action_id) const {
  pb::QueryFlags flags;
  flags.set_legal_details(true);
  const pb::StateInfo info = plugin_.query(state_, flags);
  for (const auto& a : info.legal())
    if (a.id() == action_id) return a.notation();
  throw gamehost::HostError(fmt::format("no legal action {} here", action_id));
}

void TourModel::click(const pb::HitArea& hit) {
  const gamehost::TourTask& task = step().task;
  if (task.wants_click()) {
    if (!hit.hover().empty()) answer(hit.hover());
    return;
  }
  if (task.kind == gamehost::TourTask::Kind::None) return answer("");
  if (hit.actions_size() == 0) {
    // Nothing may be built there: the game's own ruling is the verdict. A
    // task that asks for that ruling takes it as its answer.
    if (hit.refusal().empty()) return;
    const bool right = task.kind == gamehost::TourTask::Kind::Refused && hit.refusal_code() == task.code;
    gamehost::TourAnswer a;
    a.solved = right;
    a.message = right ? "Right, the rules refuse it: " + hit.refusal() : "The rules refuse it: " + hit.refusal();
    return verdict(a, hit.hover());
  }
  if (hit.actions_size() == 1) return answer(notation(hit.actions(0)));
  picker_.clear();
  for (int i = 0; i < hit.actions_size(); ++i)
    picker_.push_back({hit.actions(i), i < hit.action_labels_size() && !hit.action_labels(i).empty()
                                           ? hit.action_labels(i)
                                           : notation(hit.actions(i))});
  ++version_;
}

void TourModel::choose(std::size_t index) {
  if (index >= picker_.size()) return;
  answer(notation(picker_[index].action_id));
}

std::vector<TourModel::Line> TourModel::panel() const {
  std::vector<Line> out;
  if (!tour_.title.empty()) out.push_back({tour_.title, 5});
  out.push_back({fmt::format("Step {} of {}: {}", step_ + 1, tour_.steps.size(), step().title), 1});
  for (const auto& p : step().text) out.push_back({p, 0});
  const auto& task = step().task;
  if (task.kind != gamehost::TourTask::Kind::None) {
    // A click on a lot where nothing may be built gives the game's ruling
    // (click() below); elsewhere the board offers only legal moves, so a
    // refused move among legal ones is typed.
    const char* how = task.wants_click() ? ""
                      : task.kind == gamehost::TourTask::Kind::Refused
                          ? " (click a lot where nothing may be built, or press Enter and type the move)"
                          : " (click the board, or Enter to type a move)";
    out.push_back({"Task: " + task.ask + how, 2});
  }
  for (std::size_t i = 0; i < picker_.size(); ++i) out.push_back({fmt::format("{}  {}", i + 1, picker_[i].label), 2});
  if (!message_.empty()) out.push_back({message_, last_right_ ? 3 : 4});
  if (solved_ && !task.done.empty()) out.push_back({task.done, 3});
  out.push_back(
      {step_ + 1 < tour_.steps.size() ? "→ next step   ← back   R again   Q quit" : "the last step   ← back   Q quit",
       5});
  return out;
}

std::string TourModel::dump() const {
  std::string out;
  auto row = [&](const std::string& key, const std::string& value, const std::string& text) {
    out += fmt::format("Tour\t{}\t{}\t{}\n", key, value, text);
  };
  row("title", "", tour_.title);
  row("step", fmt::format("{} of {}", step_ + 1, tour_.steps.size()), step().title);
  for (std::size_t i = 0; i < step().text.size(); ++i) row("text", std::to_string(i + 1), step().text[i]);
  const auto& task = step().task;
  if (task.kind != gamehost::TourTask::Kind::None) row("task", "", task.ask);
  for (std::size_t i = 0; i < picker_.size(); ++i) row("picker", std::to_string(i + 1), picker_[i].label);
  if (!message_.empty()) row("answer", answered_, message_);
  if (task.kind != gamehost::TourTask::Kind::None) row("solved", solved_ ? "yes" : "no", solved_ ? task.done : "");
  return out;
}

int tour_fail(int code, const std::string& message) {
  std::fflush(stdout);
  std::fprintf(stderr, "replay-viewer: %s\n", gamehost::clipped_words(message).c_str());
  return code;
}

bool write_tour_dump(const std::string& path, const std::string& raw) {
  const std::string text = visible_dump(raw);  // the tour file's texts made visible
  if (path == "-") return std::fwrite(text.data(), 1, text.size(), stdout) == text.size();
  std::ofstream out(path + ".part");
  if (!(out << text)) return false;
  out.close();
  return std::rename((path + ".part").c_str(), path.c_str()) == 0;  // whole, for a reader polling it
}


}  // namespace viewer

// ------------------------------------------------------------------ window

namespace viewer {
namespace {

// The board and the panel of the shown step, for the window and --screenshot.
class TourPicture {
 public:
  TourPicture(TourModel& model, const sf::Font& font) : model_(model), font_(font) {}

  // The game's scene of the shown position, with its default overlays and
  // the clickable moves.
  void rebuild(float scale, bool instant) {
    scale_ = scale;
    pb::ViewOptions view;
    view.set_hit_actions(true);
    view.set_selected(model_.selected());
    if (model_.last_action()) view.set_last_action_id(*model_.last_action());
    pb::RenderSceneRequest req;
    pb::RenderSceneResponse res;
    req.set_state(model_.state());
    *req.mutable_view() = view;
    model_.plugin().call(pb::METHOD_RENDER_SCENE, req, res);
    for (const auto& o : res.scene().overlays())
      if (o.default_on()) view.add_overlays(o.key());
    *req.mutable_view() = view;
    model_.plugin().call(pb::METHOD_RENDER_SCENE, req, res);
    const BoardTransform t = board_transform(res.scene());
    scene_ = std::make_shared<const PreparedScene>(std::move(*res.mutable_scene()), t, font_, scale);
    layers_.show(scene_, false);
    // The selected tower's scoring paths, drawn as the replay draws them.
    paths_.set_paths(scene_->scene(), t, font_, scale, instant);
    std::vector<sf::FloatRect> texts = scene_text_boxes(*scene_);
    paths_.place_labels(texts, piece_boxes(*scene_), kBoardArea);
  }

  void update(float dt) { paths_.update(dt); }
  bool animating() const { return paths_.running(); }
  // What a click on the panel, as last drawn, does.
  std::optional<TourPanelTarget> panel_target(sf::Vector2f p) const { return tour_panel_target_at(panel_, p); }

  const pb::HitArea* hit(sf::Vector2f p) const {
    return scene_ && kBoardArea.contains(p) ? scene_->hit_at(p) : nullptr;
  }

  // `typed`: the answer being typed (Enter), or null.
  void draw(sf::RenderTarget& target, const std::string* typed) const {
    target.clear(scene_ && scene_->scene().background() ? to_color(scene_->scene().background()) : kWindowBackground);
    target.draw(layers_);
    target.draw(paths_);
    sf::RectangleShape box({kPanelArea.width, kPanelArea.height});
    box.setPosition(kPanelArea.left, kPanelArea.top);
    box.setFillColor(kPanelBox);
    target.draw(box);
    // Laid out with its click targets (tour_panel.h), kept for the clicks.
    panel_ = lay_out_tour_panel(model_, font_, scale_, typed);
    for (const sf::Text& t : panel_.texts) target.draw(t);
  }

 private:
  TourModel& model_;
  const sf::Font& font_;
  float scale_ = 1;
  mutable TourPanelLayout panel_;  // as last drawn
  std::shared_ptr<const PreparedScene> scene_;
  SceneLayers layers_;
  PathPlayer paths_;
};

// The tour as the window's state: a click answers, Enter types an answer,
// the arrows step, R resets, Q or Esc closes the window.
class TourState : public State {
 public:
  TourState(TourModel& model, const sf::Font& font, std::function<void(const TourModel&)> changed)
      : model_(model), picture_(model, font), changed_(std::move(changed)) {}

  bool handle_event(const sf::Event& e, sf::Vector2f at) override {
    switch (e.type) {
      case sf::Event::MouseButtonPressed:
        if (e.mouseButton.button == sf::Mouse::Left && !typing_) {
          // The footer's keys and the picker's rows, clicked, do as the keys.
          if (const auto panel_target = picture_.panel_target(at)) {
            switch (panel_target->action) {
              case TourPanelAction::Next: key(sf::Keyboard::Right); break;
              case TourPanelAction::Back: key(sf::Keyboard::Left); break;
              case TourPanelAction::Again: key(sf::Keyboard::R); break;
              case TourPanelAction::Quit: key(sf::Keyboard::Q); break;
              case TourPanelAction::Choose: model_.choose(panel_target->choice); break;
            }
          } else if (const pb::HitArea* hit = picture_.hit(at)) {
            model_.click(*hit);
          }
        }
        return true;
      case sf::Event::TextEntered:
        if (typing_ && e.text.unicode >= 32 && e.text.unicode < 127) typed_ += static_cast<char>(e.text.unicode);
        return true;
      case sf::Event::KeyPressed:
        key(e.key.code);
        return true;
      default:
        return false;
    }
  }

  bool update(float dt) override {
    if (shown_ != model_.version()) {
      shown_ = model_.version();
      picture_.rebuild(scale_, false);
      changed_(model_);
    }
    picture_.update(dt);
    return true;
  }

  void resized(sf::Vector2u size) override {
    scale_ = pixel_scale_for(size);
    if (shown_ >= 0) picture_.rebuild(scale_, true);
  }

  void draw(sf::RenderTarget& target) override { picture_.draw(target, typing_ ? &typed_ : nullptr); }
  bool busy() const override { return true; }  // drawn every frame, as the paths animate

 private:
  void key(sf::Keyboard::Key k) {
    using K = sf::Keyboard;
    if (typing_) {
      if (k == K::Enter) {
        typing_ = false;
        if (!typed_.empty()) model_.answer(typed_);
      } else if (k == K::Escape) {
        typing_ = false;
      } else if (k == K::BackSpace && !typed_.empty()) {
        typed_.pop_back();
      }
      return;
    }
    if (k >= K::Num1 && k <= K::Num9 && !model_.picker().empty()) return model_.choose(k - K::Num1);
    switch (k) {
      case K::Right:
      case K::PageDown:
        model_.go(1);
        break;
      case K::Left:
      case K::PageUp:
        model_.go(-1);
        break;
      case K::R:
        model_.reset();
        break;
      case K::Enter:
        typing_ = true, typed_.clear();
        break;
      case K::Q:
      case K::Escape:
        stack().close_window();
        break;
      default:
        break;
    }
  }

  TourModel& model_;
  TourPicture picture_;
  std::function<void(const TourModel&)> changed_;
  float scale_ = 1;
  int shown_ = -1;
  bool typing_ = false;
  std::string typed_;
};

}  // namespace

std::unique_ptr<State> make_tour_state(TourModel& model, const sf::Font& font,
                                       std::function<void(const TourModel&)> changed) {
  return std::make_unique<TourState>(model, font, std::move(changed));
}

int save_tour_screenshot(TourModel& model, const std::string& font_path, const std::string& out) {
  sf::Font font;
  if (!font.loadFromFile(font_path)) return tour_fail(kExitNoFont, "cannot load the font " + font_path);
  Offscreen off(sf::Vector2u(1280, 800));
  sf::RenderTexture& target = off.texture();
  target.setView(letterboxed_view(target.getSize()));
  TourPicture picture(model, font);
  picture.rebuild(1, true);
  picture.draw(target, nullptr);
  target.display();
  std::string problem;
  if (!save_png(target.getTexture().copyToImage(), out, problem)) return tour_fail(kExitError, problem);
  return kExitOk;
}

}  // namespace viewer
