// The Analyze call: the discs each player has and the columns where each
// would win at once (topic ""), or just the disc counts (topic "score",
// which the host prints after a game). Text only: Connect Four has no
// payload messages.
#include <bit>

#include "connect_four/core/notation.h"
#include "game_adapter.h"

namespace connect_four::plugin {
namespace {

// The columns where `p` dropping next would make four, as "c e" or "-".
std::string winning_columns(const State& s, Player p) {
  std::string out;
  const Bitboard threats = threat_cells(s, p);
  for (int col = 0; col < kCols; ++col)
    if (s.can_drop(col) && (threats & cell_bit(col, s.height(col)))) out += (out.empty() ? "" : " ") + column_name(col);
  return out.empty() ? "-" : out;
}

std::string disc_counts(const State& s) {
  std::string out;
  for (Player p : {Player::Red, Player::Yellow})
    out += "  " + std::string(player_name(p)) + ": " + std::to_string(std::popcount(s.discs(p))) + " discs\n";
  return out;
}

}  // namespace

Outcome analyze_position(const State& s, const std::string& topic, pb::AnalyzeResponse& resp) {
  if (topic == "score") {
    resp.set_text(disc_counts(s));
    return std::nullopt;
  }
  if (!topic.empty())
    return gamehost::kit::refuse(pb::INVALID_ARGUMENT,
                                 "unknown analysis topic '" + topic + "' (topics: \"\", score)");
  std::string text = disc_counts(s);
  for (Player p : {Player::Red, Player::Yellow})
    text += "  " + std::string(player_name(p)) + " wins at once in: " + winning_columns(s, p) + "\n";
  resp.set_text(text);
  return std::nullopt;
}

}  // namespace connect_four::plugin
