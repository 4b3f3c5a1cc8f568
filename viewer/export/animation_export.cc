#include "viewer/export/animation_export.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <string>

namespace viewer {

namespace {

// The view as it is now, animations where they are (Offscreen::render
// would finish them).
sf::Image capture(ReplayView& view, Offscreen& off) {
  off.draw(view);
  return off.texture().getTexture().copyToImage();
}

}  // namespace

int animation_frames(int plies, const AnimationOptions& options) { return 1 + plies * (options.tween + 1); }

void export_animation(ReplayView& view, int plies, Offscreen& off, const AnimationOptions& options,
                      FrameSink& sink, const Progress& progress) {
  const int total = animation_frames(plies, options);
  const float step = static_cast<float>(1 / options.fps);
  const int step_ms = static_cast<int>(std::lround(1000 / options.fps));
  int written = 0;
  auto emit = [&](const sf::Image& frame, int ms) {
    sink.add(frame, ms);
    if (progress) progress(++written, total);
  };
  view.go_to(0, false);
  emit(off.render(view), plies == 0 ? options.end_hold_ms : options.hold_ms);
  for (int p = 1; p <= plies; ++p) {
    view.go_to(p, true);
    for (int i = 0; i < options.tween; ++i) {
      view.update(step);
      emit(capture(view, off), step_ms);
    }
    emit(off.render(view), p == plies ? options.end_hold_ms : options.hold_ms);
  }
  sink.finish();
}

void write_animation(ReplayView& view, int plies, Offscreen& off, AnimationFormat format, const std::string& out,
                     const AnimationOptions& options, int webp_quality, const Progress& progress) {
  view.go_to(plies, false);
  const sf::Image last = off.render(view);
  view.go_to(0, false);
  std::unique_ptr<FrameSink> sink = format == AnimationFormat::Gif    ? gif_sink(out, off.render(view), last)
                                    : format == AnimationFormat::WebP ? webp_sink(out, webp_quality)
                                                                      : png_sink(out);
  export_animation(view, plies, off, options, *sink, progress);
}

Progress terminal_progress(const std::string& label) {
  if (!isatty(STDERR_FILENO)) return {};
  return [label](int done, int total) {
    constexpr int kWidth = 30;
    const int filled = total ? done * kWidth / total : kWidth;
    std::fprintf(stderr, "\r%s [%s%s] %d/%d frames", label.c_str(), std::string(filled, '#').c_str(),
                 std::string(kWidth - filled, ' ').c_str(), done, total);
    if (done == total) std::fputc('\n', stderr);
    std::fflush(stderr);
  };
}

}  // namespace viewer
