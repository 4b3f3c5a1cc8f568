// The Alien City scene builder alone, inside the plugin's code and without
// the call boundary (docs/performance.md, "Replay viewer", BM_Scene_InPlugin;
// the viewer's own figures, through the module, are in viewer/bench):
//   build/bin/alien_city_scene_bench
// The scene of every ply of one random game (seed 1) in turn, with every
// overlay on and the first claimed tower of the final position selected.
#include <benchmark/benchmark.h>

#include <vector>

#include "alien_city/core/notation.h"
#include "alien_city/core/playout.h"
#include "alien_city/core/rules.h"
#include "alien_city/core/setup.h"
#include "scene_builder.h"

namespace ac = alien_city;
namespace pb = gamehost::v1;

namespace {

void BM_Scene_InPlugin(benchmark::State& st) {
  std::vector<ac::State> states;
  ac::State s(ac::balanced_layout(1));
  ac::Rng rng(1);
  states.push_back(s);
  while (!s.is_over()) {
    ac::apply_unchecked(s, ac::random_action(s, rng));
    states.push_back(s);
  }
  pb::ViewOptions v;
  for (const char* o : {"streets", "legal", "paths"}) v.add_overlays(o);
  for (ac::Lot l : s.towers())
    if (s.claimed_by(l)) {
      v.set_selected(ac::lot_name(l));
      break;
    }
  const auto view = ac::plugin::decode_view(v);
  pb::Scene scene;
  std::size_t i = 0;
  for (auto _ : st) {
    ac::plugin::build_scene(states[i], view, scene);
    benchmark::DoNotOptimize(scene.layers_size());
    i = (i + 1) % states.size();
  }
}
BENCHMARK(BM_Scene_InPlugin)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
