// Score events and the result (C10-C14, C18). Every change of a score is
// one ScoreEvent, so a log or a test can check that the scores are exactly
// the sum of what happened.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "pieces.h"
#include "state.h"

namespace city_planning {

struct ScoreEvent {
  enum class Reason : std::uint8_t {
    WaitingStones,        // C10: stones waiting on the Zone placed (+n)
    Unincorporated,       // C13: an unincorporated Development (+1)
    ZonedValue,           // C14: the value, capped at the remaining capacity
    NeighbourBonus,       // C14: best Development on a beneficial neighbour (+)
    NeighbourPenalty,     // C14: best Development on a detrimental neighbour (-)
    OtherTypeRemoved,     // C11: unincorporated Development of another type (-2)
    ZoneRemoved,          // C12: a rezoned Zone's value (-)
    DevelopmentRemoved,   // C12: a Development on a rezoned Zone (-)
  };
  Player player = Player::A;
  int points = 0;
  Reason reason = Reason::WaitingStones;
  int piece = kNone;  // the tile or coin the event is about
  friend bool operator==(const ScoreEvent&, const ScoreEvent&) = default;
};
using ScoreEvents = std::vector<ScoreEvent>;

// "+5 A: Commercial neighbour M5 (C14)".
std::string event_text(const ScoreEvent& e);
int total_points(const ScoreEvents& events);

// C18: the player with the higher score, nullopt for equal scores.
std::optional<Player> leader(const State& s);

}  // namespace city_planning
