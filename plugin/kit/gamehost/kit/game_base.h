// What a game's `Game` class for the kit (adapter.h) starts from, so that it
// holds only its game's glue: the state type and the core's byte codec, the
// per-seat values, and the small pieces every game's glue words the same
// way. A game writes, in the one source file that defines its calls:
//
//   struct Game : gamehost::kit::GameBase<connect_four::State, deserialize, serialize> {
//     static constexpr const char* kId = "connect_four";
//     static void describe(pb::GameInfo& info) { ... }
//     ...  // start, fill_info, apply, parse_action and its optional calls
//   };
//   GAMEHOST_PLUGIN_ENTRY(connect_four::plugin::Game)   // entry.h
//
// and, in other files, only the parts too large for that one (a scene, an
// analysis) as plain functions its calls forward to.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>

#include "common/expected.h"
#include "gamehost.pb.h"

namespace gamehost::kit {

namespace pb = gamehost::v1;

// `Decode` is the core's `gamecore::Expected<S> (const std::string&)`,
// `Encode` its `std::string (const S&)`.
template <class S, auto Decode, auto Encode, std::size_t Seats = 2>
struct GameBase {
  using State = S;
  using Values = std::array<double, Seats>;  // one number per seat, in seat order

  static gamecore::Expected<State> decode(const std::string& bytes) { return Decode(bytes); }
  static std::string encode(const State& s) { return Encode(s); }
};

// Two seats' returns from the sign of seat 0's margin: a win +1 / -1, a draw 0.
inline std::array<double, 2> zero_sum(int sign) { return {static_cast<double>(sign), static_cast<double>(-sign)}; }

// An evaluation from seat 0's margin: margin / scale squashed into (-1, 1),
// the range of the returns, so a search can mix it with finished games.
inline std::array<double, 2> squashed_margin(double margin, double scale) {
  const double m = margin / scale;
  const double v = m / (1.0 + (m < 0 ? -m : m));
  return {v, -v};
}

// What every describe states first (GameInfo's fields of the same names).
struct Identity {
  const char* id;
  const char* name;
  const char* version;
  std::initializer_list<const char*> players;  // in seat order
  std::uint32_t action_id_bound;               // ids are 0 .. bound-1
  std::uint32_t max_plies;                     // no game is longer
};

inline void set_identity(pb::GameInfo& info, const Identity& game) {
  info.set_id(game.id);
  info.set_name(game.name);
  info.set_version(game.version);
  for (const char* p : game.players) info.add_player_names(p);
  info.set_action_id_bound(game.action_id_bound);
  info.set_max_plies(game.max_plies);
}

}  // namespace gamehost::kit
