// A small game with hidden information, built sound and with one flaw each
// (FLAW_*), so that the conformance test is shown to catch what it claims:
// tests/conformance/CMakeLists.txt runs `gamehost check-plugin` on each
// and expects exactly the named check to fail.
//
// Secret Nim: one pile of 7 stones, each turn takes 1 or 2, who takes the
// last stone wins. At the start a secret digit (0..9) is drawn from the seed;
// seat 0 sees it, seat 1 does not, and it decides nothing: SampleHidden for
// seat 1 draws it again. State bytes: pile, seat to move, secret.
#include <cstdint>
#include <string>

#include "gamehost/kit/entry.h"
#include "gamehost/kit/game_base.h"

namespace flawed {

namespace pb = gamehost::v1;
using gamehost::kit::Outcome;
using gamehost::kit::refuse;

constexpr int kPile = 7;

struct State {
  int pile = kPile;
  int to_move = 0;
  int secret = 0;
};

struct Game {
  static constexpr const char* kId = "flawed";
  using State = flawed::State;

  static gamecore::Expected<State> decode(const std::string& bytes) {
    if (bytes.size() != 3) return gamecore::Error{"F1", "not a state (3 bytes)"};
    const State s{bytes[0], bytes[1], bytes[2]};
#ifndef FLAW_BAD_BYTES
    if (s.pile < 0 || s.pile > kPile || (s.to_move != 0 && s.to_move != 1) || s.secret < 0 || s.secret > 9)
      return gamecore::Error{"F1", "not a state of this game"};
#endif
    return s;
  }
  static std::string encode(const State& s) {
#ifdef FLAW_ROUND_TRIP
    return {static_cast<char>(s.pile), static_cast<char>(s.to_move), 0};  // the secret is not written
#else
    return {static_cast<char>(s.pile), static_cast<char>(s.to_move), static_cast<char>(s.secret)};
#endif
  }

  static void describe(pb::GameInfo& info) {
    gamehost::kit::set_identity(info, {kId, "Secret Nim", "1.0.0", {"First", "Second"}, 2, kPile});
    info.set_has_hidden_information(true);
  }

  gamecore::Expected<State> start(const gamehost::kit::Options&, std::uint64_t seed, std::string& setup) {
    setup = "7 stones and a secret digit";
    return State{kPile, 0, static_cast<int>(seed % 10)};
  }

  void fill_info(const State& s, const pb::QueryFlags& flags, pb::StateInfo& info) {
#ifdef FLAW_BAD_BYTES
    if (s.pile > kPile || s.to_move > 1) __builtin_trap();  // what reading past a table does, made certain
#endif
    const bool over = s.pile == 0;
    info.set_to_move(over ? -2 : s.to_move);
    info.set_phase(over ? "over" : "play");
    info.set_terminal(over);
    const int most = s.pile < 2 ? s.pile : 2;
    for (int i = 0; i < most; ++i) {
#ifdef FLAW_LEGAL_ORDER
      const int take = most - i;  // the legal ids decreasing
#else
      const int take = i + 1;
#endif
      if (flags.legal_ids()) info.add_legal_ids(static_cast<std::uint32_t>(take - 1));
      if (flags.legal_details()) describe_take(take, *info.add_legal());
    }
    if (over) {
      const int winner = 1 - s.to_move;
      info.add_returns(winner == 0 ? 1 : -1);
      info.add_returns(winner == 1 ? 1 : -1);
      info.set_result(winner == 0 ? "First wins" : "Second wins");
    }
    if (flags.text()) info.set_text(std::to_string(s.pile) + " stones, secret " + std::to_string(s.secret) + "\n");
  }

  Outcome apply(State& s, std::uint32_t id, pb::ActionInfo* described) {
    if (id > 1) return gamehost::kit::unknown_action(id, "a Secret Nim", 2);
    const int take = static_cast<int>(id) + 1;
#ifndef FLAW_REFUSAL  // a take of more stones than are left accepted
    if (take > s.pile) return refuse(pb::ILLEGAL_ACTION, "not that many stones left");
#endif
    s.pile -= take;
    s.to_move = 1 - s.to_move;
    if (described) describe_take(take, *described);
    return std::nullopt;
  }

  Outcome parse_action(const State& s, const std::string& text, pb::ActionInfo& out) {
    if (text != "1" && text != "2") return refuse(pb::INVALID_ARGUMENT, "take 1 or 2");
    const int take = text[0] - '0';
    if (take > s.pile) return refuse(pb::ILLEGAL_ACTION, "not that many stones left");
    describe_take(take, out);
#ifdef FLAW_NOTATION
    if (take == 2) out.set_id(0);  // "2" read as the action "1"
#endif
    return std::nullopt;
  }

  void observe(const State& s, int seat, pb::ObserveResponse& out) {
#ifdef FLAW_LEAK
    (void)seat;
    const bool sees_secret = true;  // seat 1 is shown the secret too
#else
    const bool sees_secret = seat == 0 || s.pile == 0;
#endif
    out.set_text(std::to_string(s.pile) + " stones" + (sees_secret ? ", secret " + std::to_string(s.secret) : "") +
                 "\n");
  }

  State sample_hidden(const State& s, int seat, gamecore::Rng& rng) {
    State sample = s;
    if (seat == 1 && s.pile > 0) sample.secret = static_cast<int>(rng.below(10));
    return sample;
  }

 private:
  static void describe_take(int take, pb::ActionInfo& info) {
    info.set_id(static_cast<std::uint32_t>(take - 1));
    info.set_notation(std::to_string(take));
  }
};

}  // namespace flawed

GAMEHOST_PLUGIN_ENTRY(flawed::Game)
