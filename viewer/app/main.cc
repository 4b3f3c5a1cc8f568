// replay-viewer: step through a recorded game (docs/viewer.md).
//
//   replay-viewer LOG [--ply N]                      the window
//   replay-viewer LOG --ply N --screenshot OUT.png   one frame, offscreen
//   replay-viewer LOG --frames DIR [--tween N]       one PNG per ply (or frame)
//   replay-viewer LOG --gif OUT.gif | --webp OUT.webp the whole game, animated
//   replay-viewer LOG --ply N --dump-panel FILE|-    the panel as text
//   replay-viewer LOG --review FILE                  with a game review
//                                                    (default: LOG.ghreview
//                                                    when it exists)
//   replay-viewer --follow LOG [--dump-panel F]    a game while it is played
//   replay-viewer LOG --analysis-threads N          the live engine's threads
//   replay-viewer LOG --isolate ...                  the plugin in its own
//                                                    process (a crash or hang
//                                                    is an error, not fatal)
//   replay-viewer LOG --puzzles                      a puzzle set to solve
//   replay-viewer --tour [FILE] [--step N]           the guided rules tour
//   replay-viewer --play GAME --against AGENT        a game against an engine
//
// The command line is read once, into ViewerOptions (app/options.h); the
// window is the Application's, its modes states on its stack
// (app/replay_state.h). Order of checks: the command line, the font (when drawing), the log (read
// and verified like `gamehost verify`), then the display. Nothing of SFML
// is created before all of them pass, so SFML never prints or aborts first.
#include <fmt/core.h>

#include <SFML/Graphics/Font.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <thread>

#include "viewer/analysis/analysis_input.h"
#include "viewer/export/animation_export.h"
#include "viewer/app/application.h"
#include "viewer/app/replay_state.h"
#include "viewer/app/options.h"
#include "viewer/app/tour_command.h"
#include "viewer/render/environment.h"
#include "viewer/app/follow_command.h"
#include "viewer/teaching/follow.h"
#include "gamehost/base/error.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/calls/transport.h"
#include "gamehost/base/machine.h"
#include "viewer/export/headless.h"
#include "viewer/app/keys.h"
#include "viewer/analysis/position_editor.h"
#include "viewer/teaching/puzzle_mode.h"
#include "viewer/session/replay_session.h"
#include "viewer/session/review_data.h"
#include "viewer/view/side_panel.h"
#include "viewer/teaching/teaching_states.h"

using namespace viewer;

namespace {

bool parse_size(const std::string& text, sf::Vector2u& size) {
  unsigned w = 0, h = 0;
  char x = 0, extra = 0;
  if (std::sscanf(text.c_str(), "%u%c%u%c", &w, &x, &h, &extra) != 3 || (x != 'x' && x != 'X')) return false;
  if (w < 64 || h < 64 || w > 8192 || h > 8192) return false;
  size = {w, h};
  return true;
}

}  // namespace

// --variation PATH: the saved node it names (nullopt without one). Throws
// HostError naming the path when the log keeps no such variation.
static std::optional<gamehost::VariationTree::NodeId> open_variation(AnalysisBoard& board, const std::string& path,
                                                              const std::string& log) {
  if (path.empty()) return std::nullopt;
  const auto node = board.tree().find(path);
  if (!node)
    throw gamehost::HostError(fmt::format("--variation {}: {} keeps no such variation{}", path, log,
                                          board.problem().empty() ? "" : " (" + board.problem() + ")"));
  board.go_to(*node, false);
  return node;
}

