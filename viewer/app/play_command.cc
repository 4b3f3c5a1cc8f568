#include "viewer/app/play_command.h"

#include <fmt/core.h>

#include <SFML/Graphics/Font.hpp>

#include <filesystem>
#include <memory>

#include "gamehost/base/error.h"
#include "gamehost/play/play.h"
#include "viewer/app/application.h"
#include "viewer/app/options.h"
#include "viewer/app/replay_state.h"
#include "viewer/play/play_state.h"
#include "viewer/render/environment.h"
#include "viewer/session/live_game.h"
#include "viewer/teaching/follow.h"

namespace viewer {

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
    return viewer_fail(kExitError, settings.log.string() + ": exists; --play never overwrites a log (give another --out)");
  const FontChoice font_choice = choose_font(c.font_path);
  if (!font_choice.problem.empty()) return viewer_fail(kExitNoFont, font_choice.problem);
  if (const auto problem = display_problem()) return viewer_fail(kExitNoDisplay, *problem);
  sf::Font font;
  if (!font.loadFromFile(font_choice.path)) return viewer_fail(kExitNoFont, "cannot load the font " + font_choice.path);
  std::error_code ec;
  if (settings.log.has_parent_path()) std::filesystem::create_directories(settings.log.parent_path(), ec);

  game->start();
  std::unique_ptr<ReplaySession> session;
  try {
    if (!game->error().empty()) throw gamehost::HostError(game->error());
    auto first = read_whole_records(settings.log);
    if (!first) throw gamehost::HostError(settings.log.string() + ": the game wrote no header");
    // A game with hidden information is seen as the person's seat.
    session = ReplaySession::open_log(*first, settings.log, c.plugin_dirs, {}, {});
    if (session->plugin().info().has_hidden_information()) {
      SeatOptions seat;
      seat.as = std::to_string(c.seat);
      session = ReplaySession::open_log(std::move(*first), settings.log, c.plugin_dirs, seat, {});
    }
    if (!session->has_scenes()) throw gamehost::HostError(c.game + ": this game's plugin draws no scenes (RenderScene)");
  } catch (const std::exception& e) {
    return viewer_fail(kExitError, std::string("error: ") + e.what());
  }
  std::fprintf(stderr, "replay-viewer: playing %s against %s; the log: %s\n", c.game.c_str(), c.against.c_str(),
               settings.log.string().c_str());
  WindowOptions window;
  window.antialias = c.antialias;
  window.title = fmt::format("replay-viewer: {} against {}", c.game, c.against);
  Application application(window);
  ReplayStart start{session->plies(), "", std::nullopt, "", nullptr};
  ReplayModes modes;
  modes.analysis_threads = c.analysis_threads;
  push_replay_states(application, *session, font, start, modes, [&](ReplayView& view) {
    return std::make_unique<PlayState>(std::move(game), c.against, *session, view);
  });
  return application.run();
}

}  // namespace viewer
