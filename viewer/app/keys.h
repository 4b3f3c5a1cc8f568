// The viewer's keys and mouse actions, written once: the window's help
// (H or ?), `replay-viewer --help`'s "Keys:" section (and so, through
// help2man, replay-viewer(1)) and docs/viewer.md's Controls table (a test
// compares them) all come from this table.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace viewer {

struct KeyHelp {
  enum class When {
    kAlways,
    kReview,    // only with a review open (the window lists them then)
    kOverlays,  // the game's overlay keys: the window lists each overlay instead
    kTour,      // only in a guided tour (replay-viewer --tour, tour_mode.h)
  };
  std::string_view keys;
  std::string_view does;
  When when = When::kAlways;
};

std::span<const KeyHelp> key_table();

// The table as text for --help: "  KEYS  DOES" lines, the keys padded to
// one column, rows shown only with a review saying so.
std::string keys_help_text();

}  // namespace viewer
