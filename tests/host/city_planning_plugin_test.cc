// The City Planning plugin module through Boost.DLL: loading and listing,
// every call of the interface, chance nodes with their probabilities,
// whole games cross-checked against the rules core, observations that never
// show the other hand (byte for byte), errors, and the scene.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cmath>

#include "city_planning.pb.h"
#include "city_planning/core/chance.h"
#include "city_planning/core/diagram.h"
#include "city_planning/core/notation.h"
#include "city_planning/core/observation.h"
#include "city_planning/core/playout.h"
#include "city_planning/core/rules.h"
#include "city_planning/core/serialize.h"
#include "gamehost/calls/plugin.h"
#include "gamehost/calls/registry.h"
#include "gamehost/play/agents/mcts.h"
#include "scene.pb.h"
#include "gamehost/records/replay.h"
#include "test_support.h"

using namespace gamehost;
namespace cp = city_planning;

namespace {

std::vector<std::uint32_t> core_legal_ids(const cp::State& s) {
  std::vector<std::uint32_t> ids;
  for (const auto& a : cp::legal_actions(s)) ids.push_back(static_cast<std::uint32_t>(cp::action_id(a)));
  return ids;
}

int core_to_move(const cp::State& s) {
  if (s.is_over()) return -2;
  if (cp::is_chance(s)) return -1;
  return cp::index_of(*cp::player_to_decide(s));
}

std::pair<int, std::string> status_of(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const CallError& e) {
    return {e.status(), e.what()};
  }
  return {0, ""};
}

pb::ObserveResponse observe(Plugin& plugin, const std::string& state, int seat) {
  pb::ObserveRequest req;
  req.set_state(state);
  req.set_player(seat);
  pb::ObserveResponse resp;
  plugin.call(pb::METHOD_OBSERVE, req, resp);
  return resp;
}

// s with one coin of p's hand exchanged with one from the bag: differs from
// s only in what p's opponent cannot see.
std::optional<cp::State> swap_hidden(const cp::State& s, cp::Player p, cp::Rng& rng) {
  const cp::PieceMask hand = s.hand(p), bag = s.coins_in(cp::CoinPlace::Bag);
  if (!hand || !bag) return std::nullopt;
  auto pick = [&](cp::PieceMask m) {
    int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(std::popcount(m))));
    while (k-- > 0) m &= m - 1;
    return std::countr_zero(m);
  };
  cp::State t = s;
  const int out = pick(hand), in = pick(bag);
  t.move_coin(out, cp::CoinPlace::Bag);
  t.move_coin(in, cp::hand_place(p));
  return t;
}

bool has_shape(const pb::Scene& scene, const std::string& id) {
  for (const auto& layer : scene.layers())
    for (const auto& s : layer.shapes())
      if (s.id() == id) return true;
  return false;
}

}  // namespace

TEST_CASE("the City Planning plugin loads, describes itself and is listed", "[cp][plugin]") {
  auto plugin = Plugin::load(CITY_PLANNING_PLUGIN);
  const auto& info = plugin->info();
  CHECK(info.interface_version() == pb::INTERFACE_VERSION);
  CHECK(info.id() == "city_planning");
  CHECK(info.name() == "City Planning");
  CHECK(info.version() == "1.0.0");
  REQUIRE(info.player_names_size() == 2);
  CHECK(info.player_names(0) == "A");
  CHECK(info.player_names(1) == "B");
  CHECK(info.action_id_bound() == static_cast<std::uint32_t>(cp::kActionIds));
  CHECK(info.has_chance());
  CHECK(info.has_hidden_information());
  REQUIRE(info.options_size() == 1);
  CHECK(info.options(0).name() == "position");
  CHECK(info.analysis_topics().count("score") == 1);
  const std::vector<int> optional(info.optional_methods().begin(), info.optional_methods().end());
  CHECK(optional == std::vector<int>{pb::METHOD_EVALUATE, pb::METHOD_ROLLOUT, pb::METHOD_RENDER_SCENE,
                                         pb::METHOD_SAMPLE_HIDDEN, pb::METHOD_OBSERVATION_TENSOR,
                                         pb::METHOD_STEP});
  CHECK_FALSE(info.payload_descriptors().empty());
  auto twin = plugin->clone();
  plugin.reset();
  CHECK(twin->new_game({}).state() == cp::serialize(cp::State()));

  // The build's plugin folder holds both games.
  const auto dir = std::filesystem::path(CITY_PLANNING_PLUGIN).parent_path();
  Registry registry = Registry::scan({dir});
  CHECK(registry.find("city_planning").info().name() == "City Planning");
  CHECK(registry.find("alien_city").info().name() == "Alien City");
}

