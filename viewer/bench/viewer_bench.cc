// Speed of the replay viewer (docs/performance.md, "Replay viewer"):
//   xvfb-run -a build/bin/viewer_bench [--benchmark_filter=...]
// The log is the longest Alien City sample game (games/samples) unless
// $GAMEHOST_BENCH_LOG names another. The window's multisampling is the
// viewer's default (none on llvmpipe) unless $BENCH_AA gives a level.
//
// - Frame/*: 500 frames at 1280x800 in a real window, every overlay on, a
//   tower selected and a lot hovered; each frame is update + clear + draw +
//   display + glFinish (so the GPU's work, llvmpipe's under Xvfb, counts).
//   Counters p50_ms, p99_ms, max_ms are over those 500 frames, cpu_p50_ms
//   and cpu_p99_ms the process's CPU time a frame (llvmpipe's threads
//   included: the cost whatever the load); "fragments"
//   counts the pixels one frame shades (an occlusion query). "Animating"
//   steps one ply every 8 frames, so most frames blend two scenes.
//   The window's frames copy the board at rest from a texture after its
//   first frame (board_cache.h), as replay-viewer does without
//   multisampling; "Live" draws every layer every frame, for the ratio.
//   "EngineOn/threads:N" is the frame at rest with the live engine (Ctrl+L)
//   searching that position on N threads, its numbered discs and panel drawn.
// - KeyToFrame/*: a step key to the end of the first frame that shows the
//   new ply, with the live engine on (it restarts on every step).
// - Scene/*: the scene of one ply (cycling through the game): through the
//   plugin boundary as the viewer calls it, and the viewer's preparation
//   (tessellation, texts). The scene builder alone, inside the plugin, is
//   timed beside it (plugin/alien_city/bench, alien_city_scene_bench).
// - Start/*: load + verify a whole log; and start to first frame: font,
//   load + verify, the first scenes, one frame drawn and finished (the
//   window or offscreen target exists already).
#define GL_GLEXT_PROTOTYPES  // glBeginQuery (OpenGL 1.5) for the fragment count
#include <GL/gl.h>
#include <GL/glext.h>
#include <benchmark/benchmark.h>

#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/OpenGL.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <memory>
#include <thread>
#include <vector>

#include "viewer/analysis/analysis_input.h"
#include "viewer/render/environment.h"
#include "gamehost/records/game_log.h"
#include "viewer/export/headless.h"
#include "viewer/view/replay_view.h"
#include "viewer/render/palette.h"

