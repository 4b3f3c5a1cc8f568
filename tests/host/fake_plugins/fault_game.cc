// A tiny real game for the isolation tests, "fault_game": a pile of 9, each
// player takes 1 or 2 in turn, who takes the last wins. It fails on demand:
// GAMEHOST_FAULT=MODE:CALL[:N] makes the N-th call (default the first) of
// CALL (describe, newgame, query, apply, rollout, renderscene, ...) in this
// process
//   crash     raise SIGSEGV
//   abort     abort (signal 6)
//   exit      exit with status 7 without answering
//   throw     throw from the handler (answered INTERNAL by the dispatcher)
//   hang      never answer
//   garbage   answer OK with bytes that are no protobuf message
//   oversized answer OK with 80 MiB
// and GAMEHOST_FAULT=endless makes every move take nothing (a game that
// never ends, though GameInfo.max_plies says 9); GAMEHOST_FAULT=hostile puts
// terminal escape sequences in its board text and its analyses.
#include <boost/dll/alias.hpp>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <thread>

#include "gamehost/plugin_dispatch.h"

namespace {

namespace v1 = gamehost::v1;

struct Fault {
  std::string mode, call;
  int nth = 1;
};

Fault fault_from_environment() {
  Fault f;
  const char* env = std::getenv("GAMEHOST_FAULT");
  if (!env) return f;
  const std::string text(env);
  const auto a = text.find(':'), b = a == std::string::npos ? a : text.find(':', a + 1);
  f.mode = text.substr(0, a);
  if (a != std::string::npos) f.call = text.substr(a + 1, b == std::string::npos ? b : b - a - 1);
  if (b != std::string::npos) f.nth = std::atoi(text.c_str() + b + 1);
  return f;
}

const char* call_of(std::uint32_t method) {
  switch (method) {
    case v1::METHOD_DESCRIBE: return "describe";
    case v1::METHOD_NEW_GAME: return "newgame";
    case v1::METHOD_QUERY: return "query";
    case v1::METHOD_APPLY: return "apply";
    case v1::METHOD_ROLLOUT: return "rollout";
    case v1::METHOD_ANALYZE: return "analyze";
    case v1::METHOD_RENDER_SCENE: return "renderscene";
    default: return "other";
  }
}

// State: two bytes, the pile and the seat to move.
bool hostile();

void fill_info(int pile, int mover, v1::StateInfo& info) {
  if (hostile()) info.set_text("pile\x1b]0;OWNED\a\x1b[2J " + std::to_string(pile) + "\nend\xc2\x9b\n");
  info.set_terminal(pile == 0);
  info.set_to_move(pile == 0 ? -2 : mover);
  if (pile == 0) {
    const int winner = 1 - mover;  // the one who took the last
    info.add_returns(winner == 0 ? 1 : -1);
    info.add_returns(winner == 1 ? 1 : -1);
    info.set_result(winner == 0 ? "First wins" : "Second wins");
    return;
  }
  info.add_legal_ids(0);
  if (pile >= 2) info.add_legal_ids(1);
}

bool endless() { return fault_from_environment().mode == "endless"; }
bool hostile() { return fault_from_environment().mode == "hostile"; }

struct Handlers {
  // Mode "throw": every call of that kind throws.
  static void check_throw(const char* call) {
    const Fault fault = fault_from_environment();  // read each time: tests change it
    if (fault.mode == "throw" && fault.call == call) throw std::runtime_error("boom");
  }
  static bool decode(const std::string& s, int& pile, int& mover) {
    if (s.size() != 2 || s[0] < 0 || s[0] > 9 || (s[1] != 0 && s[1] != 1)) return false;
    pile = s[0], mover = s[1];
    return true;
  }
  void describe(const v1::DescribeRequest&, v1::DescribeResponse& r) {
    check_throw("describe");
    auto& i = *r.mutable_info();
    i.set_interface_version(v1::INTERFACE_VERSION);
    i.set_id("fault_game");
    i.set_name("Fault Game");
    i.set_version("1.0.0");
    i.add_player_names("First");
    i.add_player_names("Second");
    i.set_action_id_bound(2);
    i.set_max_plies(9);
    i.add_optional_methods(v1::METHOD_ROLLOUT);
    i.add_optional_methods(v1::METHOD_RENDER_SCENE);
  }
  void new_game(const v1::NewGameRequest&, v1::NewGameResponse& r) {
    check_throw("newgame");
    r.set_state(std::string("\x09\x00", 2));
    fill_info(9, 0, *r.mutable_info());
  }
  void query(const v1::QueryRequest& q, v1::QueryResponse& r) {
    check_throw("query");
    int pile = 0, mover = 0;
    if (!decode(q.state(), pile, mover)) throw std::runtime_error("bad state");
    fill_info(pile, mover, *r.mutable_info());
  }
  void apply(const v1::ApplyRequest& q, v1::ApplyResponse& r) {
    check_throw("apply");
    int pile = 0, mover = 0;
    if (!decode(q.state(), pile, mover)) throw std::runtime_error("bad state");
    const int take = endless() ? 0 : static_cast<int>(q.action_id()) + 1;
    pile -= take;
    mover = 1 - mover;
    r.set_state(std::string{static_cast<char>(pile), static_cast<char>(mover)});
    fill_info(pile, mover, *r.mutable_info());
    r.mutable_action()->set_id(q.action_id());
    r.mutable_action()->set_notation(q.action_id() == 0 ? "take1" : "take2");
  }
  void rollout(const v1::RolloutRequest&, v1::RolloutResponse& r) {
    check_throw("rollout");
    r.add_returns_sum(0);
    r.add_returns_sum(0);
  }
  // What `gamehost play` prints after a finished game (topic "score").
  void analyze(const v1::AnalyzeRequest& q, v1::AnalyzeResponse& r) {
    check_throw("analyze");
    int pile = 0, mover = 0;
    if (!decode(q.state(), pile, mover)) throw std::runtime_error("bad state");
    r.set_text("  " + std::to_string(pile) + (hostile() ? " left\x1b[31m\n" : " left\n"));
  }
  // The smallest scene the viewer draws: the board's extent, a grey
  // background and the pile in the status line.
  void render_scene(const v1::RenderSceneRequest& q, v1::RenderSceneResponse& r) {
    check_throw("renderscene");
    int pile = 0, mover = 0;
    if (!decode(q.state(), pile, mover)) throw std::runtime_error("bad state");
    auto& b = *r.mutable_scene()->mutable_bounds();
    b.set_width(9);
    b.set_height(1);
    r.mutable_scene()->set_background(0x808080ff);
    r.mutable_scene()->set_status(std::to_string(pile) + " left");
  }
};

class FaultGame final : public gamehost::GamePlugin {
 public:
  FaultGame() : fault_(fault_from_environment()), game_("fault_game") {}

