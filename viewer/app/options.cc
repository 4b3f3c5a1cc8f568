#include "viewer/app/options.h"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <cstdio>
#include <set>

#include "gamehost/base/error.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/base/machine.h"
#include "gamehost/records/variation_tree.h"
#include "viewer/app/keys.h"
#include "viewer/render/environment.h"

namespace viewer {

namespace {

// --tour takes its own few options (and no LOG); the tour's command gets
// those the others share with it.
std::optional<int> tour_options(const CLI::App& app, ViewerOptions& o) {
  static const std::set<std::string> kTourOptions = {"--tour", "--step", "--answer", "--window", "--dump-panel",
                                                     "--screenshot", "--plugins", "--isolate", "--font",
                                                     "--antialias"};
  for (const CLI::Option* option : app.get_options())
    if (option->count() > 0 && !kTourOptions.count(option->get_name()))
      return viewer_fail(kExitUsage, option->get_name() + ": not with --tour");
  TourCommand& t = o.tour_command;
  t.dump = o.dump;
  t.screenshot = o.screenshot;
  t.plugin_dirs = o.plugin_dirs;
  t.load = o.load;
  t.font_path = o.font_path;
  t.antialias = o.antialias;
  return std::nullopt;
}

}  // namespace

int viewer_fail(int code, const std::string& message) {
  std::fflush(stdout);
  // As gamehost's: whatever the message quotes (a --variation argument, a
  // file's text) is clipped and made visible (input_checks.h).
  std::fprintf(stderr, "replay-viewer: %s\n", gamehost::clipped_words(message).c_str());
  return code;
}

std::optional<int> parse_command_line(int argc, char** argv, ViewerOptions& o) {
  CLI::App app{"replay-viewer: step through a recorded game, see why each tower scores (docs/viewer.md)",
               "replay-viewer"};
  app.set_version_flag("--version", std::string("replay-viewer ") + GAMEHOST_VERSION);
  app.add_option("LOG", o.log, "a game log (.ghlog), or the name of an installed sample (e.g. seed-1.ghlog)");
  app.add_option("--position", o.position_file, "open a position file of the game (e.g. an Alien City diagram, "
                 "docs/diagram.md) in the board editor instead of a LOG; Ctrl+S saves it back")
      ->type_name("FILE");
  app.add_option("--game", o.position_game, "with --position: the game of the position, e.g. alien_city");
  app.add_option("--ply", o.ply, "the position after ply N (0 = start; default: the start in the window, "
                               "the end for --screenshot and --dump-panel)");
  app.add_option("--screenshot", o.screenshot, "render one frame offscreen to OUT.png and exit")->type_name("OUT.png");
  app.add_option("--frames", o.frames, "write DIR/ply-NNN.png for every ply 0..end and exit")->type_name("DIR");
  app.add_option("--gif", o.gif, "write the whole game as an animated GIF and exit")->type_name("OUT.gif");
  app.add_option("--webp", o.webp, "write the whole game as an animated WebP and exit")->type_name("OUT.webp");
  app.add_option("--tween", o.tween, "in-between frames per ply for --gif, --webp (default 3) and --frames "
                                   "(then DIR/frame-NNNN.png)")->check(CLI::Range(0, 60));
  app.add_option("--fps", o.animation.fps, "frames per second of the in-between frames (default 12)")
      ->check(CLI::Range(1.0, 60.0));
  app.add_option("--hold", o.animation.hold_ms, "how long each position stays, in ms (default 600; the end 3000)")
      ->check(CLI::Range(20, 60000));
  app.add_option("--webp-quality", o.webp_quality, "lossy quality of --webp, 0-100 (100: lossless; default 80)")
      ->check(CLI::Range(0, 100));
  app.add_option("--size", o.size_text, "image size for --screenshot, --frames, --gif and --webp (default 1280x800)")->type_name("WxH");
  app.add_option("--variation", o.variation, "open at this variation kept beside the log (LOG.ghvars): "
                                           "PLY:MOVE,MOVE,... as the panel lists it")->type_name("PATH")->excludes("--ply");
  app.add_option("--select", o.select, "select this (e.g. a tower's lot: E3) as a click would");
  app.add_option("--overlay", o.overlay_list, "exactly these overlays on: a comma list of the game's overlays "
                                            "(Alien City: streets,legal,paths), all or none")->type_name("LIST");
  app.add_option("--dump-panel", o.dump, "write the side panel as tab-separated text (section, key, value, text) "
                                       "to FILE or - (stdout); needs no display")->type_name("FILE");
  app.add_option("--as", o.seat.as, "see the game as one player saw it: a seat number (1 = --player1) or a name; "
                                  "other players' hidden pieces and draws, and every later draw, stay hidden")
      ->type_name("SEAT");
  app.add_flag("--show-all", o.seat.show_all, "list every draw, also private and future ones, in an unfinished game "
                                            "(a finished game shows them by default)")->excludes("--as");
  app.add_option("--sample-seed", o.seat.sample_seed, "with --as: the seed of the other hands a variation is played "
                                                    "from, drawn as the review draws them (default 1)")
      ->type_name("N");
  app.add_option("--review", o.review_file, "a review of this log by `gamehost review` (default: LOG.ghreview beside "
                                         "the log, when it exists)")->type_name("FILE");
  // One DIR each time (repeat it): a LOG after it stays the LOG.
  app.add_option("--plugins", o.plugin_dirs, "also search DIR for plugins")->type_name("DIR")->allow_extra_args(false);
  o.load.isolate = gamehost::isolate_from_environment();
  app.add_flag("--isolate", o.load.isolate,
               "run the game's plugin in its own process: a plugin that crashes or hangs ends the viewer with a "
               "message naming the plugin and the call instead of taking it down (also GAMEHOST_ISOLATE=1)");
  std::vector<std::string> timeouts;
  app.add_option("--call-timeout", timeouts,
                 "with --isolate: seconds a plugin call may take, S for every call or CALL=S for one, as "
                 "gamehost's; repeatable")
      ->type_name("[CALL=]S")
      ->allow_extra_args(false)  // one value each time: a LOG after it stays the LOG
      ->each([&o](const std::string& t) { gamehost::set_call_timeout(o.load.limits, t); });
  app.add_option("--font", o.font_path, "a TrueType font (default $GAMEHOST_FONT, else DejaVu Sans)")->type_name("TTF");
  app.add_option("--antialias", o.antialias, "multisampling of the window, 0-16 (default: 4, or 0 on a software "
                                          "OpenGL such as llvmpipe)")->check(CLI::Range(0, 16));
  app.add_flag("--mkdir", o.make_folders, "create the missing folders of --screenshot, --frames, --gif, --webp and "
                                        "--dump-panel (without it a missing folder is an error)");
  app.add_option("--export-dir", o.export_dir, "the folder the E key proposes (default: the log's folder when it can "
                                            "be written, else $HOME)")->type_name("DIR");
  app.add_flag("--follow", o.follow, "show the game while another process writes LOG: each new ply within a "
                                   "second, animated; never locks the log (docs/teaching.md)");
  app.add_option("--idle-exit", o.idle_exit, "with --follow --dump-panel: stop after S seconds without a new ply "
                                           "(default 60)")->type_name("S")->check(CLI::Range(0.1, 86400.0));
  TourCommand& tour = o.tour_command;
  app.add_option("--tour", tour.file, "a guided tour of the rules instead of a log (default: the shipped Alien City "
                                      "tour); with --step N, --dump-panel, --answer (docs/teaching.md)")
      ->type_name("[FILE]")->expected(0, 1);
  app.add_option("--step", tour.step, "with --tour: start at step N (1 = the first)")->type_name("N");
  app.add_option("--answer", tour.answers,
                 "with --tour --dump-panel or --screenshot: answer the step's task with TEXT first (a move, or a "
                 "place for a click task); repeatable")
      ->type_name("TEXT");
  app.add_flag("--window", tour.window,
               "with --tour --dump-panel FILE: open the window too, and rewrite FILE after every change");
  // The keys from the table the window's help draws (keys.h), the exit
  // statuses from environment.h's constants; help2man makes them
  // replay-viewer(1)'s KEYS and EXIT STATUS sections.
  app.footer(fmt::format("Keys:\n{}\nExit status:\n  {}    done (window closed, image or panel written)\n"
                         "  {}    the log or review is bad, no such ply, an output cannot be written\n"
                         "  {}    a bad command line (unknown option, bad --size, unknown overlay; --play: unknown game,\n"
                         "        bad agent spec)\n"
                         "  {}    no X display\n  {}    no usable font",
                         keys_help_text(), kExitOk, kExitError, kExitUsage, kExitNoDisplay, kExitNoFont));
  const int cores = gamehost::machine_cores();
  app.add_option("--analysis-threads", o.analysis_threads,
                 fmt::format("search threads of the live engine (Ctrl+L), 1 to this machine's cores ({}); default 1",
                             cores))
      ->type_name("N");
  // --puzzles: LOG is a puzzle set (puzzle_mode.h, docs/teaching.md "Puzzles").
  app.add_flag("--puzzles", o.puzzles, "LOG is a puzzle set (.ghpuz, gamehost puzzles): solve it with clicks "
                                     "(T hint, S solution, N next; docs/teaching.md)");
  app.add_option("--puzzle", o.puzzle_number, "with --puzzles: begin at puzzle N (default: the first not yet solved)")
      ->check(CLI::Range(1, 1000000));
  app.add_option("--progress", o.progress_file, "with --puzzles: the progress file (default as gamehost puzzle's)")
      ->type_name("FILE");
  // --play: a game against an engine in the window (play_command.h, docs/viewer.md "Playing").
  PlayCommand& play = o.play_command;
  app.add_option("--play", play.game, "play GAME against an engine in the window (no LOG): with --against AGENT, "
                                     "--seat N, --seed S, --out LOG")->type_name("GAME");
  app.add_option("--against", play.against, "with --play: the engine's agent spec, as gamehost play's "
                                           "(e.g. random, greedy, mcts:time=1)")->type_name("AGENT");
  app.add_option("--seat", play.seat, "with --play: your seat, 1 or 2 (default 1: you move first)")
      ->type_name("N")->check(CLI::Range(1, 2));
  app.add_option("--seed", play.seed, "with --play: the game's seed (default 0)")->type_name("S");
  app.add_option("--out", play.out, "with --play: the log written as the game goes (default as gamehost play's: "
                                   "games/recorded/GAME-DATE-seedS.ghlog); never overwritten")->type_name("LOG");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kExitOk : kExitUsage;
  } catch (const gamehost::HostError& e) {  // a bad --call-timeout
    return viewer_fail(kExitUsage, e.what());
  }
  if (app.count("--play") > 0) {
    o.play = true;
    if (!o.log.empty()) return viewer_fail(kExitUsage, "--play GAME starts a new game: give no LOG with it");
    if (play.against.empty()) return viewer_fail(kExitUsage, "--play needs --against AGENT (e.g. random, mcts:time=1)");
    for (const char* name : {"--follow", "--puzzles", "--tour", "--position", "--screenshot", "--frames", "--gif",
                             "--webp", "--dump-panel", "--ply", "--variation", "--review", "--as"})
      if (app.count(name) > 0) return viewer_fail(kExitUsage, std::string("--play: not with ") + name);
    play.plugin_dirs = o.plugin_dirs;
    play.font_path = o.font_path;
    play.antialias = o.antialias;
    play.analysis_threads = o.analysis_threads;
    return std::nullopt;
  }
  for (const char* name : {"--against", "--seat", "--seed", "--out"})
    if (app.count(name) > 0) return viewer_fail(kExitUsage, std::string(name) + ": only with --play");
  o.tour = app.count("--tour") > 0;
  if (o.tour) return tour_options(app, o);
  for (const char* name : {"--step", "--answer", "--window"})
    if (app.count(name) > 0) return viewer_fail(kExitUsage, std::string(name) + ": only with --tour");
  if (app.count("--variation") > 0 && o.variation.empty()) {  // as gamehost show: an empty path names nothing
    try {
      gamehost::parse_variation_path(o.variation);
    } catch (const std::exception& e) {
      return viewer_fail(kExitUsage, e.what());
    }
  }
  return std::nullopt;
}

}  // namespace viewer
