// A whole game as an animation (--gif, --webp, --frames with --tween): the
// start, then for every ply `tween` in-between frames of the viewer's own
// animation (the structure growing in, the street fading out of the
// network, a cap dropping, a selected route being drawn), each 1/fps
// seconds apart, and the settled position held for `hold_ms`.
#pragma once

#include <functional>

#include "viewer/export/frame_sink.h"
#include "viewer/export/headless.h"
#include "viewer/view/replay_view.h"

namespace viewer {

struct AnimationOptions {
  int tween = 3;       // in-between frames per ply
  double fps = 12;     // of the in-between frames
  int hold_ms = 600;   // how long each settled position stays
  int end_hold_ms = 3000;  // ... and the last one
};

// Frames written for a game of `plies` plies.
int animation_frames(int plies, const AnimationOptions& options);

// Called after every frame with (frames written, frames in all).
using Progress = std::function<void(int, int)>;

// Writes the game shown in `view` (its overlays and selection as set) from
// ply 0 to the end into `sink`, rendered by `off`. Throws on a write error.
void export_animation(ReplayView& view, int plies, Offscreen& off, const AnimationOptions& options,
                      FrameSink& sink, const Progress& progress);

enum class AnimationFormat { Gif, WebP, Frames };

// The whole game shown in `view` as `format` at `out` (a file, or a folder
// for Frames): the first and last positions are rendered first (they give
// the GIF its palette), then export_animation. Throws on a write error.
void write_animation(ReplayView& view, int plies, Offscreen& off, AnimationFormat format, const std::string& out,
                     const AnimationOptions& options, int webp_quality, const Progress& progress);

// A progress bar on stderr when it is a terminal ("[#####    ] 120/196"),
// nothing otherwise; `label` names the output.
Progress terminal_progress(const std::string& label);

}  // namespace viewer
