// The position `show` and `analyze` look at (position_source.cc): after a
// ply of a log, after a variation of it, or from a position file.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "gamehost/secrets/hidden_sample.h"
#include "gamehost/secrets/record_as_seat.h"

namespace gamehost {

// A position to look at: after ply N of a log, or a position file.
struct Source {
  std::string log;
  std::optional<int> ply;
  std::string game, position;
  std::vector<std::string> options;
  std::string variation;  // show --variation PATH
  // show --variation --as: the seat whose view samples the hidden hands
  // at the branch point (gamehost/secrets/hidden_sample.h), and the seed.
  std::string sample_as;
  std::uint64_t sample_seed = kDefaultSampleSeed;
};

struct Position {
  Plugin* plugin = nullptr;
  std::string state;
  std::string title;
  int ply = 0;
  std::string before;  // the state before the last move (a log's), for the board's mark
};

// --ply, --game, --position, --option and the LOG argument.
void add_source_options(CLI::App* cmd, Source& src);

// Plays `moves` (typed, as `enter` reads them) from p's position; their
// canonical notation, comma-separated. Throws "LABEL: move K (TEXT): why".
std::string play_typed_moves(Position& p, const std::vector<std::string>& moves, const std::string& label);

// The position `src` names, its game found in `registry`.
Position load_position(Registry& registry, const Source& src);

}  // namespace gamehost
