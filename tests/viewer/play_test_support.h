// What the window tests of played games share (play_window_test.cc,
// connect_window_test.cc): the plies of a log as it grows, a text awaited in
// a file, and where a Connect Four column lies in the 1280x800 window.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "viewer/analysis/analysis_board.h"
#include "viewer/session/replay_session.h"
#include "viewer/teaching/follow.h"
#include "viewer/view/replay_view.h"
#include "viewer_test_support.h"

namespace viewer_test {

// The plies of `log` as written now (whole records only).
inline std::vector<std::uint32_t> plies_of(const std::filesystem::path& log) {
  std::vector<std::uint32_t> actions;
  if (const auto read = viewer::read_whole_records(log))
    for (const auto& ply : read->record.plies()) actions.push_back(ply.action_id());
  return actions;
}

// Waits (up to `seconds`) until `log` holds at least `plies` plies; the plies then.
inline std::vector<std::uint32_t> wait_for_plies(const std::filesystem::path& log, std::size_t plies,
                                                 double seconds = 20) {
  std::vector<std::uint32_t> now;
  for (int i = 0; i < seconds * 20; ++i) {
    now = plies_of(log);
    if (now.size() >= plies) break;
    usleep(50000);
  }
  return now;
}

// Waits (up to `seconds`) until `file` holds `text`; whether it does.
inline bool wait_for_text(const std::filesystem::path& file, const std::string& text, double seconds = 30) {
  for (int i = 0; i < seconds * 20; ++i) {
    if (read_file(file).find(text) != std::string::npos) return true;
    usleep(50000);
  }
  return false;
}

// Where column `col`'s hit area lies in the 1280x800 window.
inline sf::Vector2f column_point(const std::filesystem::path& log, int col) {
  auto session = viewer::ReplaySession::open(log, {});
  gamehost::v1::ViewOptions v;
  v.set_hit_actions(true);
  gamehost::v1::Scene scene;
  session->render(0, v, scene);
  REQUIRE(scene.hits_size() == 7);
  const auto& r = scene.hits(col).rect();
  return viewer::board_transform(scene).map(r.x() + r.width() / 2, r.y() + r.height() / 2);
}

}  // namespace viewer_test
