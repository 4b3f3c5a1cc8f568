// The Analyze call: streets, lots a build would split or cut off, the score
// breakdown with every route, and "why LOT". Each topic comes as text for
// people and as an alien_city.v1 message for programs.
#include <cctype>

#include "alien_city.pb.h"
#include "alien_city/core/rules.h"
#include "alien_city/core/scoring.h"
#include "alien_city/core/streets.h"
#include "alien_city/core/themes.h"
#include "alien_city/core/notation.h"
#include "game_adapter.h"

namespace alien_city::plugin {
namespace {

std::string lots_text(const std::vector<Lot>& lots) {
  std::string out;
  for (Lot l : lots) out += (out.empty() ? "" : " ") + lot_name(l);
  return out.empty() ? "-" : out;
}

std::vector<Lot> to_vector(LotSet set) {
  std::vector<Lot> out;
  while (set.any()) out.push_back(set.pop_first());
  return out;
}

template <class Field>
void add_lots(const std::vector<Lot>& lots, Field* field) {
  for (Lot l : lots) field->Add(lot_name(l));
}

const char* outcome_name(GreenBonus::Outcome o) {
  switch (o) {
    case GreenBonus::Outcome::Paid: return "paid";
    case GreenBonus::Outcome::NoTower: return "no tower";
    case GreenBonus::Outcome::TooFar: return "too far";
    case GreenBonus::Outcome::Unowned: return "unowned";
    default: return "tie";
  }
}

void fill_breakdown(const ScoreBreakdown& b, v1::ScoreBreakdown& out) {
  for (const TowerScore& t : b.towers) {
    auto& m = *out.add_towers();
    m.set_lot(lot_name(t.lot));
    m.set_piece(std::string(piece_code(t.piece)));
    m.set_owner(std::string(player_name(t.owner)));
    for (const Customer& c : t.customers) {
      auto& cm = *m.add_customers();
      cm.set_lot(lot_name(c.lot));
      cm.set_piece(std::string(piece_code(c.piece)));
      cm.set_distance(c.distance);
      add_lots(c.path, cm.mutable_path());
    }
    if (t.competitor != kNoLot) m.set_competitor(lot_name(t.competitor));
    m.set_competitor_distance(t.competitor_distance);
    add_lots(t.competitor_path, m.mutable_competitor_path());
    m.set_points(t.points);
  }
  for (const GreenBonus& g : b.bonuses) {
    auto& m = *out.add_bonuses();
    m.set_green(lot_name(g.green));
    m.set_colour(std::string(colour_name(g.colour)));
    add_lots(g.nearest, m.mutable_nearest());
    for (const auto& p : g.paths) add_lots(p, m.add_paths()->mutable_lots());
    m.set_distance(g.distance);
    m.set_outcome(outcome_name(g.outcome));
    if (g.owner) m.set_owner(std::string(player_name(*g.owner)));
    m.set_points(g.points);
    m.set_explanation(g.explanation);
  }
  out.set_white(b.totals[index_of(Player::White)]);
  out.set_black(b.totals[index_of(Player::Black)]);
  out.set_final(b.final);
  if (b.final) out.set_winner(b.winner ? std::string(player_name(*b.winner)) : "draw");
}

// The core's breakdown text followed by every route it used.
std::string breakdown_with_routes(const ScoreBreakdown& b) {
  std::string out = breakdown_to_text(b);
  if (b.towers.empty() && b.bonuses.empty()) return out;
  out += "Routes:\n";
  for (const TowerScore& t : b.towers) {
    for (const Customer& c : t.customers)
      out += "  " + lot_name(t.lot) + " -> customer " + lot_name(c.lot) + " (" +
             std::to_string(c.distance) + "): " + lots_text(c.path) + "\n";
    if (t.competitor != kNoLot)
      out += "  " + lot_name(t.lot) + " -> competitor " + lot_name(t.competitor) + " (" +
             std::to_string(t.competitor_distance) + "): " + lots_text(t.competitor_path) + "\n";
  }
  for (const GreenBonus& g : b.bonuses)
    for (std::size_t i = 0; i < g.nearest.size() && i < g.paths.size(); ++i)
      out += "  green " + lot_name(g.green) + " -> " + std::string(colour_name(g.colour)) + " " +
             lot_name(g.nearest[i]) + " (" + std::to_string(g.distance) + "): " + lots_text(g.paths[i]) + "\n";
  return out;
}

Outcome why(const State& s, std::string_view arg, pb::AnalyzeResponse& resp) {
  while (!arg.empty() && std::isspace(static_cast<unsigned char>(arg.front()))) arg.remove_prefix(1);
  while (!arg.empty() && std::isspace(static_cast<unsigned char>(arg.back()))) arg.remove_suffix(1);
  const auto lot = parse_lot(arg);
  if (!lot)
    return refuse(pb::INVALID_ARGUMENT, "'" + std::string(arg) + "' is not a lot (A1..H10)");
  v1::WhyNot w;
  w.set_lot(lot_name(*lot));
  if (s.is_over()) {
    const Error over = rule_error("R6", "the game is over");
    w.set_code(over.code);
    w.set_reason(over.message);
  } else if (auto e = why_not_lot(s, *lot)) {
    w.set_code(e->code);
    w.set_reason(e->message);
  } else {
    w.set_buildable(true);
    const BuildLots b = legal_builds(s, s.to_move());
    for (int p = 0; p < kPieceKinds; ++p)
      if (b.lots[p].contains(*lot)) w.add_pieces(std::string(piece_code(static_cast<Piece>(p))));
  }
  std::string text = w.lot() + ": ";
  if (w.buildable()) {
    text += std::string(player_name(s.to_move())) + " may build";
    for (const auto& p : w.pieces()) text += " " + p;
    if (s.phase() == Phase::Claim) text += " (on their next build)";
  } else {
    text += w.reason();
  }
  resp.set_text(text + "\n");
  pack(w, *resp.mutable_detail());
  return std::nullopt;
}

// "themes MOVE": what the mover's legal decision MOVE does (themes.h), one
// theme a line; for `gamehost puzzles`.
Outcome move_themes(const State& s, std::string_view arg, pb::AnalyzeResponse& resp) {
  while (!arg.empty() && std::isspace(static_cast<unsigned char>(arg.front()))) arg.remove_prefix(1);
  while (!arg.empty() && std::isspace(static_cast<unsigned char>(arg.back()))) arg.remove_suffix(1);
  const auto action = parse_action(arg);
  if (!action) return refuse(pb::INVALID_ARGUMENT, "'" + std::string(arg) + "' is not a move");
  if (auto e = check_action(s, *action)) return refuse(pb::INVALID_ARGUMENT, std::string(arg) + ": " + e->message);
  std::string text;
  for (const auto& t : themes(s, *action)) text += t + "\n";
  resp.set_text(text);
  return std::nullopt;
}

}  // namespace

Outcome analyze_state(const State& s, const std::string& topic, pb::AnalyzeResponse& resp) {
  const ScoreBreakdown b = score_breakdown(s);
  if (topic == "score") {
    v1::ScoreBreakdown m;
    fill_breakdown(b, m);
    resp.set_text(breakdown_with_routes(b));
    pack(m, *resp.mutable_detail());
    return std::nullopt;
  }
  if (topic.rfind("why", 0) == 0 && (topic.size() == 3 || topic[3] == ' '))
    return why(s, std::string_view(topic).substr(3), resp);
  if (topic.rfind("themes ", 0) == 0) return move_themes(s, std::string_view(topic).substr(6), resp);
  if (!topic.empty())
    return refuse(pb::INVALID_ARGUMENT,
                  "unknown analysis topic '" + topic + "' (topics: \"\", score, why LOT, themes MOVE)");

  v1::Analysis a;
  if (!s.is_over()) a.set_to_move(std::string(player_name(s.to_move())));
  a.set_phase(s.phase() == Phase::Build ? "build" : s.phase() == Phase::Claim ? "claim" : "over");
  const auto streets = to_vector(s.streets());
  std::vector<Lot> splitting, isolating;
  // Streets that already break R8 (ruling R17) have no verdicts to give.
  for (Lot l : streets_valid(s) ? streets : std::vector<Lot>{}) {
    const StreetVerdict v = street_verdict(s, l);
    if (v == StreetVerdict::Splits) splitting.push_back(l);
    if (v == StreetVerdict::Isolates) isolating.push_back(l);
  }
  add_lots(streets, a.mutable_streets());
  add_lots(splitting, a.mutable_splitting_lots());
  add_lots(isolating, a.mutable_isolating_lots());
  fill_breakdown(b, *a.mutable_score());

  std::string text = "Streets (" + std::to_string(streets.size()) + "): " + lots_text(streets) + "\n";
  text += "Lots that would split the streets (" + std::to_string(splitting.size()) + "): " + lots_text(splitting) + "\n";
  text += "Lots that would cut a structure off (" + std::to_string(isolating.size()) + "): " + lots_text(isolating) + "\n";
  text += "Score:\n" + breakdown_with_routes(b);
  resp.set_text(std::move(text));
  pack(a, *resp.mutable_detail());
  return std::nullopt;
}

}  // namespace alien_city::plugin
