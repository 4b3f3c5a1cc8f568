// replay-viewer --follow: the window on a log being written, or (with
// --dump-panel) its panel per ply as text, for programs and tests.
#include <fmt/core.h>

#include <SFML/Graphics/Font.hpp>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <thread>

#include "viewer/app/application.h"
#include "viewer/app/replay_state.h"
#include "viewer/app/follow_command.h"
#include "viewer/render/environment.h"
#include "viewer/teaching/follow.h"
#include "viewer/teaching/follow_dir.h"
#include "viewer/teaching/teaching_states.h"
#include "viewer/export/headless.h"
#include "viewer/view/side_panel.h"

namespace viewer {

namespace {


// The session of the followed log, checked as the viewer checks any log,
// and the view options asked for.
struct Opened {
  std::unique_ptr<ReplaySession> session;
  std::optional<std::vector<std::string>> overlays;
};

Opened open_followed(const FollowCommand& c, gamehost::GameLog log) {
  Opened o;
  o.session = ReplaySession::open_log(std::move(log), c.log, c.plugin_dirs, c.seat, c.load);
  if (!o.session->has_scenes()) throw gamehost::HostError(c.log + ": this game's plugin draws no scenes (RenderScene)");
  check_followable(*o.session, c.seat.as);
  if (!c.overlays.empty()) {
    pb::Scene offered;
    o.session->render(0, pb::ViewOptions(), offered);
    o.overlays = parse_overlays(c.overlays, offered);
  }
  return o;
}

int follow_dump(const FollowCommand& c) {
  Opened opened;
  std::ofstream file;
  if (c.dump != "-") {
    file.open(c.dump, std::ios::trunc);
    if (!file) return follow_failure(kExitError, "cannot write " + c.dump);
  }
  HeadlessFollow options;
  options.log = c.log;
  options.idle_seconds = c.idle_seconds;
  const bool done = follow_headless(
      options,
      [&](gamehost::GameLog log) -> ReplaySession& {
        opened = open_followed(c, std::move(log));
        return *opened.session;
      },
      [&](ReplaySession& session, int ply) {
        pb::Scene scene;
        session.render(ply, initial_view(session, opened.overlays, c.select), scene);
        return dump_panel(session, scene, ply, {}, nullptr);
      },
      [&](const std::string& text) {
        if (c.dump == "-") {
          std::fwrite(text.data(), 1, text.size(), stdout);
          std::fflush(stdout);
        } else {
          file << text << std::flush;
        }
      });
  if (!done) std::fprintf(stderr, "replay-viewer: %s: no new ply for %g s and no result; stopped following\n",
                          c.log.c_str(), c.idle_seconds);
  return kExitOk;
}

int follow_window(const FollowCommand& c) {
  const FontChoice font_choice = choose_font(c.font_path);
  if (!font_choice.problem.empty()) return follow_failure(kExitNoFont, font_choice.problem);
  if (const auto problem = display_problem()) return follow_failure(kExitNoDisplay, *problem);
  // The game may not have started yet: wait for its header.
  std::optional<gamehost::GameLog> first = read_whole_records(c.log);
  if (!first) std::fprintf(stderr, "replay-viewer: waiting for %s\n", c.log.c_str());
  while (!first) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    first = read_whole_records(c.log);
  }
  Opened opened = open_followed(c, std::move(*first));
  sf::Font font;
  if (!font.loadFromFile(font_choice.path)) return follow_failure(kExitNoFont, "cannot load the font " + font_choice.path);
  ReplaySession& session = *opened.session;
  WindowOptions window;
  window.antialias = c.antialias;
  Application application(window);
  ReplayStart start{session.plies(), c.select, opened.overlays, c.export_dir, nullptr};
  ReplayModes modes;
  modes.analysis_threads = c.analysis_threads;
  push_replay_states(application, session, font, start, modes, [&](ReplayView& view) {
    return std::make_unique<FollowState>(LiveLog(c.log), session, view);
  });
  return application.run();
}

// A tournament folder's grid in the window.
int follow_dir_window(const FollowCommand& c) {
  const FontChoice font_choice = choose_font(c.font_path);
  if (!font_choice.problem.empty()) return follow_failure(kExitNoFont, font_choice.problem);
  if (const auto problem = display_problem()) return follow_failure(kExitNoDisplay, *problem);
  sf::Font font;
  if (!font.loadFromFile(font_choice.path)) return follow_failure(kExitNoFont, "cannot load the font " + font_choice.path);
  WindowOptions window;
  window.title = "replay-viewer: " + c.log;
  window.antialias = c.antialias;
  window.frame_rate = 30;
  window.letterboxed = false;
  Application application(window);
  application.push(make_follow_dir_state(c, font));
  return application.run();
}

}  // namespace

int run_follow(const FollowCommand& c) {
  if (is_tournament_folder(c.log)) {
    if (!c.dump.empty() || !c.screenshot.empty()) return run_follow_dir(c);
    try {
      return follow_dir_window(c);
    } catch (const std::exception& e) {
      return follow_failure(kExitError, std::string("error: ") + e.what());
    }
  }
  if (!c.screenshot.empty())
    return follow_failure(kExitUsage, "--follow LOG --screenshot: a game being played is drawn in the window; --screenshot "
                            "draws a tournament folder's grid");
  try {
    return c.dump.empty() ? follow_window(c) : follow_dump(c);
  } catch (const std::invalid_argument& e) {  // a bad --overlay
    return follow_failure(kExitUsage, std::string("--overlay: ") + e.what());
  } catch (const std::exception& e) {
    return follow_failure(kExitError, std::string("error: ") + e.what());
  }
}

}  // namespace viewer