TEST_CASE("the setup is chance: outcomes, probabilities and the deal", "[cp][plugin][chance]") {
  auto plugin = Plugin::load(CITY_PLANNING_PLUGIN);
  pb::NewGameRequest req;
  *req.mutable_flags() = full_flags();
  req.mutable_flags()->set_legal_details(true);
  const auto started = plugin->new_game(req);
  CHECK(started.options_size() == 1);
  CHECK(started.info().to_move() == -1);
  CHECK(started.info().phase() == "setup");
  REQUIRE(started.info().legal_ids_size() == 24);
  REQUIRE(started.info().chance_probabilities_size() == 24);
  double total = 0;
  for (double p : started.info().chance_probabilities()) total += p;
  CHECK(std::abs(total - 1.0) < 1e-12);
  CHECK(started.info().legal(0).notation() == "reveal C0");
  CHECK(std::vector<std::uint32_t>(started.info().legal_ids().begin(), started.info().legal_ids().end()) ==
        core_legal_ids(cp::State()));
  // After three tiles and nine... the first player is a fair coin.
  cp::State core;
  cp::Rng rng(5);
  while (cp::chance_kind(core) != cp::ChanceKind::FirstPlayer) cp::apply_unchecked(core, cp::sample_chance(core, rng));
  const auto info = plugin->query(cp::serialize(core), full_flags());
  CHECK(info.to_move() == -1);
  CHECK(std::vector<double>(info.chance_probabilities().begin(), info.chance_probabilities().end()) ==
        std::vector<double>{0.5, 0.5});
}

TEST_CASE("random games through the City Planning plugin match the core ply by ply", "[cp][plugin][games]") {
  auto plugin = Plugin::load(CITY_PLANNING_PLUGIN);
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    CAPTURE(seed);
    pb::NewGameRequest req;
    req.set_seed(seed);
    *req.mutable_flags() = full_flags();
    auto started = plugin->new_game(req);
    cp::State core;
    REQUIRE(started.state() == cp::serialize(core));
    std::string state = started.state();
    pb::StateInfo info = started.info();
    cp::Rng rng(seed);
    pb::ApplyResponse applied;
    int plies = 0, chance = 0;
    int score_sum[2] = {0, 0};
    while (!core.is_over()) {
      REQUIRE(info.to_move() == core_to_move(core));
      if (plies % 7 == 0 || info.to_move() == -1)
        REQUIRE(std::vector<std::uint32_t>(info.legal_ids().begin(), info.legal_ids().end()) == core_legal_ids(core));
      if (info.to_move() == -1) {
        ++chance;
        const auto outcomes = cp::chance_outcomes(core);
        REQUIRE(info.chance_probabilities_size() == static_cast<int>(outcomes.size()));
        for (std::size_t i = 0; i < outcomes.size(); ++i)
          REQUIRE(info.chance_probabilities(static_cast<int>(i)) == outcomes[i].probability);
      }
      const cp::Action a = cp::random_action_by_kind(core, rng);
      plugin->apply(state, static_cast<std::uint32_t>(cp::action_id(a)), full_flags(), applied, true);
      REQUIRE(applied.action().notation() == cp::to_notation(core, a));
      // The payload's score events are the core's.
      cp::v1::Action payload;
      REQUIRE(payload.ParseFromString(applied.action().payload().value()));
      cp::ScoreEvents events;
      cp::apply_unchecked(core, a, &events);
      REQUIRE(payload.events_size() == static_cast<int>(events.size()));
      for (const auto& e : payload.events()) score_sum[e.player() == "A" ? 0 : 1] += e.points();
      REQUIRE(applied.state() == cp::serialize(core));
      state = applied.state();
      info = applied.info();
      ++plies;
    }
    REQUIRE(info.terminal());
    CHECK(info.to_move() == -2);
    CHECK(info.legal_ids_size() == 0);
    CHECK(std::vector<std::int64_t>(info.scores().begin(), info.scores().end()) ==
          std::vector<std::int64_t>{core.score(cp::Player::A), core.score(cp::Player::B)});
    CHECK(score_sum[0] == core.score(cp::Player::A));
    CHECK(score_sum[1] == core.score(cp::Player::B));
    const double a = core.score(cp::Player::A) > core.score(cp::Player::B)   ? 1
                     : core.score(cp::Player::A) < core.score(cp::Player::B) ? -1
                                                                             : 0;
    CHECK(std::vector<double>(info.returns().begin(), info.returns().end()) == std::vector<double>{a, -a});
    const int high = std::max(core.score(cp::Player::A), core.score(cp::Player::B));
    const int low = std::min(core.score(cp::Player::A), core.score(cp::Player::B));
    CHECK_THAT(info.result(), Catch::Contains(std::to_string(high) + " to " + std::to_string(low) + ": "));
    CHECK(chance >= 10);
  }
}

