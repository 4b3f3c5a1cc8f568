// The real plugin module through Boost.DLL: loading and refusals, every call
// of the interface, and whole games cross-checked against the rules core.
#include <catch2/catch.hpp>

#include "alien_city.pb.h"
#include "alien_city/core/guided_playout.h"
#include "alien_city/core/notation.h"
#include "alien_city/core/playout.h"
#include "alien_city/core/rules.h"
#include "alien_city/core/scoring.h"
#include "alien_city/core/serialize.h"
#include "alien_city/core/setup.h"
#include "alien_city/core/streets.h"
#include "gamehost/calls/plugin.h"
#include "gamehost/calls/registry.h"
#include "gamehost/records/replay.h"
#include "test_support.h"

using namespace gamehost;
namespace ac = alien_city;

namespace {

std::string load_error(const std::filesystem::path& p) {
  try {
    Plugin::load(p);
  } catch (const HostError& e) {
    return e.what();
  }
  return "loaded";
}

// Seat order is Black, White; the core's arrays are White first.
std::vector<std::int64_t> seat_scores(const ac::State& s) {
  const auto t = ac::score_totals(s);
  return {t[1], t[0]};
}

std::vector<std::uint32_t> core_legal_ids(const ac::State& s) {
  std::vector<std::uint32_t> ids;
  for (const auto& a : ac::legal_actions(s)) ids.push_back(static_cast<std::uint32_t>(ac::action_id(a)));
  return ids;
}

}  // namespace

TEST_CASE("the Alien City plugin loads and describes itself", "[plugin]") {
  auto plugin = Plugin::load(ALIEN_CITY_PLUGIN);
  const auto& info = plugin->info();
  CHECK(info.interface_version() == 2);
  CHECK(info.id() == "alien_city");
  CHECK(info.name() == "Alien City");
  CHECK(info.version() == "1.0.0");
  REQUIRE(info.player_names_size() == 2);
  CHECK(info.player_names(0) == "Black");
  CHECK(info.player_names(1) == "White");
  CHECK(info.action_id_bound() == 641);
  REQUIRE(info.options_size() == 3);
  CHECK(info.options(0).name() == "setup");
  CHECK(info.options(0).default_value() == "balanced");
  CHECK(info.options(2).name() == "position");
  CHECK(info.analysis_topics().count("score") == 1);
  CHECK_FALSE(info.payload_descriptors().empty());
  // A clone shares the library and answers on its own.
  auto twin = plugin->clone();
  plugin.reset();
  CHECK(twin->new_game({}).state().size() == ac::serialize(ac::State(ac::balanced_layout(0))).size());
}

TEST_CASE("files that are not plugins are refused with their reason", "[plugin][errors]") {
  const auto dir = test::temp_dir("refusals");
  CHECK(load_error(dir / "missing.so") == (dir / "missing.so").string() + ": no such file");
  test::write_file(dir / "text.so", "this is not a library\n");
  CHECK(load_error(dir / "text.so") == (dir / "text.so").string() + ": not a shared library (no ELF header)");
  test::write_file(dir / "elf.so", std::string("\x7f" "ELF garbage", 12));
  CHECK_THAT(load_error(dir / "elf.so"), Catch::StartsWith((dir / "elf.so").string() + ": cannot load: "));
  const std::string fake = TEST_PLUGIN_DIR;
  CHECK(load_error(fake + "/not_a_plugin.so") ==
        fake + "/not_a_plugin.so: not a gamehost plugin (no gamehost_interface_version entry point)");
  CHECK(load_error(fake + "/wrong_version.so") ==
        fake + "/wrong_version.so: interface version 1000, but this host speaks version 2; rebuild the plugin "
               "against this host");
  CHECK(load_error(dir) == dir.string() + ": not a regular file");
}

TEST_CASE("the registry lists good and broken plugins without failing", "[plugin][registry]") {
  const auto dir = test::temp_dir("registry");
  test::write_file(dir / "broken.so", "text");
  std::filesystem::copy_file(std::string(TEST_PLUGIN_DIR) + "/wrong_version.so", dir / "wrong_version.so");
  Registry r = Registry::scan({std::filesystem::path(ALIEN_CITY_PLUGIN).parent_path(), dir});
  // The build's folder holds the games built (BUILT_GAMES, by file name),
  // then come the two broken files.
  constexpr std::size_t games = BUILT_GAME_COUNT;
  REQUIRE(r.entries().size() == games + 2);
  for (std::size_t i = 0; i < games; ++i) CHECK(r.entries()[i].info);
  CHECK(r.entries()[games].problem == "not a shared library (no ELF header)");
  CHECK(r.entries()[games + 1].problem ==
        "interface version 1000, but this host speaks version 2; rebuild the plugin against this host");
  CHECK(r.find("alien_city").id() == "alien_city");
  CHECK_THROWS_WITH(r.find("chess"), "unknown game 'chess' (installed: " BUILT_GAMES ")");
}

