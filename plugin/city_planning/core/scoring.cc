#include "scoring.h"

namespace city_planning {

std::string event_text(const ScoreEvent& e) {
  std::string out = (e.points >= 0 ? "+" : "") + std::to_string(e.points) + " " + player_letter(e.player) + ": ";
  const std::string piece = e.piece == kNone ? "" : piece_name(e.piece);
  using R = ScoreEvent::Reason;
  switch (e.reason) {
    case R::WaitingStones: out += "stones waiting on Zone " + piece + " (ruling C10)"; break;
    case R::Unincorporated: out += "unincorporated Development " + piece + " (ruling C13)"; break;
    case R::ZonedValue: out += "Development " + piece + " on its Zone (ruling C14)"; break;
    case R::NeighbourBonus:
      out += std::string(type_name(suit_of(e.piece))) + " neighbour " + piece + " (ruling C14)";
      break;
    case R::NeighbourPenalty:
      out += std::string(type_name(suit_of(e.piece))) + " neighbour " + piece + " (ruling C14)";
      break;
    case R::OtherTypeRemoved: out += "unincorporated Development " + piece + " rezoned (ruling C11)"; break;
    case R::ZoneRemoved: out += "Zone " + piece + " rezoned (ruling C12)"; break;
    case R::DevelopmentRemoved: out += "Development " + piece + " on a rezoned Zone (ruling C12)"; break;
  }
  return out;
}

int total_points(const ScoreEvents& events) {
  int t = 0;
  for (const ScoreEvent& e : events) t += e.points;
  return t;
}

std::optional<Player> leader(const State& s) {
  if (s.score(Player::A) == s.score(Player::B)) return std::nullopt;
  return s.score(Player::A) > s.score(Player::B) ? Player::A : Player::B;
}

}  // namespace city_planning
