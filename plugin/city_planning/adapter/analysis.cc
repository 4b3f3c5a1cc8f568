// The Analyze call: public information only (a hand appears as its size),
// so a human agent of a hidden-information game may ask for it. Topic ""
// summarises the position; "score" gives both scores and what every Zone
// holds.
#include <algorithm>
#include <bit>

#include "city_planning.pb.h"
#include "city_planning/core/scoring.h"
#include "game_adapter.h"

namespace city_planning::plugin {
namespace {

const char* end_word(EndReason r) {
  switch (r) {
    case EndReason::NoTiles: return "no-tiles";
    case EndReason::EmptyBag: return "empty-bag";
    case EndReason::BothPassed: return "both-passed";
    case EndReason::TurnLimit: return "turn-limit";
    default: return "";
  }
}

void fill_common(const State& s, v1::Analysis& a) {
  a.set_phase(phase_name(s));
  if (const auto p = player_to_decide(s)) a.set_to_move(letter(*p));
  a.set_score_a(s.score(Player::A));
  a.set_score_b(s.score(Player::B));
  const auto lead = leader(s);
  a.set_leader(lead ? letter(*lead) : "draw");
  a.set_end_reason(end_word(end_reason(s)));
  for (PieceMask z = s.zones(); z; z &= z - 1) fill_zone(s, std::countr_zero(z), *a.add_zones());
  for (const FaceUp& f : s.face_up()) {
    auto& fm = *a.add_face_up();
    if (f.tile != kNone) fm.set_tile(piece_name(f.tile));
    fm.set_stones(f.stones);
  }
  a.set_stones(s.stone_count());
  a.set_unincorporated(std::popcount(s.coins_in(CoinPlace::Point)));
  a.set_hand_a(s.hand_size(Player::A));
  a.set_hand_b(s.hand_size(Player::B));
  a.set_bag_size(s.bag_size());
  a.set_unseen_tiles(std::popcount(s.unseen_tiles()));
}

std::string score_text(const v1::Analysis& a) {
  std::string out = "A " + std::to_string(a.score_a()) + ", B " + std::to_string(a.score_b());
  out += a.leader() == "draw" ? " (level)\n" : " (" + a.leader() + " leads)\n";
  if (a.zones_size() == 0) return out + "No Zone on the board.\n";
  out += "Zones:\n";
  for (const auto& z : a.zones()) {
    out += "  " + z.tile() + " " + z.type() + " on " + z.center() + ": ";
    std::string devs;
    for (const auto& d : z.developments()) devs += (devs.empty() ? "" : " ") + d;
    out += (devs.empty() ? "no Development" : "Developments " + devs) + " (developed " +
           std::to_string(z.developed()) + ", capacity left " + std::to_string(z.capacity()) + ")\n";
  }
  return out;
}

}  // namespace

Outcome analyze_state(const State& s, const std::string& topic, pb::AnalyzeResponse& resp) {
  if (!topic.empty() && topic != "score")
    return refuse(pb::INVALID_ARGUMENT, "unknown analysis topic '" + topic + "' (topics: \"\", score)");
  v1::Analysis a;
  fill_common(s, a);
  std::string text;
  if (topic.empty()) {
    text = "Phase: " + a.phase() + (a.to_move().empty() ? "" : ", " + a.to_move() + " to decide") + "\n";
    text += "Turn " + std::to_string(s.turn()) + ", consecutive passes " + std::to_string(s.passes()) + "\n";
    text += "Face up:";
    for (const auto& f : a.face_up())
      text += f.tile().empty() ? " -" : " " + f.tile() + " (" + std::to_string(f.stones()) + " waiting)";
    text += "\nStack: " + std::to_string(a.unseen_tiles()) + " unseen, " + std::to_string(s.returned_count()) +
            " returned; bag: " + std::to_string(a.bag_size()) + " coins\n";
    text += "Hands: A " + std::to_string(a.hand_a()) + " coins, B " + std::to_string(a.hand_b()) + " coins\n";
    text += "Stones: " + std::to_string(a.stones()) + "; unincorporated Developments: " +
            std::to_string(a.unincorporated()) + "\n";
    if (s.is_over()) text += "Over: " + result_line(s) + "\n";
    text += "Score: ";
  }
  text += score_text(a);
  resp.set_text(std::move(text));
  pack(a, *resp.mutable_detail());
  return std::nullopt;
}

}  // namespace city_planning::plugin
