// Connect Four behind the gamehost interface, written only against the
// plugin kit. Its `Game` (game_adapter.cc) is the glue the kit calls; this header
// holds the two calls too large for that file, which its Game forwards to.
// Seats: 0 = Red (moves first), 1 = Yellow. Action ids: the column, 0..6
// (notation "a".."g").
#pragma once

#include <string>

#include "connect_four/core/state.h"
#include "gamehost/kit/glue.h"

namespace connect_four::plugin {

using namespace gamehost::kit::glue;  // pb::, Outcome, refuse, ...

// Analyze: topic "" (disc counts and the columns that win at once) or
// "score" (the disc counts). analysis.cc
Outcome analyze_position(const State& s, const std::string& topic, pb::AnalyzeResponse& resp);

// ObservationTensor: OpenSpiel's Connect Four layout, shape [3, 6, 7]
// (docs/python.md). tensor.cc
void observation_tensor(const State& s, int seat, pb::ObservationTensorResponse& out);

// RenderScene: the board, the discs, the last and winning ones. scene.cc
// The terminal board, the disc dropped since `before` (if any) in brackets.
void draw_board(const State& s, const State* before, pb::TerminalBoard& out);

void render_scene(const State& s, const pb::ViewOptions& view, pb::Scene& scene);

}  // namespace connect_four::plugin
