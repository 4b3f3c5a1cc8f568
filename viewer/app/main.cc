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
//
// Order of checks: the command line, the font (when drawing), the log (read
// and verified like `gamehost verify`), then the display. Nothing of SFML
// is created before all of them pass, so SFML never prints or aborts first.
#include <CLI/CLI.hpp>
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
#include "viewer/render/environment.h"
#include "viewer/app/follow_command.h"
#include "viewer/teaching/follow.h"
#include "gamehost/error.h"
#include "gamehost/input_checks.h"
#include "gamehost/transport.h"
#include "gamehost/machine.h"
#include "viewer/export/headless.h"
#include "viewer/app/keys.h"
#include "viewer/analysis/position_editor.h"
#include "viewer/teaching/puzzle_mode.h"
#include "viewer/session/replay_session.h"
#include "viewer/session/review_data.h"
#include "viewer/view/side_panel.h"
#include "viewer/teaching/tour_mode.h"

using namespace viewer;

namespace {

int fail(int code, const std::string& message) {
  std::fflush(stdout);
  // As gamehost's: whatever the message quotes (a --variation argument, a
  // file's text) is clipped and made visible (input_checks.h).
  std::fprintf(stderr, "replay-viewer: %s\n", gamehost::clipped_words(message).c_str());
  return code;
}

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
  if (wants_tour(argc, argv)) return run_tour_command(argc, argv);  // its own options (tour_mode.h)
  CLI::App app{"replay-viewer: step through a recorded game, see why each tower scores (docs/viewer.md)",
               "replay-viewer"};
  app.set_version_flag("--version", std::string("replay-viewer ") + GAMEHOST_VERSION);
  std::string review_file;
  std::string log, screenshot, frames, size_text = "1280x800", select, overlay_list, dump, font_path,
                                       export_dir;
  std::optional<int> ply;
  int antialias = -1;
  std::vector<std::string> plugin_dirs;
  viewer::SeatOptions seat;
  app.add_option("LOG", log, "a game log (.ghlog), or the name of an installed sample (e.g. seed-1.ghlog)");
  std::string position_file, position_game;
  app.add_option("--position", position_file, "open a position file of the game (e.g. an Alien City diagram, "
                 "docs/diagram.md) in the board editor instead of a LOG; Ctrl+S saves it back")
      ->type_name("FILE");
  app.add_option("--game", position_game, "with --position: the game of the position, e.g. alien_city");
  app.add_option("--ply", ply, "the position after ply N (0 = start; default: the start in the window, "
                               "the end for --screenshot and --dump-panel)");
  app.add_option("--screenshot", screenshot, "render one frame offscreen to OUT.png and exit")->type_name("OUT.png");
  app.add_option("--frames", frames, "write DIR/ply-NNN.png for every ply 0..end and exit")->type_name("DIR");
  std::string gif, webp;
  std::optional<int> tween;
  AnimationOptions animation;
  int webp_quality = 80;
  app.add_option("--gif", gif, "write the whole game as an animated GIF and exit")->type_name("OUT.gif");
  app.add_option("--webp", webp, "write the whole game as an animated WebP and exit")->type_name("OUT.webp");
  app.add_option("--tween", tween, "in-between frames per ply for --gif, --webp (default 3) and --frames "
                                   "(then DIR/frame-NNNN.png)")->check(CLI::Range(0, 60));
  app.add_option("--fps", animation.fps, "frames per second of the in-between frames (default 12)")
      ->check(CLI::Range(1.0, 60.0));
  app.add_option("--hold", animation.hold_ms, "how long each position stays, in ms (default 600; the end 3000)")
      ->check(CLI::Range(20, 60000));
  app.add_option("--webp-quality", webp_quality, "lossy quality of --webp, 0-100 (100: lossless; default 80)")
      ->check(CLI::Range(0, 100));
  app.add_option("--size", size_text, "image size for --screenshot, --frames, --gif and --webp (default 1280x800)")->type_name("WxH");
  std::string variation;
  app.add_option("--variation", variation, "open at this variation kept beside the log (LOG.ghvars): "
                                           "PLY:MOVE,MOVE,... as the panel lists it")->type_name("PATH")->excludes("--ply");
  app.add_option("--select", select, "select this (e.g. a tower's lot: E3) as a click would");
  app.add_option("--overlay", overlay_list, "exactly these overlays on: a comma list of the game's overlays "
                                            "(Alien City: streets,legal,paths), all or none")->type_name("LIST");
  app.add_option("--dump-panel", dump, "write the side panel as tab-separated text (section, key, value, text) "
                                       "to FILE or - (stdout); needs no display")->type_name("FILE");
  app.add_option("--as", seat.as, "see the game as one player saw it: a seat number (1 = --player1) or a name; "
                                  "other players' hidden pieces and draws, and every later draw, stay hidden")
      ->type_name("SEAT");
  app.add_flag("--show-all", seat.show_all, "list every draw, also private and future ones, in an unfinished game "
                                            "(a finished game shows them by default)")->excludes("--as");
  app.add_option("--sample-seed", seat.sample_seed, "with --as: the seed of the other hands a variation is played "
                                                    "from, drawn as the review draws them (default 1)")
      ->type_name("N");
  app.add_option("--review", review_file, "a review of this log by `gamehost review` (default: LOG.ghreview beside "
                                         "the log, when it exists)")->type_name("FILE");
  // One DIR each time (repeat it): a LOG after it stays the LOG.
  app.add_option("--plugins", plugin_dirs, "also search DIR for plugins")->type_name("DIR")->allow_extra_args(false);
  gamehost::LoadOptions load;
  load.isolate = gamehost::isolate_from_environment();
  app.add_flag("--isolate", load.isolate,
               "run the game's plugin in its own process: a plugin that crashes or hangs ends the viewer with a "
               "message naming the plugin and the call instead of taking it down (also GAMEHOST_ISOLATE=1)");
  std::vector<std::string> timeouts;
  app.add_option("--call-timeout", timeouts,
                 "with --isolate: seconds a plugin call may take, S for every call or CALL=S for one, as "
                 "gamehost's; repeatable")
      ->type_name("[CALL=]S")
      ->allow_extra_args(false)  // one value each time: a LOG after it stays the LOG
      ->each([&load](const std::string& t) { gamehost::set_call_timeout(load.limits, t); });
  app.add_option("--font", font_path, "a TrueType font (default $GAMEHOST_FONT, else DejaVu Sans)")->type_name("TTF");
  app.add_option("--antialias", antialias, "multisampling of the window, 0-16 (default: 4, or 0 on a software "
                                          "OpenGL such as llvmpipe)")->check(CLI::Range(0, 16));
  bool make_folders = false;
  app.add_flag("--mkdir", make_folders, "create the missing folders of --screenshot, --frames, --gif, --webp and "
                                        "--dump-panel (without it a missing folder is an error)");
  app.add_option("--export-dir", export_dir, "the folder the E key proposes (default: the log's folder when it can "
                                            "be written, else $HOME)")->type_name("DIR");
  bool follow = false;
  float idle_exit = 60;
  app.add_flag("--follow", follow, "show the game while another process writes LOG: each new ply within a "
                                   "second, animated; never locks the log (docs/teaching.md)");
  app.add_option("--idle-exit", idle_exit, "with --follow --dump-panel: stop after S seconds without a new ply "
                                           "(default 60)")->type_name("S")->check(CLI::Range(0.1, 86400.0));
  std::string tour_help;  // read by run_tour_command() before this parser runs; listed for --help
  app.add_option("--tour", tour_help, "a guided tour of the rules instead of a log (default: the shipped Alien City "
                                      "tour); with --step N, --dump-panel, --answer (docs/teaching.md)")
      ->type_name("[FILE]")->expected(0, 1);
  // The keys from the table the window's help draws (keys.h), the exit
  // statuses from environment.h's constants; help2man makes them
  // replay-viewer(1)'s KEYS and EXIT STATUS sections.
  app.footer(fmt::format("Keys:\n{}\nExit status:\n  {}    done (window closed, image or panel written)\n"
                         "  {}    the log or review is bad, no such ply, an output cannot be written\n"
                         "  {}    a bad command line (unknown option, bad --size, unknown overlay)\n"
                         "  {}    no X display\n  {}    no usable font",
                         keys_help_text(), kExitOk, kExitError, kExitUsage, kExitNoDisplay, kExitNoFont));
  int analysis_threads = 1;
  const int cores = gamehost::machine_cores();
  app.add_option("--analysis-threads", analysis_threads,
                 fmt::format("search threads of the live engine (Ctrl+L), 1 to this machine's cores ({}); default 1",
                             cores))
      ->type_name("N");
  // --puzzles: LOG is a puzzle set (puzzle_mode.h, docs/teaching.md "Puzzles").
  bool puzzles = false;
  int puzzle_number = 0;
  std::string progress_file;
  app.add_flag("--puzzles", puzzles, "LOG is a puzzle set (.ghpuz, gamehost puzzles): solve it with clicks "
                                     "(T hint, S solution, N next; docs/teaching.md)");
  app.add_option("--puzzle", puzzle_number, "with --puzzles: begin at puzzle N (default: the first not yet solved)")
      ->check(CLI::Range(1, 1000000));
  app.add_option("--progress", progress_file, "with --puzzles: the progress file (default as gamehost puzzle's)")
      ->type_name("FILE");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kExitOk : kExitUsage;
  } catch (const gamehost::HostError& e) {  // a bad --call-timeout
    return fail(kExitUsage, e.what());
  }
  if (app.count("--variation") > 0 && variation.empty()) {  // as gamehost show: an empty path names nothing
    try {
      gamehost::parse_variation_path(variation);
    } catch (const std::exception& e) {
      return fail(kExitUsage, e.what());
    }
  }
  if (position_file.empty() == log.empty())
    return fail(kExitUsage, "give a LOG, or --position FILE --game GAME");
  if (!position_file.empty() && position_game.empty()) return fail(kExitUsage, "--position needs --game GAME");
  if (!position_file.empty()) {
    try {
      log = position_log(position_file, position_game, plugin_dirs).string();
    } catch (const std::exception& e) {
      return fail(kExitError, std::string("error: ") + e.what());
    }
  }
  if (analysis_threads < 1 || analysis_threads > cores)
    return fail(kExitUsage, fmt::format("--analysis-threads {}: give 1 to {} (this machine's cores)",
                                        analysis_threads, cores));
  sf::Vector2u size;
  if (!parse_size(size_text, size)) return fail(kExitUsage, "--size: expected WxH between 64 and 8192, e.g. 1280x800");
  const int outputs = !screenshot.empty() + !frames.empty() + !gif.empty() + !webp.empty();
  if (outputs > 1) return fail(kExitUsage, "--screenshot, --frames, --gif, --webp: give one of them");
  if (follow) {
    if (outputs > (screenshot.empty() ? 0 : 1) || ply)
      return fail(kExitUsage, "--follow shows the newest ply as it comes: not with --ply, --frames, --gif or --webp");
    FollowCommand command{log, plugin_dirs, seat, load, overlay_list, select, dump, font_path, export_dir, screenshot,
                          idle_exit, antialias, analysis_threads};
    return run_follow(command);
  }
  const bool animates = !gif.empty() || !webp.empty() || (!frames.empty() && tween);
  // Where the outputs go, checked before anything is opened or drawn: a
  // missing folder is named, and made only with --mkdir.
  for (const std::string* file : {&screenshot, &gif, &webp, &dump})
    if (!file->empty() && *file != "-")
      if (const auto problem = prepare_output(*file, OutputKind::File, make_folders)) return fail(kExitError, *problem);
  if (!frames.empty())
    if (const auto problem = prepare_output(frames, OutputKind::Folder, make_folders)) return fail(kExitError, *problem);
  if (tween) animation.tween = *tween;

  const bool draws = dump.empty() || outputs > 0;
  const bool window = outputs == 0 && dump.empty();
  FontChoice font_choice;
  if (draws) {
    font_choice = choose_font(font_path);
    if (!font_choice.problem.empty()) return fail(kExitNoFont, font_choice.problem);
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
      progress_path = progress_file.empty() ? gamehost::puzzles::default_progress_path() : std::filesystem::path(progress_file);
      const auto progress = gamehost::puzzles::read_progress(progress_path);
      first_puzzle = puzzle_number > 0 ? std::min(puzzle_number, puzzle_set->puzzles_size()) - 1 : 0;
      while (puzzle_number == 0 && first_puzzle + 1 < puzzle_set->puzzles_size() &&
             progress.results.count(puzzle_set->puzzles(first_puzzle).id()) &&
             progress.results.at(puzzle_set->puzzles(first_puzzle).id()))
        ++first_puzzle;
      log = puzzle_source_log(log, puzzle_set->puzzles(first_puzzle)).string();
    } catch (const std::exception& e) {
      return fail(kExitError, std::string("error: ") + e.what());
    }
  }
  std::unique_ptr<ReplaySession> session;
  std::string error;
  try {
    log = find_log(log);  // a bare name may be an installed sample
    session = ReplaySession::open(log, plugin_dirs, seat, load);
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
      if (!review_file.empty()) return fail(kExitError, std::string("error: ") + e.what());
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
      return fail(kExitUsage, std::string("--overlay: ") + e.what());
    }
  }
  const int shown_ply = session ? ply.value_or(window ? 0 : session->plies()) : 0;
  if (session && !variation.empty() && dump.empty()) {
    try {
      AnalysisBoard probe(*session, nullptr);
      open_variation(probe, variation, log);
    } catch (const std::exception& e) {
      return fail(kExitUsage, e.what());
    }
  }

  std::unique_ptr<PuzzleMode> puzzle_mode;
  if (puzzle_set && session) {
    puzzle_mode = std::make_unique<PuzzleMode>(*session, puzzle_set_file, *puzzle_set, first_puzzle, progress_path);
    if (!dump.empty() && outputs == 0) {
      const std::string text = visible_dump("puzzle\t" + puzzle_mode->heading() + "\n");
      if (dump == "-") std::fwrite(text.data(), 1, text.size(), stdout);
      else if (!(std::ofstream(dump) << text)) return fail(kExitError, "cannot write " + dump);
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
        if (!(out << text)) return fail(kExitError, "cannot write " + dump);
      }
      return kExitOk;
    } catch (const std::exception& e) {
      return fail(kExitError, e.what());
    }
  }

  if (const auto problem = display_problem()) return fail(kExitNoDisplay, *problem);
  sf::Font font;
  if (!font.loadFromFile(font_choice.path)) return fail(kExitNoFont, "cannot load the font " + font_choice.path);

  if (window) {
    StartOptions start{ply, select, overlays, export_dir, antialias, review.get(), variation, {}};
    start.analysis_threads = analysis_threads;
    start.position_file = position_file;
    if (puzzle_mode) {
      start.on_update = [&](ReplayView& v, float) { return puzzle_mode->update(v); };
      start.on_event = [&](ReplayView& v, const sf::Event& e, sf::Vector2f at) { return puzzle_mode->handle(v, e, at); };
    }
    Application application(session.get(), error, font, start);
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
      if (!save_png(target.getTexture().copyToImage(), screenshot, problem)) return fail(kExitError, problem);
      if (!dump.empty()) {
        // The panel as drawn in the image: its Layout rows say how it fitted.
        const std::string text = visible_dump(
            dump_panel(*session, view.scene(), shown_ply, view.review_rows(), review.get(), &view.panel().fit()));
        if (dump == "-") std::fwrite(text.data(), 1, text.size(), stdout);
        else if (!(std::ofstream(dump) << text)) return fail(kExitError, "cannot write " + dump);
      }
      return kExitOk;
    }
    if (animates) {
      const AnimationFormat format = !gif.empty() ? AnimationFormat::Gif : !webp.empty() ? AnimationFormat::WebP
                                                                                         : AnimationFormat::Frames;
      const std::string out = !gif.empty() ? gif : !webp.empty() ? webp : frames;
      write_animation(view, session->plies(), off, format, out, animation, webp_quality, terminal_progress(out));
      std::printf("wrote %d frames to %s\n", animation_frames(session->plies(), animation), out.c_str());
      return kExitOk;
    }
    for (int p = 0; p <= session->plies(); ++p) {
      view.go_to(p, false);
      const std::string path = (std::filesystem::path(frames) / fmt::format("ply-{:03}.png", p)).string();
      if (!save_png(off.render(view), path, problem)) return fail(kExitError, problem);
    }
    std::printf("wrote %d frames to %s\n", session->plies() + 1, frames.c_str());
    return kExitOk;
  } catch (const std::exception& e) {
    return fail(kExitError, e.what());
  }
}