int main(int argc, char** argv) {
  gamehost::silence_protobuf_log();  // a log's bad text is the viewer's own message, never protobuf's line
  ViewerOptions o;
  if (const auto status = parse_command_line(argc, argv, o)) return *status;
  if (o.tour) return run_tour(o.tour_command);
  if (o.play) return run_play(o.play_command);
  // The options by the names the steps below use.
  std::string& log = o.log;
  const std::string &position_file = o.position_file, &position_game = o.position_game;
  const std::optional<int>& ply = o.ply;
  const std::string &screenshot = o.screenshot, &frames = o.frames, &gif = o.gif, &webp = o.webp, &dump = o.dump;
  const std::string &variation = o.variation, &select = o.select, &overlay_list = o.overlay_list;
  const std::string &review_file = o.review_file, &font_path = o.font_path, &export_dir = o.export_dir;
  const std::vector<std::string>& plugin_dirs = o.plugin_dirs;
  const int antialias = o.antialias, analysis_threads = o.analysis_threads;
  const int cores = gamehost::machine_cores();
  const std::optional<int>& tween = o.tween;
  AnimationOptions& animation = o.animation;
  const bool puzzles = o.puzzles, make_folders = o.make_folders;
  if (position_file.empty() == log.empty())
    return viewer_fail(kExitUsage, "give a LOG, or --position FILE --game GAME");
  if (!position_file.empty() && position_game.empty()) return viewer_fail(kExitUsage, "--position needs --game GAME");
  if (!position_file.empty()) {
    try {
      log = position_log(position_file, position_game, plugin_dirs).string();
    } catch (const std::exception& e) {
      return viewer_fail(kExitError, std::string("error: ") + e.what());
    }
  }
  if (analysis_threads < 1 || analysis_threads > cores)
    return viewer_fail(kExitUsage, fmt::format("--analysis-threads {}: give 1 to {} (this machine's cores)",
                                        analysis_threads, cores));
  sf::Vector2u size;
  if (!parse_size(o.size_text, size)) return viewer_fail(kExitUsage, "--size: expected WxH between 64 and 8192, e.g. 1280x800");
  const int outputs = !screenshot.empty() + !frames.empty() + !gif.empty() + !webp.empty();
  if (outputs > 1) return viewer_fail(kExitUsage, "--screenshot, --frames, --gif, --webp: give one of them");
  if (o.follow) {
    if (outputs > (screenshot.empty() ? 0 : 1) || ply)
      return viewer_fail(kExitUsage, "--follow shows the newest ply as it comes: not with --ply, --frames, --gif or --webp");
    FollowCommand command{log,       plugin_dirs, o.seat,     o.load,      overlay_list,     select, dump, font_path,
                          export_dir, screenshot, o.idle_exit, antialias, analysis_threads};
    return run_follow(command);
  }
  const bool animates = !gif.empty() || !webp.empty() || (!frames.empty() && tween);
  // Where the outputs go, checked before anything is opened or drawn: a
  // missing folder is named, and made only with --mkdir.
  for (const std::string* file : {&screenshot, &gif, &webp, &dump})
    if (!file->empty() && *file != "-")
      if (const auto problem = prepare_output(*file, OutputKind::File, make_folders)) return viewer_fail(kExitError, *problem);
  if (!frames.empty())
    if (const auto problem = prepare_output(frames, OutputKind::Folder, make_folders)) return viewer_fail(kExitError, *problem);
  if (tween) animation.tween = *tween;

  const bool draws = dump.empty() || outputs > 0;
  const bool window = outputs == 0 && dump.empty();
  FontChoice font_choice;
  if (draws) {
    font_choice = choose_font(font_path);
    if (!font_choice.problem.empty()) return viewer_fail(kExitNoFont, font_choice.problem);
  }

  std::optional<ppb::PuzzleSet> puzzle_set;
  const std::string puzzle_file = puzzles ? log : "";
  int first_puzzle = 0;
  std::filesystem::path progress_path, puzzle_set_file;
  if (puzzles) {
    puzzle_set_file = log;
    try {
      puzzle_set = gamehost::puzzles::read_puzzle_set(log);
      if (puzzle_set->puzzles_size() == 0) throw gamehost::HostError(log + ": holds no puzzles");
      progress_path = o.progress_file.empty() ? gamehost::puzzles::default_progress_path() : std::filesystem::path(o.progress_file);
      const auto progress = gamehost::puzzles::read_progress(progress_path);
      first_puzzle = o.puzzle_number > 0 ? std::min(o.puzzle_number, puzzle_set->puzzles_size()) - 1 : 0;
      while (o.puzzle_number == 0 && first_puzzle + 1 < puzzle_set->puzzles_size() &&
             progress.results.count(puzzle_set->puzzles(first_puzzle).id()) &&
             progress.results.at(puzzle_set->puzzles(first_puzzle).id()))
        ++first_puzzle;
      log = puzzle_source_log(log, puzzle_set->puzzles(first_puzzle)).string();
    } catch (const std::exception& e) {
      return viewer_fail(kExitError, std::string("error: ") + e.what());
    }
  }
  std::unique_ptr<ReplaySession> session;
  std::string error;
  try {
    log = find_log(log);  // a bare name may be an installed sample
    session = ReplaySession::open(log, plugin_dirs, o.seat, o.load);
    if (!session->has_scenes()) throw gamehost::HostError(log + ": this game's plugin draws no scenes (RenderScene)");
    // Every field of the puzzles against the game, as gamehost puzzle checks them.
    if (puzzle_set) gamehost::puzzles::check_puzzle_set(session->plugin(), *puzzle_set, puzzle_file);
    if (ply && (*ply < 0 || *ply > session->plies()))
      throw gamehost::HostError(fmt::format("{}: no ply {}: the log has plies 0..{}", log, *ply, session->plies()));
  } catch (const std::exception& e) {
    error = e.what();
    session.reset();
  }
  // The review: one named with --review must fit the log; one merely found
  // beside the log that does not is skipped with a warning.
  std::unique_ptr<GameReview> review;
  if (session) {
    try {
      review = GameReview::open_for(log, review_file);
    } catch (const std::exception& e) {
      if (!review_file.empty()) return viewer_fail(kExitError, std::string("error: ") + e.what());
      std::fprintf(stderr, "replay-viewer: warning: %s; showing the game without it\n", e.what());
    }
  }
  if (!error.empty()) {
    std::fprintf(stderr, "replay-viewer: error: %s\n", gamehost::clipped_words(error).c_str());
    // In the window the error is shown too, when a display is there.
    if (!window || display_problem()) return kExitError;
  }

  std::optional<std::vector<std::string>> overlays;
  if (session && !overlay_list.empty()) {
    try {
      pb::Scene offered;
      session->render(0, pb::ViewOptions(), offered);
      overlays = parse_overlays(overlay_list, offered);
    } catch (const std::exception& e) {
      return viewer_fail(kExitUsage, std::string("--overlay: ") + e.what());
    }
  }
  const int shown_ply = session ? ply.value_or(window ? 0 : session->plies()) : 0;
  if (session && !variation.empty() && dump.empty()) {
    try {
      AnalysisBoard probe(*session, nullptr);
      open_variation(probe, variation, log);
    } catch (const std::exception& e) {
      return viewer_fail(kExitUsage, e.what());
    }
  }

  std::unique_ptr<PuzzleMode> puzzle_mode;
  if (puzzle_set && session) {
    puzzle_mode = std::make_unique<PuzzleMode>(*session, puzzle_set_file, *puzzle_set, first_puzzle, progress_path);
    if (!dump.empty() && outputs == 0) {
      const std::string text = visible_dump("puzzle\t" + puzzle_mode->heading() + "\n");
      if (dump == "-") std::fwrite(text.data(), 1, text.size(), stdout);
      else if (!(std::ofstream(dump) << text)) return viewer_fail(kExitError, "cannot write " + dump);
      return kExitOk;
    }
  }
  if (!dump.empty() && outputs == 0) {
    try {
      pb::Scene scene;
      // The analysis board's section, when the log has variations (or
      // --variation names one): the position is then that node's.
      AnalysisBoard analysis(*session, nullptr);
      const auto node = open_variation(analysis, variation, log);
      if (node) session->render_state(analysis.state(*node), analysis.tree().node(*node).move.action_id,
                                      initial_view(*session, overlays, select), scene);
      else session->render(shown_ply, initial_view(*session, overlays, select), scene);
      const int panel_ply = node ? analysis.tree().node(analysis.tree().branch_point(*node)).ply : shown_ply;
      if (!node) analysis.go_to(analysis.tree().game_node(shown_ply));
      std::string text = dump_panel(*session, scene, panel_ply,
                                    review ? review_rows(*review, *session, panel_ply) : std::vector<ReviewRow>{},
                                    review.get());
      if (analysis.worth_dumping()) text += analysis.dump();
      text = visible_dump(text);  // no control character from a file reaches a terminal
      if (dump == "-") {
        std::fwrite(text.data(), 1, text.size(), stdout);
      } else {
        std::ofstream out(dump);
        if (!(out << text)) return viewer_fail(kExitError, "cannot write " + dump);
      }
      return kExitOk;
    } catch (const std::exception& e) {
      return viewer_fail(kExitError, e.what());
    }
  }

  if (const auto problem = display_problem()) return viewer_fail(kExitNoDisplay, *problem);
  sf::Font font;
  if (!font.loadFromFile(font_choice.path)) return viewer_fail(kExitNoFont, "cannot load the font " + font_choice.path);

  if (window) {
    WindowOptions window_options;
    window_options.antialias = antialias;
    Application application(window_options);
    if (!session) {
      application.push(std::make_unique<ErrorState>(error, font));
    } else {
      const ReplayStart start{ply, select, overlays, export_dir, review.get()};
      const ReplayModes modes{analysis_threads, variation, position_file};
      std::function<std::unique_ptr<State>(ReplayView&)> mode;
      if (puzzle_mode)
        mode = [&](ReplayView& view) { return std::make_unique<PuzzleState>(std::move(puzzle_mode), view); };
      push_replay_states(application, *session, font, start, modes, mode);
    }
    return application.run();
  }
  try {
    ReplayView view(*session, font);
    if (review) view.set_review(review.get());
    if (overlays) view.set_overlays(*overlays);
    if (!select.empty()) view.select(select, false);
    Offscreen off(size);
    std::string problem;
    if (!screenshot.empty()) {
      view.go_to(shown_ply, false);
      if (puzzle_mode) puzzle_mode->update(view);  // the puzzle's position, as the window opens it
      // The analysis panel too when the log has variations (as the window).
      AnalysisControls analysis(*session, view, font);
      open_variation(analysis.board(), variation, log);
      off.render(view);
      auto& target = off.texture();
      // --position: the board editor as the window opens it.
      PositionEditor editor(*session, view, font);
      if (!position_file.empty() && editor.available()) {
        editor.start(session->state(shown_ply), position_file);
        off.render(view);
        editor.draw(target, pixel_scale_for(target.getSize()));
      } else {
        analysis.sync(pixel_scale_for(target.getSize()));
        analysis.draw(target);
      }
      target.display();
      if (!save_png(target.getTexture().copyToImage(), screenshot, problem)) return viewer_fail(kExitError, problem);
      if (!dump.empty()) {
        // The panel as drawn in the image: its Layout rows say how it fitted.
        const std::string text = visible_dump(
            dump_panel(*session, view.scene(), shown_ply, view.review_rows(), review.get(), &view.panel().fit()));
        if (dump == "-") std::fwrite(text.data(), 1, text.size(), stdout);
        else if (!(std::ofstream(dump) << text)) return viewer_fail(kExitError, "cannot write " + dump);
      }
      return kExitOk;
    }
    if (animates) {
      const AnimationFormat format = !gif.empty() ? AnimationFormat::Gif : !webp.empty() ? AnimationFormat::WebP
                                                                                         : AnimationFormat::Frames;
      const std::string out = !gif.empty() ? gif : !webp.empty() ? webp : frames;
      write_animation(view, session->plies(), off, format, out, animation, o.webp_quality, terminal_progress(out));
      std::printf("wrote %d frames to %s\n", animation_frames(session->plies(), animation), out.c_str());
      return kExitOk;
    }
    for (int p = 0; p <= session->plies(); ++p) {
      view.go_to(p, false);
      const std::string path = (std::filesystem::path(frames) / fmt::format("ply-{:03}.png", p)).string();
      if (!save_png(off.render(view), path, problem)) return viewer_fail(kExitError, problem);
    }
    std::printf("wrote %d frames to %s\n", session->plies() + 1, frames.c_str());
    return kExitOk;
  } catch (const std::exception& e) {
    return viewer_fail(kExitError, e.what());
  }
}
