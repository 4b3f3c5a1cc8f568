// The real Connect Four module through Boost.DLL and the host runtime: what
// it says about itself, every call it answers (and refuses), whole games
// cross-checked against the rules core, and its scene.
#include <catch2/catch.hpp>

#include <map>

#include "connect_four/core/playout.h"
#include "connect_four/core/serialize.h"
#include "gamehost/base/error.h"
#include "gamehost/calls/plugin.h"
#include "scene.pb.h"

using namespace gamehost;
namespace cf = connect_four;

namespace {

std::unique_ptr<Plugin> load() { return Plugin::load(CONNECT_FOUR_PLUGIN); }

// The status and message of a refused call.
template <class Req, class Resp>
std::pair<int, std::string> refusal(Plugin& p, pb::Method m, const Req& req) {
  Resp resp;
  try {
    p.call(m, req, resp);
  } catch (const CallError& e) {
    return {e.status(), e.what()};
  }
  return {pb::OK, ""};
}

pb::QueryFlags all_flags() {
  pb::QueryFlags f;
  f.set_legal_ids(true);
  f.set_legal_details(true);
  f.set_text(true);
  f.set_scores(true);
  return f;
}

}  // namespace

TEST_CASE("the Connect Four plugin loads through Boost.DLL and describes itself", "[plugin]") {
  auto p = load();
  const auto& info = p->info();
  CHECK(info.interface_version() == 2);
  CHECK(info.id() == "connect_four");
  CHECK(info.name() == "Connect Four");
  CHECK(info.version() == "1.0.0");
  REQUIRE(info.player_names_size() == 2);
  CHECK(info.player_names(0) == "Red");
  CHECK(info.player_names(1) == "Yellow");
  CHECK(info.action_id_bound() == 7);
  CHECK(info.options_size() == 0);
  CHECK_FALSE(info.has_chance());
  CHECK_FALSE(info.has_hidden_information());
  REQUIRE(info.optional_methods_size() == 6);
  CHECK(info.optional_methods(0) == pb::METHOD_EVALUATE);
  CHECK(info.optional_methods(1) == pb::METHOD_ROLLOUT);
  CHECK(info.optional_methods(2) == pb::METHOD_RENDER_SCENE);
  CHECK(info.optional_methods(3) == pb::METHOD_OBSERVATION_TENSOR);
  CHECK(info.optional_methods(4) == pb::METHOD_SOLVE);  // the bitboard solver
  CHECK(info.optional_methods(5) == pb::METHOD_STEP);   // every kit game
}

TEST_CASE("random games through the interface match the rules core ply by ply", "[plugin]") {
  auto p = load();
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const auto start = p->new_game({});
    CHECK(start.setup() == "an empty board of 7 columns and 6 rows; Red moves first");
    std::string state = start.state();
    cf::State core;
    cf::Rng rng(seed);
    while (!core.is_over()) {
      const pb::StateInfo info = p->query(state, all_flags());
      REQUIRE(info.to_move() == cf::index_of(core.to_move()));
      REQUIRE(info.phase() == "play");
      std::vector<std::uint32_t> legal;
      for (int col = 0; col < cf::kCols; ++col)
        if (core.can_drop(col)) legal.push_back(static_cast<std::uint32_t>(col));
      REQUIRE(std::vector<std::uint32_t>(info.legal_ids().begin(), info.legal_ids().end()) == legal);
      REQUIRE(info.legal_size() == static_cast<int>(legal.size()));
      REQUIRE(info.legal(0).notation() == std::string(1, static_cast<char>('a' + legal[0])));
      const int col = cf::random_column(core, rng);
      core.drop_unchecked(col);
      pb::ApplyResponse resp;
      p->apply(state, static_cast<std::uint32_t>(col), all_flags(), resp, true);
      REQUIRE(resp.state() == cf::serialize(core));
      REQUIRE(resp.action().notation() == std::string(1, static_cast<char>('a' + col)));
      state = resp.state();
    }
    const pb::StateInfo end = p->query(state, all_flags());
    CHECK(end.terminal());
    CHECK(end.to_move() == -2);
    CHECK(end.legal_ids_size() == 0);
    REQUIRE(end.returns_size() == 2);
    const double red = core.winner() ? (*core.winner() == cf::Player::Red ? 1 : -1) : 0;
    CHECK(end.returns(0) == red);
    CHECK(end.returns(1) == -red);
    CHECK(end.result() == (red > 0 ? "Red wins: four in a line" : red < 0 ? "Yellow wins: four in a line"
                                                                          : "Draw: the board is full"));
  }
}

