// Abstract Play's game records for its Alien City ("acity"): the JSON of
// its game-record schema (header with game, players, site, event, round,
// startingPosition; moves as rounds, one entry per player). Mapped to our
// seats and colours as docs/notation.md explains.
#pragma once

#include <string>
#include <vector>

#include "alien_city/records/city_record.h"

namespace alien_city::records {

struct AbstractPlayGame {
  CityGame game;
  std::vector<double> scores;  // Abstract Play's final scores by our seat, when the record gives them
};

// Throws RecordError "FILE: what" for a record it cannot map.
AbstractPlayGame read_abstractplay(const std::string& json, const std::string& file);

}  // namespace alien_city::records