  std::int32_t call(std::uint32_t method, const std::uint8_t* request, std::size_t size,
                    const std::uint8_t** response, std::size_t* response_size) noexcept override {
    if (fault_.call == call_of(method) && ++count_ == fault_.nth && fault_.mode != "throw") {
      if (fault_.mode == "crash") std::raise(SIGSEGV);
      if (fault_.mode == "abort") std::abort();
      if (fault_.mode == "exit") std::_Exit(7);
      if (fault_.mode == "hang")
        for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
      if (fault_.mode == "garbage") out_.assign("\x07\x07\x07\x07");
      if (fault_.mode == "oversized") out_.assign(80u << 20, '\0');
      *response = reinterpret_cast<const std::uint8_t*>(out_.data());
      *response_size = out_.size();
      return v1::OK;
    }
    return game_.call(method, request, size, response, response_size);
  }

 private:
  Fault fault_;
  int count_ = 0;
  std::string out_;
  gamehost::PluginDispatcher<Handlers> game_;
};

std::uint32_t interface_version() { return gamehost::kInterfaceVersion; }
gamehost::GamePlugin* create_game() { return new (std::nothrow) FaultGame(); }

}  // namespace

BOOST_DLL_ALIAS(interface_version, gamehost_interface_version)
BOOST_DLL_ALIAS(create_game, gamehost_create_game)
