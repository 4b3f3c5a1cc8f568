#include "viewer/session/live_game.h"

#include <fmt/core.h>

#include <chrono>
#include <system_error>

#include "gamehost/play/agents/agent.h"
#include "gamehost/play/agents/spec.h"
#include "gamehost/base/error.h"
#include "gamehost/play/play.h"
#include "gamehost/calls/registry.h"
#include "gamehost/play/agents/human_agent.h"
#include "gamehost/review/engine_coach.h"

namespace viewer {

// The person's seat: waits for the window's move (or the window closing,
// which abandons the game, as "quit" does at the terminal).
class LiveGame::SeatAgent : public gamehost::Agent {
 public:
  explicit SeatAgent(LiveGame& game) : game_(game) {}
  std::optional<std::uint32_t> choose(const gamehost::Turn& turn) override {
    std::unique_lock lock(game_.mutex_);
    game_.waiting_ply_ = turn.ply;
    game_.legal_.assign(turn.info.legal_ids().begin(), turn.info.legal_ids().end());
    game_.submitted_.reset();
    for (;;) {
      game_.changed_.wait(lock, [&] { return game_.submitted_ || game_.closing_ || game_.hint_asked_; });
      if (game_.submitted_ || game_.closing_) break;
      // A hint: the search runs here, the window goes on drawing.
      game_.hint_asked_ = false;
      lock.unlock();
      std::string text;
      try {
        text = coach_.hint(turn, gamehost::kDefaultHintIters, 1);
      } catch (const std::exception& e) {
        text = std::string("no hint: ") + e.what();
      }
      lock.lock();
      game_.hint_ = {turn.ply, text};
    }
    game_.waiting_ply_ = 0;
    game_.legal_.clear();
    if (game_.closing_) return std::nullopt;
    const std::uint32_t action = *game_.submitted_;
    game_.submitted_.reset();
    return action;
  }
  std::string spec() const override { return "human"; }

 private:
  LiveGame& game_;
  gamehost::review::EngineCoach coach_;
};

namespace {

gamehost::Registry registry_for(const std::vector<std::string>& dirs) {
  return gamehost::Registry::scan(gamehost::plugin_search_path(dirs));
}

}  // namespace

LiveGame::LiveGame(LiveGameSettings settings) : settings_(std::move(settings)) {
  gamehost::Registry registry = registry_for(settings_.plugin_dirs);
  gamehost::Plugin& plugin = registry.find(settings_.game);  // "unknown game 'x' (installed: ...)"
  if (settings_.seat < 0 || settings_.seat >= plugin.players())
    throw gamehost::HostError(fmt::format("--seat {}: {} has seats 1 to {}", settings_.seat + 1, settings_.game,
                                          plugin.players()));
  if (plugin.players() != 2)
    throw gamehost::HostError(fmt::format("{} has {} seats: --play plays a two-seat game against one engine",
                                          settings_.game, plugin.players()));
  // The spec is made once here so that a typo is told before the window opens.
  gamehost::make_agent(gamehost::with_game_defaults(settings_.against, plugin.info()),
                       gamehost::AgentContext{settings_.seed, 1 - settings_.seat});
}

LiveGame::~LiveGame() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();  // an engine's search ends within its own limit
}

void LiveGame::start() {
  thread_ = std::thread([this] { run(); });
  // The log's header is one write(2) (game_log.h): a file with bytes holds it whole.
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (over_) return;
    }
    std::error_code ec;
    if (std::filesystem::file_size(settings_.log, ec) > 0 && !ec) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

void LiveGame::run() {
  try {
    gamehost::Registry registry = registry_for(settings_.plugin_dirs);
    gamehost::Plugin& plugin = registry.find(settings_.game);
    gamehost::PlaySettings s;
    s.seed = settings_.seed;
    s.agents.assign(plugin.players(), "");
    s.agents[1 - settings_.seat] = settings_.against;
    s.custom_agent = [this](int seat) -> std::unique_ptr<gamehost::Agent> {
      return seat == settings_.seat ? std::make_unique<SeatAgent>(*this) : nullptr;
    };
    s.log_path = settings_.log;
    s.quiet = true;
    gamehost::play_game(plugin, s);
  } catch (const std::exception& e) {
    std::lock_guard lock(mutex_);
    error_ = e.what();
  }
  std::lock_guard lock(mutex_);
  over_ = true;
}

int LiveGame::waiting_ply() const {
  std::lock_guard lock(mutex_);
  return submitted_ ? 0 : waiting_ply_;
}

std::vector<std::uint32_t> LiveGame::legal() const {
  std::lock_guard lock(mutex_);
  return legal_;
}

void LiveGame::submit(std::uint32_t action) {
  {
    std::lock_guard lock(mutex_);
    submitted_ = action;
  }
  changed_.notify_all();
}

void LiveGame::ask_hint() {
  {
    std::lock_guard lock(mutex_);
    hint_ = {0, ""};
    hint_asked_ = true;
  }
  changed_.notify_all();
}

std::pair<int, std::string> LiveGame::hint() const {
  std::lock_guard lock(mutex_);
  return hint_;
}

std::string LiveGame::error() const {
  std::lock_guard lock(mutex_);
  return error_;
}

bool LiveGame::over() const {
  std::lock_guard lock(mutex_);
  return over_;
}

}  // namespace viewer
