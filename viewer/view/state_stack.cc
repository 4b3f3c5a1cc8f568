#include "viewer/view/state_stack.h"

#include <cassert>

namespace viewer {

StateStack::~StateStack() { pop_all(); }

// The top first: a state may hold references into those below it.
void StateStack::pop_all() {
  while (!states_.empty()) states_.pop_back();
}

void StateStack::push(std::unique_ptr<State> state) {
  assert(state);
  pending_.push_back({Change::Push, std::move(state)});
}

void StateStack::pop() { pending_.push_back({Change::Pop, nullptr}); }

void StateStack::clear() { pending_.push_back({Change::Clear, nullptr}); }

void StateStack::close_window() {
  if (context_.window) context_.window->close();
}

void StateStack::apply_pending() {
  for (Pending& p : pending_) {
    switch (p.change) {
      case Change::Push:
        p.state->stack_ = this;
        states_.push_back(std::move(p.state));
        break;
      case Change::Pop:
        if (!states_.empty()) states_.pop_back();
        break;
      case Change::Clear: pop_all(); break;
    }
  }
  pending_.clear();
}

bool StateStack::handle_event(const sf::Event& event, sf::Vector2f at) {
  bool taken = false;
  // A state that captures the input (a modal box) takes it past the ones above.
  auto from = states_.rbegin();
  for (auto it = states_.rbegin(); it != states_.rend(); ++it)
    if ((*it)->captures_input()) {
      from = it;
      break;
    }
  for (auto it = from; it != states_.rend() && !taken; ++it) taken = (*it)->handle_event(event, at);
  apply_pending();
  return taken;
}

bool StateStack::update(float dt) {
  bool changed = false;
  for (auto it = states_.rbegin(); it != states_.rend(); ++it) changed = (*it)->update(dt) || changed;
  apply_pending();
  return changed;
}

void StateStack::draw(sf::RenderTarget& target) {
  // The top state that covers those below it hides them, but for the bottom one.
  std::size_t first_shown = 1;
  for (std::size_t i = states_.size(); i-- > 1;)
    if (states_[i]->covers_below()) {
      first_shown = i;
      break;
    }
  for (std::size_t i = 0; i < states_.size(); ++i)
    if (i == 0 || i >= first_shown) states_[i]->draw(target);
  for (auto& state : states_) state->draw_over(target);
}

void StateStack::resized(sf::Vector2u size) {
  for (auto& state : states_) state->resized(size);
}

bool StateStack::busy() const {
  for (const auto& state : states_)
    if (state->busy()) return true;
  return false;
}

}  // namespace viewer