TEST_CASE("the plugin refuses bad requests with the exact status and message", "[plugin][errors]") {
  auto p = load();
  cf::State full_a;
  for (int i = 0; i < 6; ++i) full_a.drop_unchecked(0);
  const std::string state = cf::serialize(full_a);

  pb::ApplyRequest apply;
  apply.set_state(state);
  apply.set_action_id(0);
  CHECK(refusal<pb::ApplyRequest, pb::ApplyResponse>(*p, pb::METHOD_APPLY, apply) ==
        std::pair<int, std::string>(pb::ILLEGAL_ACTION, "column a is full"));
  apply.set_action_id(9);
  CHECK(refusal<pb::ApplyRequest, pb::ApplyResponse>(*p, pb::METHOD_APPLY, apply) ==
        std::pair<int, std::string>(pb::ILLEGAL_ACTION, "action id 9 is not a Connect Four action (ids are 0..6)"));

  pb::ParseActionRequest parse;
  parse.set_state(state);
  parse.set_text("a");
  CHECK(refusal<pb::ParseActionRequest, pb::ParseActionResponse>(*p, pb::METHOD_PARSE_ACTION, parse) ==
        std::pair<int, std::string>(pb::ILLEGAL_ACTION, "column a is full"));
  parse.set_text("z");
  CHECK(refusal<pb::ParseActionRequest, pb::ParseActionResponse>(*p, pb::METHOD_PARSE_ACTION, parse) ==
        std::pair<int, std::string>(pb::INVALID_ARGUMENT, "'z' is not a column (a..g)"));
  parse.set_text(" D ");
  pb::ParseActionResponse parsed;
  p->call(pb::METHOD_PARSE_ACTION, parse, parsed);
  CHECK(parsed.action().id() == 3);
  CHECK(parsed.action().notation() == "d");

  pb::QueryRequest bad;
  bad.set_state("garbage");
  CHECK(refusal<pb::QueryRequest, pb::QueryResponse>(*p, pb::METHOD_QUERY, bad) ==
        std::pair<int, std::string>(pb::BAD_STATE, "not a Connect Four state: 7 bytes, expected 15"));

  pb::NewGameRequest ng;
  auto* o = ng.add_options();
  o->set_name("size");
  o->set_value("8");
  CHECK(refusal<pb::NewGameRequest, pb::NewGameResponse>(*p, pb::METHOD_NEW_GAME, ng) ==
        std::pair<int, std::string>(pb::INVALID_ARGUMENT, "unknown option 'size' (this game has none)"));

  pb::ObserveRequest obs;
  obs.set_state(state);
  obs.set_player(2);
  CHECK(refusal<pb::ObserveRequest, pb::ObserveResponse>(*p, pb::METHOD_OBSERVE, obs) ==
        std::pair<int, std::string>(pb::INVALID_ARGUMENT, "player 2 is not a seat (0 or 1)"));

  pb::RolloutRequest roll;
  roll.set_state(state);
  roll.set_count(0);
  CHECK(refusal<pb::RolloutRequest, pb::RolloutResponse>(*p, pb::METHOD_ROLLOUT, roll) ==
        std::pair<int, std::string>(pb::INVALID_ARGUMENT, "count 0 is not in 1..1000000"));

  pb::SampleHiddenRequest hidden;
  hidden.set_state(state);
  CHECK(refusal<pb::SampleHiddenRequest, pb::SampleHiddenResponse>(*p, pb::METHOD_SAMPLE_HIDDEN, hidden) ==
        std::pair<int, std::string>(pb::UNIMPLEMENTED, "connect_four does not implement method 11"));
}