TEST_CASE("Observe never shows the other hand, byte for byte", "[cp][plugin][hidden]") {
  auto plugin = Plugin::load(CITY_PLANNING_PLUGIN);
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    cp::State s;
    cp::Rng rng(seed), swap_rng(seed + 77);
    while (!s.is_over()) {
      for (cp::Player viewer : {cp::Player::A, cp::Player::B}) {
        const auto t = swap_hidden(s, cp::other(viewer), swap_rng);
        if (!t) continue;
        ++compared;
        const int seat = cp::index_of(viewer);
        const auto mine = observe(*plugin, cp::serialize(s), seat);
        const auto other_state = observe(*plugin, cp::serialize(*t), seat);
        // The whole response: text and observation message.
        REQUIRE(mine.SerializeAsString() == other_state.SerializeAsString());
        REQUIRE(mine.text() == cp::observation_text(s, viewer));
        // The other seat does see the difference.
        REQUIRE(observe(*plugin, cp::serialize(s), 1 - seat).SerializeAsString() !=
                observe(*plugin, cp::serialize(*t), 1 - seat).SerializeAsString());
        // Analyze (which a human may ask for) is public too.
        REQUIRE(plugin->analyze(cp::serialize(s), "").SerializeAsString() ==
                plugin->analyze(cp::serialize(*t), "").SerializeAsString());
        REQUIRE(plugin->analyze(cp::serialize(s), "score").SerializeAsString() ==
                plugin->analyze(cp::serialize(*t), "score").SerializeAsString());
      }
      cp::apply_unchecked(s, cp::random_action_by_kind(s, rng));
    }
  }
  CHECK(compared > 100);

  // The observation message: the viewer's own hand, the other one as a count.
  cp::State s;
  cp::Rng rng(3);
  while (cp::is_chance(s)) cp::apply_unchecked(s, cp::sample_chance(s, rng));
  const auto seen = observe(*plugin, cp::serialize(s), 1);
  cp::v1::Observation m;
  REQUIRE(m.ParseFromString(seen.observation().value()));
  CHECK(seen.observation().type_url() == "type.googleapis.com/city_planning.v1.Observation");
  CHECK(m.viewer() == "B");
  CHECK(m.hand_size() == 3);
  CHECK(m.other_hand_size() == 3);
  CHECK(m.bag_size() == 18);
  CHECK(m.bytes() == cp::observation_bytes(s, cp::Player::B));
  for (const auto& c : m.hand()) CHECK(s.coin_place(*cp::parse_piece(c)) == cp::CoinPlace::HandB);
}

