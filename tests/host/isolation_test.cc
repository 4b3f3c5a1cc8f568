// Isolated plugins through the library: the test plugin fault_game.so fails
// on demand (GAMEHOST_FAULT, see fake_plugins/fault_game.cc) and every
// failure becomes a PluginFault or a load refusal with its exact message;
// in-process loading refuses broken files as before.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "gamehost/calls/plugin.h"
#include "gamehost/calls/registry.h"
#include "isolation_support.h"
#include "test_support.h"

using namespace gamehost;

namespace {

const std::string kFault = std::string(TEST_PLUGIN_DIR) + "/fault_game.so";

// Long limits unless a case asks for a hang's (test::fault_timeout_seconds).
LoadOptions isolated(int seconds = 60) {
  LoadOptions o;
  o.isolate = true;
  o.limits.timeout.fill(std::chrono::seconds(seconds));
  o.limits.start = std::chrono::seconds(seconds);
  return o;
}

LoadOptions isolated_for(const char* mode) { return isolated(test::fault_timeout_seconds(mode)); }

std::string load_error(const std::string& path, const LoadOptions& o) {
  try {
    Plugin::load(path, o);
  } catch (const HostError& e) {
    return e.what();
  }
  return "loaded";
}

// The message of the first Apply of a new game.
std::string apply_error(Plugin& p) {
  const std::string start = p.new_game({}).state();
  pb::ApplyResponse r;
  try {
    p.apply(start, 0, {}, r);
  } catch (const PluginFault& f) {
    return f.what();
  }
  return "applied";
}

}  // namespace

TEST_CASE("an isolated plugin that fails while describing itself is refused with the reason", "[isolation]") {
  const std::pair<const char*, std::string> cases[] = {
      {"crash:describe", "crashed while describing itself: signal 11, Segmentation fault"},
      {"abort:describe", "crashed while describing itself: signal 6, Aborted"},
      {"exit:describe", "exited while describing itself: status 7"},
      {"throw:describe", "failed with an internal error while describing itself: fault_game plugin: boom"},
      {"hang:describe", "timed out while describing itself: no answer within 1 s; stopped"},
      {"garbage:describe", "sent an unreadable reply while describing itself: not a gamehost.v1.DescribeResponse"},
      {"oversized:describe",
       "sent an oversized reply while describing itself: 83886080 bytes, the limit is 67108864"},
  };
  for (const auto& [mode, why] : cases) {
    test::FaultEnv env(mode);
    CHECK(load_error(kFault, isolated_for(mode)) == kFault + ": " + why);
  }
}

TEST_CASE("an isolated plugin's faults in a call name the plugin and the call; the runner restarts",
          "[isolation]") {
  const std::pair<const char*, std::string> cases[] = {
      {"crash:apply", "fault_game: Apply: crashed (signal 11, Segmentation fault)"},
      {"exit:apply", "fault_game: Apply: exited (status 7)"},
      {"hang:apply", "fault_game: Apply: timed out (no answer within 1 s; stopped)"},
      {"garbage:apply", "fault_game: Apply: sent an unreadable reply (not a gamehost.v1.ApplyResponse)"},
      {"oversized:apply", "fault_game: Apply: sent an oversized reply (83886080 bytes, the limit is 67108864)"},
      {"throw:apply", "fault_game: Apply: failed with an internal error (fault_game plugin: boom)"},
  };
  for (const auto& [mode, why] : cases) {
    test::FaultEnv env(mode);
    auto plugin = Plugin::load(kFault, isolated_for(mode));
    CHECK(apply_error(*plugin) == why);
    // The next call starts a new runner, which answers.
    CHECK(plugin->new_game({}).state() == std::string("\x09\x00", 2));
    CHECK(plugin->query(std::string("\x01\x01", 2), {}).to_move() == 1);
  }
  test::FaultEnv env("crash:rollout");
  auto plugin = Plugin::load(kFault, isolated());
  pb::RolloutRequest req;
  req.set_state(std::string("\x09\x00", 2));
  req.set_count(1);
  pb::RolloutResponse resp;
  CHECK_THROWS_WITH(plugin->call(pb::METHOD_ROLLOUT, req, resp),
                    "fault_game: Rollout: crashed (signal 11, Segmentation fault)");
}

TEST_CASE("in process, unreadable and failing answers are faults too; broken files are refused as before",
          "[isolation]") {
  {
    test::FaultEnv env("garbage:apply");
    auto plugin = Plugin::load(kFault);
    CHECK_FALSE(plugin->isolated());
    CHECK(apply_error(*plugin) == "fault_game: Apply: sent an unreadable reply (not a gamehost.v1.ApplyResponse)");
  }
  {
    test::FaultEnv env("throw:apply");
    auto plugin = Plugin::load(kFault);
    CHECK(apply_error(*plugin) == "fault_game: Apply: failed with an internal error (fault_game plugin: boom)");
  }
  const std::string fake = TEST_PLUGIN_DIR;
  const auto dir = test::temp_dir("isolated-refusals");
  test::write_file(dir / "text.so", "this is not a library\n");
  // The runner refuses the same files with the same reasons.
  for (const LoadOptions& o : {LoadOptions{}, isolated()}) {
    CHECK(load_error(fake + "/not_a_plugin.so", o) ==
          fake + "/not_a_plugin.so: not a gamehost plugin (no gamehost_interface_version entry point)");
    CHECK(load_error(fake + "/wrong_version.so", o) ==
          fake + "/wrong_version.so: interface version 1000, but this host speaks version 2; rebuild the plugin "
                 "against this host");
    CHECK(load_error((dir / "text.so").string(), o) ==
          (dir / "text.so").string() + ": not a shared library (no ELF header)");
  }
}

TEST_CASE("both games state a true maximum length", "[isolation][max_plies]") {
  CHECK(Plugin::load(ALIEN_CITY_PLUGIN)->info().max_plies() == 160);
  const auto dir = std::filesystem::path(ALIEN_CITY_PLUGIN).parent_path();
  CHECK(Plugin::load(dir / "city_planning.so")->info().max_plies() == 1010);
  CHECK(Plugin::load(kFault)->max_plies() == 9);
}

TEST_CASE("the registry probes each file in a child and loads only the game asked for", "[isolation][registry]") {
  test::FaultEnv env("crash:describe");
  Registry r = Registry::scan({std::filesystem::path(ALIEN_CITY_PLUGIN).parent_path(), TEST_PLUGIN_DIR});
  // Named after the game: loaded in-process without touching the others.
  CHECK(r.find("alien_city").info().name() == "Alien City");
  // The build's games (BUILT_GAMES, in file-name order), then the four fakes.
  std::vector<std::string> games;
  std::istringstream built(BUILT_GAMES);
  for (std::string id; std::getline(built >> std::ws, id, ',');) games.push_back(id);
  const auto& e = r.entries();
  const std::size_t n = games.size();
  REQUIRE(e.size() == n + 4);
  for (std::size_t i = 0; i < n; ++i) CHECK(e[i].info->id() == games[i]);
  CHECK(e[n].path.filename() == "fault_game.so");
  CHECK(e[n].problem == "crashed while describing itself: signal 11, Segmentation fault");
  CHECK(e[n + 1].problem == "not a gamehost plugin (no gamehost_interface_version entry point)");
  CHECK(e[n + 2].path.filename() == "oversized_answer.so");
  CHECK_THROWS_WITH(r.find("fault_game"), "unknown game 'fault_game' (installed: " BUILT_GAMES ")");
}