namespace {

using Clock = std::chrono::steady_clock;
namespace pb = gamehost::v1;

std::string bench_log() {
  if (const char* env = std::getenv("GAMEHOST_BENCH_LOG"); env && *env) return env;
  std::string best;
  int most = -1;
  for (const auto& e : std::filesystem::directory_iterator(std::string(SOURCE_DIR) + "/games/samples")) {
    if (e.path().extension() != ".ghlog") continue;
    const gamehost::GameLog log = gamehost::read_log(e.path());
    if (log.record.header().game_id() != "alien_city") continue;
    const int plies = log.record.plies_size();
    if (plies > most || (plies == most && e.path().string() < best)) {
      most = plies;
      best = e.path().string();
    }
  }
  return best;
}

const std::string& log_path() {
  static const std::string path = bench_log();
  return path;
}

std::string font_path() { return viewer::choose_font("").path; }

const sf::Font& font() {
  static sf::Font f;
  static bool loaded = f.loadFromFile(font_path());
  (void)loaded;
  return f;
}

// The first claimed tower at the end of the game (for the selection).
std::string a_tower(viewer::ReplaySession& s) {
  pb::Scene scene;
  s.render(s.plies(), pb::ViewOptions(), scene);
  return scene.cycle().empty() ? "" : scene.cycle(0);
}

double at(const std::vector<double>& sorted, double q) {
  return sorted[std::min(sorted.size() - 1, static_cast<std::size_t>(q * sorted.size()))];
}

void report(benchmark::State& state, std::vector<double>& ms) {
  std::sort(ms.begin(), ms.end());
  state.counters["p50_ms"] = at(ms, 0.5);
  state.counters["p99_ms"] = at(ms, 0.99);
  state.counters["max_ms"] = ms.back();
  state.counters["frames"] = static_cast<double>(ms.size());
}

// CPU time of the whole process (llvmpipe's rasteriser threads included),
// in ms: what a frame costs whatever else the machine runs.
double process_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

void report_cpu(benchmark::State& state, std::vector<double>& cpu) {
  std::sort(cpu.begin(), cpu.end());
  state.counters["cpu_p50_ms"] = at(cpu, 0.5);
  state.counters["cpu_p99_ms"] = at(cpu, 0.99);
}

// The view every Frame benchmark draws: every overlay, a tower selected, a
// lot hovered, two thirds into the game, at rest.
void set_up(viewer::ReplayView& view, viewer::ReplaySession& session, sf::Vector2u size) {
  view.set_pixel_scale(viewer::pixel_scale_for(size));
  view.set_overlays({"streets", "legal", "paths"});
  view.go_to(session.plies() * 2 / 3, false);
  view.select(a_tower(session), false);
  view.hover("D5");
  view.finish();
}

// Pixels shaded by `draw` (every fragment: nothing is depth tested).
template <class Draw>
double fragments(Draw&& draw) {
  GLuint query = 0;
  glGenQueries(1, &query);
  glBeginQuery(GL_SAMPLES_PASSED, query);
  draw();
  glEndQuery(GL_SAMPLES_PASSED);
  GLuint n = 0;
  glGetQueryObjectuiv(query, GL_QUERY_RESULT, &n);
  glDeleteQueries(1, &query);
  return n;
}

// The live engine (analysis_input.h) searching the drawn position in its
// background thread(s), its best moves numbered on the board; each frame
// syncs it and draws its discs and panel, as the window does.
struct Engine {
  Engine(viewer::ReplaySession& session, viewer::ReplayView& view, int threads, float pixel_scale)
      : controls(session, view, font()), scale(pixel_scale) {
    controls.set_engine_threads(threads);
    controls.set_engine(true);
    // The first refresh (200 ms), so the discs are there from the first frame.
    for (int i = 0; i < 100 && controls.engine_markers().markers().empty(); ++i) {
      controls.sync(scale);
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  void draw(sf::RenderTarget& target) {
    controls.sync(scale);
    controls.draw(target);
  }
  viewer::AnalysisControls controls;
  float scale;
};

void frames(benchmark::State& state, bool animating, bool cached_board = true, int engine_threads = 0) {
  auto session = viewer::ReplaySession::open(log_path(), {});
  sf::ContextSettings aa;
  // As replay-viewer's window: no multisampling on a software renderer.
  aa.antialiasingLevel = viewer::window_antialiasing(std::getenv("BENCH_AA") ? std::atoi(std::getenv("BENCH_AA")) : -1);
  sf::RenderWindow window(sf::VideoMode(1280, 800), "viewer_bench", sf::Style::Default, aa);
  window.setVerticalSyncEnabled(false);
  window.setView(viewer::letterboxed_view(window.getSize()));
  viewer::ReplayView view(*session, font());
  set_up(view, *session, window.getSize());
  view.set_board_cache(cached_board && window.getSettings().antialiasingLevel == 0);
  std::unique_ptr<Engine> engine;
  if (engine_threads > 0)
    engine = std::make_unique<Engine>(*session, view, engine_threads, viewer::pixel_scale_for(window.getSize()));
  const auto draw = [&] {
    view.draw(window);
    if (engine) engine->draw(window);
  };
  for (int warm = 0; warm < 2; ++warm) {  // the first frame of a scene is live, the second builds the copy
    window.clear(view.background());
    draw();
  }
  window.clear(view.background());
  state.counters["fragments"] = fragments(draw);
  const long copies_before = view.board_copies();
  std::vector<double> ms, cpu;
  ms.reserve(500);
  cpu.reserve(500);
  int frame = 0;
  for (auto _ : state) {
    const auto t0 = Clock::now();
    const double cpu0 = process_cpu_ms();
    if (animating && frame % 8 == 0) view.step((frame / 8) % 2 ? -1 : +1);
    view.update(1.f / 60);
    window.clear(view.background());
    draw();
    window.display();
    glFinish();
    const double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
    state.SetIterationTime(elapsed);
    ms.push_back(elapsed * 1000);
    cpu.push_back(process_cpu_ms() - cpu0);
    ++frame;
  }
  report(state, ms);
  report_cpu(state, cpu);
  state.counters["copied"] = static_cast<double>(view.board_copies() - copies_before);
  state.counters["msaa"] = window.getSettings().antialiasingLevel;
  if (engine) {
    const auto update = engine->controls.engine_update();
    state.counters["engine_iterations"] = static_cast<double>(update.iterations);
    state.counters["engine_refreshes"] = update.refreshes;
    state.counters["discs"] = static_cast<double>(engine->controls.engine_markers().markers().size());
  }
}

// The floor: an empty frame (clear, display, glFinish) in the same window.
void BM_Frame_Empty_1280x800(benchmark::State& state) {
  sf::ContextSettings aa;
  aa.antialiasingLevel = viewer::window_antialiasing(-1);
  sf::RenderWindow window(sf::VideoMode(1280, 800), "viewer_bench", sf::Style::Default, aa);
  std::vector<double> ms;
  for (auto _ : state) {
    const auto t0 = Clock::now();
    window.clear(viewer::kWindowBackground);
    window.display();
    glFinish();
    const double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
    state.SetIterationTime(elapsed);
    ms.push_back(elapsed * 1000);
  }
  report(state, ms);
}
BENCHMARK(BM_Frame_Empty_1280x800)->Iterations(500)->UseManualTime()->Unit(benchmark::kMillisecond);

void BM_Frame_AllOverlays_1280x800(benchmark::State& state) { frames(state, false); }
void BM_Frame_Animating_1280x800(benchmark::State& state) { frames(state, true); }
BENCHMARK(BM_Frame_AllOverlays_1280x800)->Iterations(500)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Frame_Animating_1280x800)->Iterations(500)->UseManualTime()->Unit(benchmark::kMillisecond);
void BM_Frame_AllOverlaysLive_1280x800(benchmark::State& state) { frames(state, false, false); }
BENCHMARK(BM_Frame_AllOverlaysLive_1280x800)->Iterations(500)->UseManualTime()->Unit(benchmark::kMillisecond);

// A frame at rest with the live engine on (Ctrl+L), searching with
// range(0) threads (--analysis-threads): the search competes with the
// frame for the cores.
void BM_Frame_EngineOn_1280x800(benchmark::State& state) {
  frames(state, false, true, static_cast<int>(state.range(0)));
}
BENCHMARK(BM_Frame_EngineOn_1280x800)->Arg(1)->Arg(2)->ArgName("threads")->Iterations(500)->UseManualTime()
    ->Unit(benchmark::kMillisecond);

// Key to frame with the live engine on (issue 43: 0.4-0.7 s a step on a
// loaded machine): from a step key (→ or ←, as the window's handler calls
// view.step) to the end of the first frame that shows the new position
// (the engine restarted on it, its old search let go, the frame drawn,
// displayed and finished). 150 ms between presses, untimed: the search
// runs as it would while someone reads the board. Counters as Frame/*.
void BM_KeyToFrame_EngineOn_1280x800(benchmark::State& state) {
  auto session = viewer::ReplaySession::open(log_path(), {});
  sf::ContextSettings aa;
  aa.antialiasingLevel = viewer::window_antialiasing(-1);
  sf::RenderWindow window(sf::VideoMode(1280, 800), "viewer_bench", sf::Style::Default, aa);
  window.setVerticalSyncEnabled(false);
  window.setView(viewer::letterboxed_view(window.getSize()));
  viewer::ReplayView view(*session, font());
  set_up(view, *session, window.getSize());
  view.set_board_cache(window.getSettings().antialiasingLevel == 0);
  std::unique_ptr<Engine> engine;  // threads:0, the engine off: the step's own cost
  if (state.range(0) > 0)
    engine = std::make_unique<Engine>(*session, view, static_cast<int>(state.range(0)),
                                      viewer::pixel_scale_for(window.getSize()));
  std::vector<double> ms;
  int press = 0;
  for (auto _ : state) {
    const auto t0 = Clock::now();
    view.step(press++ % 2 ? -1 : +1);
    view.update(1.f / 60);
    window.clear(view.background());
    view.draw(window);
    if (engine) engine->draw(window);
    window.display();
    glFinish();
    const double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
    state.SetIterationTime(elapsed);
    ms.push_back(elapsed * 1000);
    state.PauseTiming();
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    view.finish();
    state.ResumeTiming();
  }
  report(state, ms);
}
BENCHMARK(BM_KeyToFrame_EngineOn_1280x800)->Arg(0)->Arg(1)->Arg(2)->ArgName("threads")->Iterations(60)->UseManualTime()
    ->Unit(benchmark::kMillisecond);

// One scene per ply, all overlays on and a tower selected, through the
// RenderScene call (serialising the request and parsing the scene).
void BM_Scene_ThroughPlugin(benchmark::State& state) {
  auto session = viewer::ReplaySession::open(log_path(), {});
  pb::ViewOptions v;
  for (const char* o : {"streets", "legal", "paths"}) v.add_overlays(o);
  v.set_selected(a_tower(*session));
  pb::Scene scene;
  int ply = 0;
  for (auto _ : state) {
    session->render(ply, v, scene);
    benchmark::DoNotOptimize(scene.layers_size());
    ply = (ply + 1) % (session->plies() + 1);
  }
  state.counters["shapes"] = [&] {
    int n = 0;
    for (const auto& l : scene.layers()) n += l.shapes_size();
    return static_cast<double>(n);
  }();
}
BENCHMARK(BM_Scene_ThroughPlugin)->Unit(benchmark::kMicrosecond);

// The viewer's side of a new scene: tessellating shapes, laying out texts.
void BM_Scene_Prepare(benchmark::State& state) {
  auto session = viewer::ReplaySession::open(log_path(), {});
  pb::ViewOptions v;
  for (const char* o : {"streets", "legal", "paths"}) v.add_overlays(o);
  v.set_selected(a_tower(*session));
  pb::Scene scene;
  session->render(session->plies() * 2 / 3, v, scene);
  const viewer::BoardTransform t = viewer::board_transform(scene);
  for (auto _ : state) {
    viewer::PreparedScene prepared(scene, t, font(), 1);
    benchmark::DoNotOptimize(prepared.layers().size());
  }
}
BENCHMARK(BM_Scene_Prepare)->Unit(benchmark::kMicrosecond);

void BM_Start_LoadAndVerify(benchmark::State& state) {
  for (auto _ : state) {
    auto session = viewer::ReplaySession::open(log_path(), {});
    benchmark::DoNotOptimize(session->plies());
  }
  state.counters["plies"] = gamehost::read_log(log_path()).record.plies_size();
}
BENCHMARK(BM_Start_LoadAndVerify)->Unit(benchmark::kMillisecond);

// From nothing loaded to a finished first frame in an existing target: a
// fresh font (cold glyph cache), load + verify, the first scenes, the panel,
// one frame drawn and finished.
void BM_Start_ToFirstFrame(benchmark::State& state) {
  viewer::Offscreen target({1280, 800}, viewer::window_antialiasing(-1));
  const std::string path = font_path();
  for (auto _ : state) {
    sf::Font f;
    f.loadFromFile(path);
    auto session = viewer::ReplaySession::open(log_path(), {});
    viewer::ReplayView view(*session, f);
    view.set_pixel_scale(1);
    target.draw(view);
    glFinish();
  }
}
BENCHMARK(BM_Start_ToFirstFrame)->Unit(benchmark::kMillisecond);

// The same with the font's glyphs already rasterised (a second log opened
// in a running viewer): what the log, the scenes and the frame cost.
void BM_Start_ToFirstFrameWarmFont(benchmark::State& state) {
  viewer::Offscreen target({1280, 800}, viewer::window_antialiasing(-1));
  for (auto _ : state) {
    auto session = viewer::ReplaySession::open(log_path(), {});
    viewer::ReplayView view(*session, font());
    view.set_pixel_scale(1);
    target.draw(view);
    glFinish();
  }
}
BENCHMARK(BM_Start_ToFirstFrameWarmFont)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
  if (const auto problem = viewer::display_problem()) {
    std::fprintf(stderr, "viewer_bench: %s\n", problem->c_str());
    return 3;
  }
  if (!viewer::choose_font("").problem.empty()) {
    std::fprintf(stderr, "viewer_bench: %s\n", viewer::choose_font("").problem.c_str());
    return 4;
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  std::printf("log: %s\n", log_path().c_str());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
