#include "viewer/app/keys.h"

#include <fmt/core.h>

#include <algorithm>
#include <array>

namespace viewer {

namespace {

using W = KeyHelp::When;

// The order of the window's help. (A table laid out by hand: clang-format
// would reflow every row whenever one is added.)
// clang-format off
constexpr std::array kKeys{
    KeyHelp{"← / →", "one ply back / forward"},
    KeyHelp{"Home / End", "the start / the end"},
    KeyHelp{"Space", "autoplay on / off"},
    KeyHelp{"+ / -", "autoplay faster / slower (0.1 s to 5 s per ply)"},
    KeyHelp{"Tab / Shift+Tab", "cycle through what the game lets you select (Alien City: claimed towers, then "
                               "unclaimed green ones)"},
    KeyHelp{"click", "play a move there (a variation on the analysis board); on what the game lets you select, "
                     "select it (click it again, or Esc, to clear); click a move in the list to jump there"},
    KeyHelp{"right click", "select, never play"},
    KeyHelp{"Enter", "type a move (the move box)"},
    KeyHelp{"Ctrl+L", "the engine, live, on / off: its best three moves in the panel and numbered on the board (a click on a number plays it)"},
    KeyHelp{"← / →, Delete, Esc in a variation", "along the variation, remove the shown move, back to the game"},
    KeyHelp{"A to Z", "the game's overlays on / off, a letter each (Alien City: S streets, L legal builds, "
                      "P scoring paths)", W::kOverlays},
    KeyHelp{"N / Shift+N", "the next / previous mistake or blunder of the review", W::kReview},
    KeyHelp{"click the graph", "jump to that ply of the review's evaluation graph", W::kReview},
    KeyHelp{"Ctrl+E", "the board editor on the shown position: click a lot or the strip under the board to "
                      "change it, Ctrl+S save, Ctrl+Z undo, Esc leave (games with an editor: Alien City)"},
    KeyHelp{"E", "save the whole game as an animated GIF or WebP, or this view as a PNG: asks where"},
    KeyHelp{"H or ?", "this help, listing every key"},
    KeyHelp{"Q", "quit (or close the window)"},
    KeyHelp{"hover", "details of what is under the pointer (tooltips come from the game)"},
    KeyHelp{"→ / ← in a tour", "the next / previous step (also Page Down / Page Up)", W::kTour},
    KeyHelp{"click in a tour", "answer the step's task: the move there (a picker when several fit: 1 to 9), or the "
                               "place a click task asks for", W::kTour},
    KeyHelp{"Enter in a tour", "type the answer (a move, e.g. RT@E3, or a lot); Enter checks it, Esc cancels", W::kTour},
    KeyHelp{"R in a tour", "the step's position again", W::kTour},
    KeyHelp{"T while playing", "a hint for your move (--play; --connect where the game allows hints)"},
    KeyHelp{"Ctrl+R while playing",
            "resign a game on a server (--connect); asks first: press it again to resign"},
};
// clang-format on

// Display columns, not bytes: the arrows are one column each.
std::size_t columns(std::string_view s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xc0) != 0x80; }));
}

}  // namespace

std::span<const KeyHelp> key_table() { return kKeys; }

std::string keys_help_text() {
  // A longer key goes on a line of its own, its description under it.
  constexpr std::size_t kWidth = 16;
  std::string out;
  for (const auto& k : kKeys) {
    const std::size_t n = columns(k.keys);
    const std::string gap = n <= kWidth ? std::string(kWidth - n + 2, ' ') : "\n" + std::string(kWidth + 4, ' ');
    out += fmt::format("  {}{}{}{}\n", k.keys, gap, k.does, k.when == W::kReview ? " (with a review)" : "");
  }
  return out;
}

}  // namespace viewer