TEST_CASE("bad City Planning requests get precise errors, never a crash", "[cp][plugin][errors]") {
  auto plugin = Plugin::load(CITY_PLANNING_PLUGIN);
  const std::string start = plugin->new_game({}).state();
  pb::QueryFlags none;
  CHECK(status_of([&] { plugin->query("garbage", none); }).first == pb::BAD_STATE);
  std::string flipped = start;
  flipped[0] = 'X';
  CHECK(status_of([&] { plugin->query(flipped, none); }).first == pb::BAD_STATE);
  pb::ApplyResponse r;
  CHECK(status_of([&] { plugin->apply(start, 4000000000u, none, r); }) ==
        std::pair<int, std::string>(pb::ILLEGAL_ACTION, "action id 4000000000 is not a City Planning action (ids are 0.." +
                                                            std::to_string(cp::kActionIds - 1) + ")"));
  // A stone during the setup: the core's refusal, word for word.
  const auto core_error = cp::check_action(cp::State(), cp::Action::place_stone(cp::Stone::Population, 0));
  REQUIRE(core_error);
  CHECK(status_of([&] { plugin->apply(start, 0, none, r); }) ==
        std::pair<int, std::string>(pb::ILLEGAL_ACTION, core_error->message));
  try {
    plugin->apply(start, 0, none, r);
  } catch (const CallError& e) {
    CHECK(e.code() == core_error->code);
  }
  pb::NewGameRequest bad;
  auto* o = bad.add_options();
  o->set_name("setup");
  o->set_value("x");
  CHECK(status_of([&] { plugin->new_game(bad); }) ==
        std::pair<int, std::string>(pb::INVALID_ARGUMENT, "unknown option 'setup' (options: position)"));
  o->set_name("position");
  o->set_value("phase: nonsense\n");
  CHECK(status_of([&] { plugin->new_game(bad); }).first == pb::INVALID_ARGUMENT);
  CHECK_THAT(status_of([&] { plugin->new_game(bad); }).second, Catch::StartsWith("option position: "));
  CHECK(status_of([&] { plugin->analyze(start, "weather"); }) ==
        std::pair<int, std::string>(pb::INVALID_ARGUMENT, "unknown analysis topic 'weather' (topics: \"\", score)"));
  pb::ObserveRequest oq;
  oq.set_state(start);
  oq.set_player(2);
  pb::ObserveResponse orr;
  CHECK(status_of([&] { plugin->call(pb::METHOD_OBSERVE, oq, orr); }) ==
        std::pair<int, std::string>(pb::INVALID_ARGUMENT, "player 2 is not a seat (0 or 1)"));
  oq.set_player(-2);
  CHECK(status_of([&] { plugin->call(pb::METHOD_OBSERVE, oq, orr); }) ==
        std::pair<int, std::string>(pb::INVALID_ARGUMENT, "player -2 is not a seat (0 or 1)"));
  oq.set_player(-1);  // the public view (spectators): answered, both hands hidden
  CHECK(status_of([&] { plugin->call(pb::METHOD_OBSERVE, oq, orr); }).first == pb::OK);
  pb::RolloutRequest rq;
  rq.set_state(start);
  pb::RolloutResponse rr;
  CHECK(status_of([&] { plugin->call(pb::METHOD_ROLLOUT, rq, rr); }) ==
        std::pair<int, std::string>(pb::INVALID_ARGUMENT, "count 0 is not in 1..1000000"));
  pb::DescribeResponse d;
  CHECK(status_of([&] { plugin->call(static_cast<pb::Method>(77), pb::DescribeRequest(), d); }) ==
        std::pair<int, std::string>(pb::UNIMPLEMENTED, "city_planning does not implement method 77"));
  // Parsing: unreadable text, and a readable decision that is not legal now.
  cp::State s;
  cp::Rng rng(11);
  while (cp::is_chance(s)) cp::apply_unchecked(s, cp::sample_chance(s, rng));
  const std::string playing = cp::serialize(s);
  pb::ParseActionRequest pq;
  pq.set_state(playing);
  pq.set_text("flibble");
  pb::ParseActionResponse pr;
  CHECK(status_of([&] { plugin->call(pb::METHOD_PARSE_ACTION, pq, pr); }).first == pb::INVALID_ARGUMENT);
  pq.set_text("P@A1");  // touches no stone
  CHECK(status_of([&] { plugin->call(pb::METHOD_PARSE_ACTION, pq, pr); }).first == pb::ILLEGAL_ACTION);
  const auto legal = cp::legal_actions(s);
  pq.set_text(cp::to_notation(s, legal.front()));
  plugin->call(pb::METHOD_PARSE_ACTION, pq, pr);
  CHECK(pr.action().id() == static_cast<std::uint32_t>(cp::action_id(legal.front())));
  // Junk request bytes.
  pb::QueryResponse q;
  CHECK(status_of([&] { plugin->call(pb::METHOD_QUERY, pb::OptionValue(), q); }).first == pb::BAD_STATE);
}

