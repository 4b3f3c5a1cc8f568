// Puzzle set files (.ghpuz): a PuzzleSet (puzzles.proto) in protobuf text
// format, written whole in one rename (output_file.h) and read back
// trusting nothing: every error names the file and the line.
#pragma once

#include <filesystem>
#include <string>

#include "gamehost/calls/plugin.h"
#include "gamehost/puzzles/puzzles.pb.h"
#include "gamehost/calls/registry.h"

namespace gamehost::puzzles {

namespace ppb = gamehost::puzzles::v1;

inline constexpr std::uint32_t kPuzzleFormatVersion = 1;

// The file's text: a comment line naming the format, then the set.
std::string puzzle_set_text(const ppb::PuzzleSet& set);

// Writes `set` to `path` (replacing it only with `overwrite`).
void write_puzzle_set(const std::filesystem::path& path, const ppb::PuzzleSet& set, bool overwrite);

// Reads and checks a set: text format, format_version 1, a game, and in
// every puzzle a state, a line whose first step is the puzzle's seat's with
// its best move among its moves. Throws HostError "FILE: line L, column C:
// what" for text that does not parse, "FILE: puzzle K (ID): what" for a
// puzzle that makes no sense.
ppb::PuzzleSet read_puzzle_set(const std::filesystem::path& path);
// The same for a set's text, named `file` in errors (the reader the fuzzer
// feeds, tests/fuzz/puzzle_file_fuzz.cc).
ppb::PuzzleSet parse_puzzle_set(const std::string& text, const std::string& file);

// The plugin of the set's game; an unknown one is "FILE: game_id 'X': why".
Plugin& puzzle_plugin(Registry& registry, const ppb::PuzzleSet& set, const std::string& file);

// Checks every field of every puzzle against the game (puzzle_check.cc):
// the game is the set's, the state is one the game reads, the seat is the
// one to move there and `side` its name, the difficulty easy, medium or
// hard, every step's seat the one to move, every move legal with the
// game's own notation, `best` the notation of `best_action`, and every
// value a finite number. Throws HostError "FILE: puzzle K (ID): FIELD:
// what" (the texts quoted clipped and visible).
void check_puzzle_set(Plugin& plugin, const ppb::PuzzleSet& set, const std::string& file);

}  // namespace gamehost::puzzles
