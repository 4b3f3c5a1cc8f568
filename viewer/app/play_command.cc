#include "viewer/app/play_command.h"

#include <fmt/core.h>

#include <SFML/Graphics/Font.hpp>

#include <filesystem>
#include <cstdlib>
#include <functional>
#include <memory>

#include "gamehost/base/error.h"
#include "gamehost/play/play.h"
#include "gamehost/records/regular_file.h"
#include "viewer/app/application.h"
#include "viewer/app/options.h"
#include "viewer/app/replay_state.h"
#include "viewer/play/play_state.h"
#include "viewer/render/environment.h"
#include "viewer/session/live_game.h"
#include "viewer/session/net_game.h"
#include "viewer/teaching/follow.h"

namespace viewer {

namespace {

// What the window of a played game needs besides the game.
struct WindowSettings {
  std::vector<std::string> plugin_dirs;
  std::string font_path;
  int antialias = -1;
  int analysis_threads = 1;
  std::string title;
  int seat = 0;  // the person's, from 1 (0: watching): a game with hidden information is seen as it
};

// Checks the font and the display, starts the game (`start`: a HostError
// says why it cannot), then opens the window on its log.
int open_window(WindowSettings& w, const std::function<std::unique_ptr<PlayedGame>()>& start) {
  const FontChoice font_choice = choose_font(w.font_path);
  if (!font_choice.problem.empty()) return viewer_fail(kExitNoFont, font_choice.problem);
  if (const auto problem = display_problem()) return viewer_fail(kExitNoDisplay, *problem);
  sf::Font font;
  if (!font.loadFromFile(font_choice.path)) return viewer_fail(kExitNoFont, "cannot load the font " + font_choice.path);
  std::unique_ptr<PlayedGame> game;
  std::unique_ptr<ReplaySession> session;
  try {
    game = start();
    const std::filesystem::path log = game->log();
    auto first = read_whole_records(log);
    if (!first) throw gamehost::HostError(log.string() + ": the game wrote no header");
    // A game with hidden information is seen as the person's seat.
    session = ReplaySession::open_log(*first, log, w.plugin_dirs, {}, {});
    if (session->plugin().info().has_hidden_information()) {
      SeatOptions seat;
      seat.as = std::to_string(w.seat);
      session = ReplaySession::open_log(std::move(*first), log, w.plugin_dirs, seat, {});
    }
    if (!session->has_scenes())
      throw gamehost::HostError(session->plugin().id() + ": this game's plugin draws no scenes (RenderScene)");
  } catch (const std::exception& e) {
    return viewer_fail(kExitError, std::string("error: ") + e.what());
  }
  WindowOptions window;
  window.antialias = w.antialias;
  window.title = w.title;
  Application application(window);
  ReplayStart start_at{session->plies(), "", std::nullopt, "", nullptr};
  ReplayModes modes;
  modes.analysis_threads = w.analysis_threads;
  push_replay_states(application, *session, font, start_at, modes,
                     [&](ReplayView& view) { return std::make_unique<PlayState>(std::move(game), *session, view); });
  return application.run();
}

}  // namespace

int run_play(const PlayCommand& c) {
  LiveGameSettings settings{c.game, c.against, c.seat - 1, c.seed, c.out, c.plugin_dirs};
  if (settings.log.empty()) settings.log = gamehost::default_log_path(c.game, c.seed);
  std::unique_ptr<LiveGame> game;
  try {
    game = std::make_unique<LiveGame>(settings);  // the game and the spec, checked
  } catch (const std::exception& e) {
    return viewer_fail(kExitUsage, fmt::format("--play {} --against {}: {}", c.game, c.against, e.what()));
  }
  if (std::filesystem::exists(settings.log))
    return viewer_fail(kExitError,
                       settings.log.string() + ": exists; --play never overwrites a log (give another --out)");
  std::error_code ec;
  if (settings.log.has_parent_path()) std::filesystem::create_directories(settings.log.parent_path(), ec);
  WindowSettings window{c.plugin_dirs,
                        c.font_path,
                        c.antialias,
                        c.analysis_threads,
                        fmt::format("replay-viewer: {} against {}", c.game, c.against),
                        c.seat};
  return open_window(window, [&]() -> std::unique_ptr<PlayedGame> {
    game->start();
    if (!game->error().empty()) throw gamehost::HostError(game->error());
    std::fprintf(stderr, "replay-viewer: playing %s against %s; the log: %s\n", c.game.c_str(), c.against.c_str(),
                 settings.log.string().c_str());
    return std::move(game);
  });
}

int run_connect(const ConnectCommand& c) {
  NetGameSettings settings{c.server, c.request, c.out, c.plugin_dirs, ""};
  if (!c.out.empty() && std::filesystem::exists(settings.log))
    return viewer_fail(kExitError, c.out + ": exists; --connect never overwrites a log (give another --out)");
  if (settings.request.name.empty()) {
    const char* user = std::getenv("USER");
    settings.request.name = user && *user ? user : "player";
  }
  try {
    if (!c.join_password_file.empty())
      settings.join_password =
          gamehost::read_regular_file(c.join_password_file, "--join-password-file " + c.join_password_file);
    settings.join_password = settings.join_password.substr(0, settings.join_password.find('\n'));
  } catch (const std::exception& e) {
    return viewer_fail(kExitError, e.what());
  }
  WindowSettings window{c.plugin_dirs, c.font_path, c.antialias, c.analysis_threads, "", 0};
  return open_window(window, [&]() -> std::unique_ptr<PlayedGame> {
    auto game = std::make_unique<NetGame>(settings);
    for (const auto& line : game->start()) std::fprintf(stderr, "replay-viewer: %s\n", line.c_str());
    window.title = fmt::format("replay-viewer: {} game {} on {}", game->game_type(), game->game_id(), c.server);
    window.seat = game->seat() + 1;
    std::fprintf(stderr, "replay-viewer: %s game %s on %s, %s; the log: %s\n", game->game_type().c_str(),
                 game->game_id().c_str(), c.server.c_str(),
                 game->seat() < 0 ? "watching" : fmt::format("your seat: {}", game->seat() + 1).c_str(),
                 game->log().string().c_str());
    return game;
  });
}

}  // namespace viewer