TEST_CASE("City Planning Evaluate and Rollout", "[cp][plugin][ai]") {
  auto plugin = Plugin::load(CITY_PLANNING_PLUGIN);
  cp::State s;
  cp::Rng rng(21);
  for (int i = 0; i < 60 && !s.is_over(); ++i) cp::apply_unchecked(s, cp::random_action_by_kind(s, rng));
  REQUIRE_FALSE(s.is_over());
  const std::string bytes = cp::serialize(s);
  pb::EvaluateRequest eq;
  eq.set_state(bytes);
  pb::EvaluateResponse er;
  plugin->call(pb::METHOD_EVALUATE, eq, er);
  REQUIRE(er.values_size() == 2);
  CHECK(er.values(0) == -er.values(1));
  CHECK(std::abs(er.values(0)) < 1);
  const int margin = s.score(cp::Player::A) - s.score(cp::Player::B);
  CHECK((er.values(0) > 0) == (margin > 0));

  pb::RolloutRequest rq;
  rq.set_state(bytes);
  rq.set_seed(9);
  rq.set_count(20);
  pb::RolloutResponse r1, r2;
  plugin->call(pb::METHOD_ROLLOUT, rq, r1);
  plugin->call(pb::METHOD_ROLLOUT, rq, r2);
  CHECK(r1.SerializeAsString() == r2.SerializeAsString());  // deterministic in the seed
  REQUIRE(r1.returns_sum_size() == 2);
  CHECK(r1.returns_sum(0) == -r1.returns_sum(1));
  CHECK(std::abs(r1.returns_sum(0)) <= 20);
  CHECK(r1.plies() >= 20);
  // The same as the core's guided playouts with the same generator.
  cp::Rng core_rng(9);
  double sum = 0;
  std::uint64_t plies = 0;
  for (int k = 0; k < 20; ++k) {
    cp::State c = s;
    plies += static_cast<std::uint64_t>(cp::guided_playout(c, core_rng));
    sum += (c.score(cp::Player::A) > c.score(cp::Player::B)) - (c.score(cp::Player::A) < c.score(cp::Player::B));
  }
  CHECK(r1.returns_sum(0) == sum);
  CHECK(r1.plies() == plies);
}

TEST_CASE("SampleHidden re-deals only what the seat cannot see (C20)", "[cp][plugin][hidden][ai]") {
  auto plugin = Plugin::load(CITY_PLANNING_PLUGIN);
  CHECK(std::count(plugin->info().optional_methods().begin(), plugin->info().optional_methods().end(),
                   pb::METHOD_SAMPLE_HIDDEN) == 1);
  cp::State s;
  cp::Rng rng(5);
  for (int i = 0; i < 40 && !s.is_over(); ++i) cp::apply_unchecked(s, cp::random_action_by_kind(s, rng));
  REQUIRE_FALSE(s.is_over());
  const std::string bytes = cp::serialize(s);
  int differs = 0;
  for (int seat : {0, 1}) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      pb::SampleHiddenRequest req;
      req.set_state(bytes);
      req.set_seat(seat);
      req.set_seed(seed);
      pb::SampleHiddenResponse a, b;
      plugin->call(pb::METHOD_SAMPLE_HIDDEN, req, a);
      plugin->call(pb::METHOD_SAMPLE_HIDDEN, req, b);
      CHECK(a.state() == b.state());  // deterministic in the seed
      // The seat cannot tell the sample from the truth...
      CHECK(observe(*plugin, a.state(), seat).SerializeAsString() ==
            observe(*plugin, bytes, seat).SerializeAsString());
      // ... and the sample is a valid state that the core accepts.
      const auto sample = cp::deserialize(a.state());
      REQUIRE(sample);
      CHECK(sample->hand(cp::Player(seat)) == s.hand(cp::Player(seat)));
      differs += a.state() != bytes;
    }
  }
  // The other hand really is re-dealt (not the true state every time).
  CHECK(differs > 20);
  pb::SampleHiddenRequest bad;
  bad.set_state(bytes);
  bad.set_seat(2);
  pb::SampleHiddenResponse r;
  CHECK(status_of([&] { plugin->call(pb::METHOD_SAMPLE_HIDDEN, bad, r); }) ==
        std::pair<int, std::string>(pb::INVALID_ARGUMENT, "seat 2 is not a seat (0 or 1)"));
}

