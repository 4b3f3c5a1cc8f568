// What the analysis board's tests share (analysis_test.cc,
// engine_board_test.cc): a sample copied where its sidecars may be written,
// the screen point of a hit area, a left click.
#pragma once

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "viewer/analysis/analysis_input.h"
#include "viewer_test_support.h"

namespace viewer_test {

// A copy of a sample in its own folder (the sidecar goes beside it).
inline std::string fresh_copy(const std::string& sample_name, const std::string& dir_name) {
  const auto dir = temp_dir(dir_name);
  const std::filesystem::path log = dir / sample_name;
  std::filesystem::remove(log);
  std::filesystem::remove(log.string() + ".ghvars");
  std::filesystem::remove(log.string() + ".ghvars.damaged");
  std::filesystem::copy_file(sample(sample_name), log);
  return log.string();
}

// Where the hit area `hover` of the shown position lies on screen (logical
// coordinates), at its centre; the areas as the analysis board asks for
// them (City Planning draws its points' areas only then).
inline sf::Vector2f area_centre(viewer::ReplaySession& session, viewer::AnalysisControls& controls,
                         const std::string& hover) {
  gamehost::v1::ViewOptions v;
  v.set_hit_actions(true);
  gamehost::v1::Scene scene;
  session.render_state(controls.board().state(controls.board().current()), std::nullopt, v, scene);
  for (const auto& hit : scene.hits())
    if (hit.hover() == hover) {
      const auto& r = hit.rect();
      return viewer::board_transform(scene).map(r.x() + r.width() / 2, r.y() + r.height() / 2);
    }
  FAIL("no hit area " << hover);
  return {};
}

inline sf::Event left_click() {
  sf::Event e;
  e.type = sf::Event::MouseButtonPressed;
  e.mouseButton.button = sf::Mouse::Left;
  e.mouseButton.x = e.mouseButton.y = 0;  // the logical point is given beside it
  return e;
}

}  // namespace viewer_test