TEST_CASE("bad requests get precise errors, never a crash", "[plugin][errors]") {
  auto plugin = Plugin::load(ALIEN_CITY_PLUGIN);
  const std::string start = plugin->new_game({}).state();
  auto status_of = [&](auto fn) {
    try {
      fn();
    } catch (const CallError& e) {
      return std::pair<int, std::string>(e.status(), e.what());
    }
    return std::pair<int, std::string>(0, "");
  };
  pb::QueryFlags none;
  CHECK(status_of([&] { plugin->query("garbage", none); }) ==
        std::pair<int, std::string>(pb::BAD_STATE, "bad Alien City state bytes: expected 122 bytes, got 7"));
  std::string flipped = start;
  flipped[1] = 'X';
  CHECK(status_of([&] { plugin->query(flipped, none); }).first == pb::BAD_STATE);
  pb::ApplyResponse r;
  CHECK(status_of([&] { plugin->apply(start, 9999, none, r); }) ==
        std::pair<int, std::string>(pb::ILLEGAL_ACTION,
                                    "action id 9999 is not an Alien City action (ids are 0..640)"));
  // Claiming before any tower stands: the core's refusal, word for word.
  const auto core_error = ac::check_action(*ac::deserialize(start), ac::Action::claim(0));
  REQUIRE(core_error);
  CHECK(status_of([&] { plugin->apply(start, 560, none, r); }) ==
        std::pair<int, std::string>(pb::ILLEGAL_ACTION, core_error->message));
  pb::NewGameRequest bad;
  auto* o = bad.add_options();
  o->set_name("setp");
  o->set_value("x");
  CHECK(status_of([&] { plugin->new_game(bad); }) ==
        std::pair<int, std::string>(pb::INVALID_ARGUMENT, "unknown option 'setp' (options: setup, layout, position)"));
  o->set_name("setup");
  CHECK(status_of([&] { plugin->new_game(bad); }) ==
        std::pair<int, std::string>(pb::INVALID_ARGUMENT, "option setup: 'x' is not one of balanced, piecepack"));
  CHECK(status_of([&] { plugin->analyze(start, "weather"); }) ==
        std::pair<int, std::string>(pb::INVALID_ARGUMENT,
                                    "unknown analysis topic 'weather' (topics: \"\", score, why LOT, themes MOVE)"));
  CHECK(status_of([&] { plugin->analyze(start, "why Z9"); }) ==
        std::pair<int, std::string>(pb::INVALID_ARGUMENT, "'Z9' is not a lot (A1..H10)"));
  pb::DescribeResponse d;
  CHECK(status_of([&] { plugin->call(static_cast<pb::Method>(77), pb::DescribeRequest(), d); }) ==
        std::pair<int, std::string>(pb::UNIMPLEMENTED, "alien_city does not implement method 77"));
  // Bytes that are no request at all.
  pb::ParseActionRequest junk;
  junk.set_text(std::string("\xff\xff\xff", 3));
  pb::QueryResponse q;
  CHECK(status_of([&] { plugin->call(pb::METHOD_QUERY, pb::OptionValue(), q); }).first == pb::BAD_STATE);
  CHECK(status_of([&] {
          pb::ParseActionResponse pr;
          plugin->call(pb::METHOD_PARSE_ACTION, junk, pr);
        }).first == pb::INVALID_ARGUMENT);
}