TEST_CASE("the City Planning scene draws the board and hides hands unless asked", "[cp][plugin][scene]") {
  auto plugin = Plugin::load(CITY_PLANNING_PLUGIN);
  cp::State s;
  cp::Rng rng(4);
  for (int i = 0; i < 80 && !s.is_over(); ++i) cp::apply_unchecked(s, cp::random_action_by_kind(s, rng));
  while (cp::is_chance(s)) cp::apply_unchecked(s, cp::sample_chance(s, rng));
  REQUIRE(s.hand_size(cp::Player::B) > 0);
  pb::RenderSceneRequest req;
  req.set_state(cp::serialize(s));
  pb::RenderSceneResponse hidden, shown;
  plugin->call(pb::METHOD_RENDER_SCENE, req, hidden);
  const auto& scene = hidden.scene();
  CHECK(scene.bounds().width() > 20);
  CHECK(has_shape(scene, "line:v:0"));
  CHECK(has_shape(scene, "line:h:18"));
  for (cp::Point p : s.stones()) CHECK(has_shape(scene, "stone:" + cp::point_name(p)));
  for (cp::PieceMask z = s.zones(); z; z &= z - 1) CHECK(has_shape(scene, "zone:" + cp::piece_name(std::countr_zero(z))));
  for (cp::PieceMask h = s.hand(cp::Player::B); h; h &= h - 1)
    CHECK_FALSE(has_shape(scene, "coin:" + cp::piece_name(std::countr_zero(h))));
  CHECK(has_shape(scene, "hidden:B:0"));
  REQUIRE(scene.overlays_size() == 3);
  CHECK(scene.overlays(1).key() == "hand-B");
  CHECK(scene.overlays(2).key() == "legal");  // the legal points, off by default
  CHECK_FALSE(scene.status().empty());
  // Without a hand overlay the scene is the same for states differing only in hands.
  auto t = swap_hidden(s, cp::Player::B, rng);
  if (t) {
    pb::RenderSceneRequest other = req;
    other.set_state(cp::serialize(*t));
    pb::RenderSceneResponse o;
    plugin->call(pb::METHOD_RENDER_SCENE, other, o);
    CHECK(o.SerializeAsString() == hidden.SerializeAsString());
  }
  req.mutable_view()->add_overlays("hand-B");
  plugin->call(pb::METHOD_RENDER_SCENE, req, shown);
  for (cp::PieceMask h = s.hand(cp::Player::B); h; h &= h - 1)
    CHECK(has_shape(shown.scene(), "coin:" + cp::piece_name(std::countr_zero(h))));
  // Ids are unique within a scene.
  std::vector<std::string> ids;
  for (const auto& layer : shown.scene().layers())
    for (const auto& sh : layer.shapes()) ids.push_back(sh.id());
  std::sort(ids.begin(), ids.end());
  CHECK(std::adjacent_find(ids.begin(), ids.end()) == ids.end());
}

