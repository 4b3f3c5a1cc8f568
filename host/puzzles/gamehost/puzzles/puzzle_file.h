// Puzzle set files (.ghpuz): a PuzzleSet (puzzles.proto) in protobuf text
// format, written whole in one rename (output_file.h) and read back
// trusting nothing: every error names the file and the line.
#pragma once

#include <filesystem>
#include <string>

#include "gamehost/puzzles/puzzles.pb.h"

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

}  // namespace gamehost::puzzles