TEST_CASE("random games through the interface match the rules core ply by ply", "[plugin][games]") {
  auto plugin = Plugin::load(ALIEN_CITY_PLUGIN);
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    CAPTURE(seed);
    pb::NewGameRequest req;
    req.set_seed(seed);
    if (seed % 2 == 0) {
      auto* o = req.add_options();
      o->set_name("setup");
      o->set_value("piecepack");
    }
    *req.mutable_flags() = full_flags();
    auto started = plugin->new_game(req);
    ac::State core(seed % 2 ? ac::balanced_layout(seed) : ac::piecepack_layout(seed));
    REQUIRE(started.state() == ac::serialize(core));
    CHECK(started.setup() == ac::layout_to_string(core.layout()));
    std::string state = started.state();
    pb::StateInfo info = started.info();
    ac::Rng rng(seed);
    pb::ApplyResponse applied;
    int plies = 0;
    while (!core.is_over()) {
      const auto ids = core_legal_ids(core);
      REQUIRE(std::vector<std::uint32_t>(info.legal_ids().begin(), info.legal_ids().end()) == ids);
      REQUIRE(info.to_move() == (core.to_move() == ac::Player::Black ? 0 : 1));
      const ac::Action a = ac::random_action(core, rng);
      plugin->apply(state, static_cast<std::uint32_t>(ac::action_id(a)), full_flags(), applied, true);
      REQUIRE(applied.action().notation() == ac::to_notation(a));
      ac::apply_unchecked(core, a);
      REQUIRE(applied.state() == ac::serialize(core));
      state = applied.state();
      info = applied.info();
      ++plies;
    }
    REQUIRE(info.terminal());
    CHECK(info.to_move() == -2);
    CHECK(info.legal_ids_size() == 0);
    const auto scores = seat_scores(core);
    CHECK(std::vector<std::int64_t>(info.scores().begin(), info.scores().end()) == scores);
    const double black = scores[0] > scores[1] ? 1 : scores[0] < scores[1] ? -1 : 0;
    CHECK(std::vector<double>(info.returns().begin(), info.returns().end()) == std::vector<double>{black, -black});
    CHECK(plies > 20);
  }
}

TEST_CASE("analysis, parse, evaluate and rollout answers match the core", "[plugin][analysis]") {
  auto plugin = Plugin::load(ALIEN_CITY_PLUGIN);
  pb::NewGameRequest req;
  req.set_seed(5);
  std::string state = plugin->new_game(req).state();
  ac::State core(ac::balanced_layout(5));
  ac::Rng rng(99);
  for (int i = 0; i < 30; ++i) ac::apply_unchecked(core, ac::random_action(core, rng));
  state = ac::serialize(core);

  const auto full = plugin->analyze(state, "");
  alien_city::v1::Analysis a;
  REQUIRE(full.detail().type_url() == "type.googleapis.com/alien_city.v1.Analysis");
  REQUIRE(a.ParseFromString(full.detail().value()));
  ac::LotSet streets = core.streets();
  REQUIRE(a.streets_size() == streets.count());
  for (const auto& lot : a.streets()) CHECK(streets.contains(*ac::parse_lot(lot)));
  const ac::LotSet legal = ac::street_legal_lots(core);
  for (const auto& lot : a.splitting_lots()) CHECK_FALSE(legal.contains(*ac::parse_lot(lot)));
  const auto b = ac::score_breakdown(core);
  CHECK(a.score().white() == b.totals[0]);
  CHECK(a.score().black() == b.totals[1]);
  REQUIRE(a.score().towers_size() == static_cast<int>(b.towers.size()));
  for (int i = 0; i < a.score().towers_size(); ++i) {
    CHECK(a.score().towers(i).points() == b.towers[i].points);
    CHECK(a.score().towers(i).competitor_path_size() == static_cast<int>(b.towers[i].competitor_path.size()));
  }
  CHECK_THAT(plugin->analyze(state, "score").text(), Catch::StartsWith(ac::breakdown_to_text(b)));

  pb::ParseActionRequest pr;
  pr.set_state(state);
  pb::ParseActionResponse parsed;
  const auto first = ac::legal_actions(core).front();
  pr.set_text(ac::to_notation(first));
  plugin->call(pb::METHOD_PARSE_ACTION, pr, parsed);
  CHECK(parsed.action().id() == static_cast<std::uint32_t>(ac::action_id(first)));

  pb::RolloutRequest rr;
  rr.set_state(state);
  rr.set_seed(3);
  rr.set_count(20);
  // By default the guided policy plays; with `uniform`, uniform random play.
  for (const bool uniform : {false, true}) {
    rr.set_uniform(uniform);
    pb::RolloutResponse rolled;
    plugin->call(pb::METHOD_ROLLOUT, rr, rolled);
    ac::Rng rrng(3);
    double black = 0, black_points = 0;
    std::uint64_t plies = 0;
    for (int k = 0; k < 20; ++k) {
      ac::State c = core;
      plies += static_cast<std::uint64_t>(uniform ? ac::random_playout(c, rrng) : ac::guided_playout(c, rrng));
      const auto s = seat_scores(c);
      black += s[0] > s[1] ? 1 : s[0] < s[1] ? -1 : 0;
      black_points += s[0];
    }
    INFO("uniform " << uniform);
    CHECK(rolled.returns_sum(0) == black);
    CHECK(rolled.returns_sum(1) == -black);
    CHECK(rolled.scores_sum(0) == black_points);
    CHECK(rolled.plies() == plies);
  }
}