TEST_CASE("observe, analyze, evaluate and rollout answer from the core", "[plugin]") {
  auto p = load();
  cf::State s;
  for (int col : {0, 6, 1, 6, 2}) s.drop_unchecked(col);  // Red a1 b1 c1: d wins at once
  const std::string state = cf::serialize(s);

  pb::ObserveRequest obs;
  obs.set_state(state);
  obs.set_player(1);
  pb::ObserveResponse seen;
  p->call(pb::METHOD_OBSERVE, obs, seen);
  CHECK(seen.text() == p->query(state, all_flags()).text());

  CHECK(p->analyze(state, "score").text() == "  Red: 3 discs\n  Yellow: 2 discs\n");
  CHECK(p->analyze(state, "").text() ==
        "  Red: 3 discs\n  Yellow: 2 discs\n  Red wins at once in: d\n  Yellow wins at once in: -\n");

  pb::EvaluateRequest ev;
  ev.set_state(state);
  pb::EvaluateResponse value;
  p->call(pb::METHOD_EVALUATE, ev, value);
  REQUIRE(value.values_size() == 2);
  CHECK(value.values(0) > 0);
  CHECK(value.values(1) == -value.values(0));

  pb::RolloutRequest roll;
  roll.set_state(state);
  roll.set_seed(5);
  roll.set_count(200);
  pb::RolloutResponse r1, r2;
  p->call(pb::METHOD_ROLLOUT, roll, r1);
  p->call(pb::METHOD_ROLLOUT, roll, r2);
  REQUIRE(r1.returns_sum_size() == 2);
  CHECK(r1.returns_sum(0) == -r1.returns_sum(1));
  CHECK(r1.returns_sum(0) == r2.returns_sum(0));  // deterministic in the seed
  // The same playouts in the core.
  cf::Rng rng(5);
  double red = 0;
  std::uint64_t plies = 0;
  for (int k = 0; k < 200; ++k) {
    cf::State c = s;
    plies += static_cast<std::uint64_t>(cf::random_playout(c, rng));
    if (c.winner()) red += *c.winner() == cf::Player::Red ? 1 : -1;
  }
  CHECK(r1.returns_sum(0) == red);
  CHECK(r1.plies() == plies);
}

TEST_CASE("the scene draws every disc where its cell is, in its colour", "[plugin][scene]") {
  auto p = load();
  cf::State s;
  for (int col : {3, 3, 2}) s.drop_unchecked(col);  // Red d1, Yellow d2, Red c1
  pb::RenderSceneRequest req;
  req.set_state(cf::serialize(s));
  req.mutable_view()->set_last_action_id(2);
  pb::RenderSceneResponse resp;
  p->call(pb::METHOD_RENDER_SCENE, req, resp);
  const pb::Scene& scene = resp.scene();
  CHECK(scene.status() == "Yellow to drop a disc");
  std::map<std::string, const pb::Shape*> shapes;
  for (const auto& layer : scene.layers())
    for (const auto& shape : layer.shapes()) shapes[shape.id()] = &shape;
  CHECK(shapes.count("hole:a1") == 1);
  CHECK(shapes.count("hole:g6") == 1);
  REQUIRE(shapes.count("disc:d1") == 1);
  REQUIRE(shapes.count("disc:d2") == 1);
  REQUIRE(shapes.count("disc:c1") == 1);
  CHECK(shapes.count("disc:c2") == 0);
  CHECK(shapes["disc:d1"]->fill() == 0xd7263dffu);
  CHECK(shapes["disc:d2"]->fill() == 0xf4c430ffu);
  CHECK(shapes["disc:d1"]->circle().center().x() == 3.5f);
  CHECK(shapes["disc:d1"]->circle().center().y() == 5.5f);
  CHECK(shapes["disc:d2"]->circle().center().y() == 4.5f);
  // The last disc (c1) between the corner brackets every game uses.
  for (int i = 0; i < 4; ++i) REQUIRE(shapes.count("last:" + std::to_string(i)) == 1);
  const pb::Point corner = shapes["last:0"]->polyline().points(1);  // top left
  CHECK(corner.x() == Approx(2.03f));
  CHECK(corner.y() == Approx(5.03f));
  CHECK(shapes["last:0"]->outline() == 0xff5fd7ffu);  // kit::kLastMove, pink
  CHECK(scene.hits_size() == 7);
  // Rows numbered on the left as the threats panel names cells (e5), 1 at
  // the bottom (issue 43: the board had only column letters).
  for (int row = 1; row <= 6; ++row) {
    const std::string id = "label:" + std::to_string(row);
    REQUIRE(shapes.count(id) == 1);
    CHECK(shapes[id]->text().content() == std::to_string(row));
    CHECK(shapes[id]->text().position().x() < 0);  // left of the board's holes
    CHECK(shapes[id]->text().position().y() == Approx(6.5f - row));
  }
}