TEST_CASE("MCTS never uses the hidden hand: its choice depends on what its seat sees (C20)",
          "[cp][plugin][hidden][ai]") {
  auto plugin = Plugin::load(CITY_PLANNING_PLUGIN);
  pb::QueryFlags flags;
  flags.set_legal_ids(true);
  int compared = 0, searched_with_choice = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    cp::State s;
    cp::Rng rng(seed), swap_rng(seed + 500);
    for (int ply = 0; ply < 60 && !s.is_over(); ++ply) {
      const auto mover = cp::player_to_decide(s);
      if (mover && ply % 6 == 0) {
        const auto t = swap_hidden(s, cp::other(*mover), swap_rng);
        if (t) {
          const std::string a = cp::serialize(s), b = cp::serialize(*t);
          REQUIRE(a != b);
          const pb::StateInfo ia = plugin->query(a, flags), ib = plugin->query(b, flags);
          REQUIRE(ia.SerializeAsString() == ib.SerializeAsString());
          MctsOptions o;
          o.iters = 200;
          o.seed = seed * 31 + static_cast<std::uint64_t>(ply);
          MctsSearch search_a(*plugin, o), search_b(*plugin, o);
          const auto ra = search_a.search(a, ia), rb = search_b.search(b, ib);
          CHECK(ra.action == rb.action);
          CHECK(ra.iterations == rb.iterations);
          ++compared;
          searched_with_choice += ia.legal_ids_size() > 1;
        }
      }
      cp::apply_unchecked(s, cp::random_action_by_kind(s, rng));
    }
  }
  CHECK(compared >= 10);
  CHECK(searched_with_choice >= 5);
}

TEST_CASE("the City Planning scene draws a ghost move where it would have gone", "[cp][plugin][scene]") {
  auto plugin = Plugin::load(CITY_PLANNING_PLUGIN);
  const cp::State s;
  auto ghost_layer = [&](const cp::Action& a) -> std::optional<pb::Layer> {
    pb::RenderSceneRequest req;
    req.set_state(cp::serialize(s));
    req.mutable_view()->set_ghost_action_id(static_cast<std::uint32_t>(cp::action_id(a)));
    pb::RenderSceneResponse resp;
    plugin->call(pb::METHOD_RENDER_SCENE, req, resp);
    for (const auto& layer : resp.scene().layers())
      if (layer.id() == "ghost") return layer;
    return std::nullopt;
  };
  // A Population stone on D16: point (3, 15), drawn at (4, 4), in a ring of
  // radius 0.55, its white made translucent.
  const auto stone = ghost_layer(cp::Action::place_stone(cp::Stone::Population, cp::point_at(3, 15)));
  REQUIRE(stone);
  REQUIRE(stone->shapes_size() == 2);
  const pb::Shape& ring = stone->shapes(0);
  CHECK(ring.id() == "ghost:ring");
  CHECK(ring.circle().center().x() == 4);
  CHECK(ring.circle().center().y() == 4);
  CHECK(ring.circle().radius() == Approx(0.55f));
  CHECK(ring.outline() == 0xf4f4f4ffu);
  CHECK(ring.tooltip() == "a better move: P@D16");
  CHECK(stone->shapes(1).id() == "ghost:stone");
  CHECK(stone->shapes(1).fill() == 0xf7f7f29cu);
  CHECK(stone->shapes(1).motion() == pb::FADE);
  // Zone M3 centred on K10: point (9, 9), drawn at (10, 10), its 3 x 3 in
  // the Commercial blue, translucent, with its name.
  const cp::Action zone = cp::Action::place_zone(cp::piece_id(cp::Suit::Moons, 3), cp::point_at(9, 9));
  const auto z = ghost_layer(zone);
  REQUIRE(z);
  REQUIRE(z->shapes_size() == 3);
  CHECK(z->shapes(0).circle().radius() == Approx(1.6f));
  CHECK(z->shapes(1).id() == "ghost:zone");
  CHECK(z->shapes(1).rect().rect().x() == Approx(8.55f));
  CHECK(z->shapes(1).rect().rect().width() == Approx(2.9f));
  CHECK(z->shapes(1).fill() == 0x4a86c89cu);
  CHECK(z->shapes(2).text().content() == "M3");
  CHECK(z->shapes(2).tooltip() == "a better move: " + cp::to_notation(zone));
  // A pass has no place on the board: no ghost.
  CHECK_FALSE(ghost_layer(cp::Action::pass()));
}
