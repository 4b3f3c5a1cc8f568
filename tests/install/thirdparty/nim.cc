// Nim on one pile of 10 stones: each turn takes 1, 2 or 3; who takes the
// last stone wins. A whole game plugin written only against the installed
// kit (gamehost/kit/entry.h), as a third party would write one.
#include <array>
#include <cstdint>
#include <string>

#include "gamehost/kit/entry.h"

namespace nim {

namespace pb = gamehost::v1;
using gamehost::kit::Outcome;
using gamehost::kit::refuse;

struct State {
  int pile = 10;
  int to_move = 0;  // seat 0 or 1; after the last take, the winner is the other
};

struct Game {
  static constexpr const char* kId = "nim";
  using State = nim::State;

  static gamecore::Expected<State> decode(const std::string& bytes) {
    if (bytes.size() != 2 || bytes[0] < 0 || bytes[0] > 10 || (bytes[1] != 0 && bytes[1] != 1))
      return gamecore::Error{"N1", "not a Nim state"};
    return State{bytes[0], bytes[1]};
  }
  static std::string encode(const State& s) { return {static_cast<char>(s.pile), static_cast<char>(s.to_move)}; }

  static void describe(pb::GameInfo& info) {
    info.set_id(kId);
    info.set_name("Nim");
    info.set_version("1.0.0");
    info.add_player_names("First");
    info.add_player_names("Second");
    info.set_action_id_bound(3);
    info.set_max_plies(10);
    (*info.mutable_analysis_topics())["score"] = "the stones left";
  }

  gamecore::Expected<State> start(const gamehost::kit::Options&, std::uint64_t, std::string& setup) {
    setup = "one pile of 10 stones";
    return State{};
  }

  void fill_info(const State& s, const pb::QueryFlags& flags, pb::StateInfo& info) {
    const bool over = s.pile == 0;
    info.set_to_move(over ? -2 : s.to_move);
    info.set_phase(over ? "over" : "play");
    info.set_terminal(over);
    for (int take = 1; take <= 3 && take <= s.pile; ++take) {
      if (flags.legal_ids()) info.add_legal_ids(static_cast<std::uint32_t>(take - 1));
      if (flags.legal_details()) describe_take(take, *info.add_legal());
    }
    if (over) {
      const int winner = 1 - s.to_move;
      info.add_returns(winner == 0 ? 1 : -1);
      info.add_returns(winner == 1 ? 1 : -1);
      info.set_result(winner == 0 ? "First takes the last stone and wins" : "Second takes the last stone and wins");
    }
    if (flags.text()) info.set_text(std::to_string(s.pile) + " stones left\n");
  }

  Outcome apply(State& s, std::uint32_t id, pb::ActionInfo* described) {
    const int take = static_cast<int>(id) + 1;
    if (id > 2) return gamehost::kit::unknown_action(id, "a Nim", 3);
    if (take > s.pile) return refuse(pb::ILLEGAL_ACTION, "only " + std::to_string(s.pile) + " stones left");
    s.pile -= take;
    s.to_move = 1 - s.to_move;
    if (described) describe_take(take, *described);
    return std::nullopt;
  }

  Outcome parse_action(const State& s, const std::string& text, pb::ActionInfo& out) {
    if (text != "1" && text != "2" && text != "3") return refuse(pb::INVALID_ARGUMENT, "take 1, 2 or 3");
    const int take = text[0] - '0';
    if (take > s.pile) return refuse(pb::ILLEGAL_ACTION, "only " + std::to_string(s.pile) + " stones left");
    describe_take(take, out);
    return std::nullopt;
  }

  // Printed by `gamehost play` after the game (topic "score").
  Outcome analyze(const State& s, const std::string& topic, pb::AnalyzeResponse& resp) {
    if (!topic.empty() && topic != "score")
      return refuse(pb::INVALID_ARGUMENT, "unknown analysis topic '" + topic + "' (topics: \"\", score)");
    resp.set_text("  " + std::to_string(s.pile) + " stones left\n");
    return std::nullopt;
  }

 private:
  static void describe_take(int take, pb::ActionInfo& info) {
    info.set_id(static_cast<std::uint32_t>(take - 1));
    info.set_notation(std::to_string(take));
  }
};

}  // namespace nim

GAMEHOST_PLUGIN_ENTRY(nim::Game)
