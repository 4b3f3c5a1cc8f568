// The scene in a JSON frame of `gamehost serve` (host/server/wire.cc,
// docs/protocol.md): printed with its fields at their default left out
// while the rest of the frame prints every field, and read back by
// protobuf's JSON parser as the very message sent.
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/message_differencer.h>

#include <catch2/catch.hpp>

#include <filesystem>

#include "gamehost/calls/registry.h"
#include "gamehost/records/game_log.h"
#include "gamehost/records/json_codec.h"
#include "gamehost/records/replay.h"
#include "gamehost/server/wire.h"
#include "test_support.h"

using namespace gamehost;
using google::protobuf::util::MessageDifferencer;
namespace netv1 = gamehost::net::v1;

namespace {

// seed-1's scene at `ply`, as the server draws it (default overlays on,
// the targets of the seat to move), with `selected`.
pb::Scene scene_at(Plugin& plugin, const std::vector<std::string>& states, int ply, const std::string& selected) {
  pb::RenderSceneRequest request;
  request.set_state(states.at(static_cast<std::size_t>(ply)));
  request.mutable_view()->add_overlays("streets");
  request.mutable_view()->add_overlays("paths");
  request.mutable_view()->set_selected(selected);
  request.mutable_view()->set_hit_actions(true);
  pb::RenderSceneResponse response;
  plugin.call(pb::METHOD_RENDER_SCENE, request, response);
  return response.scene();
}

}  // namespace

TEST_CASE("a JSON frame's scene is printed without its defaults and reads back whole") {
  Registry registry = Registry::scan({std::filesystem::path(ALIEN_CITY_PLUGIN).parent_path()});
  Plugin& plugin = registry.find("alien_city");
  const std::string path = std::string(SOURCE_DIR) + "/games/samples/seed-1.ghlog";
  const GameLog log = parse_log(test::read_file(path), "seed-1.ghlog");
  const auto states = replay(plugin, log, std::nullopt, /*keep_states=*/true).states;
  const pb::Scene plain = scene_at(plugin, states, 30, "");
  REQUIRE(plain.cycle_size() > 0);
  const pb::Scene selected = scene_at(plugin, states, 30, plain.cycle(0));
  REQUIRE(selected.paths_size() > 0);

  netv1::ServerMessage made;
  made.set_seq(4);
  made.mutable_move_made()->set_game_id("g1");
  made.mutable_move_made()->mutable_position()->set_ply(30);
  made.mutable_move_made()->mutable_position()->mutable_info()->set_to_move(0);
  *made.mutable_move_made()->mutable_position()->mutable_scene() = plain;
  netv1::ServerMessage shown;
  shown.set_reply_to(9);
  shown.mutable_scene_shown()->set_game_id("g1");
  shown.mutable_scene_shown()->set_selected(plain.cycle(0));
  *shown.mutable_scene_shown()->mutable_scene() = selected;

  for (const netv1::ServerMessage* sent : {&made, &shown}) {
    const std::string frame = server::encode_server_message(*sent, /*text=*/true);
    INFO(frame.substr(0, 400));
    netv1::ServerMessage back;
    REQUIRE(server::decode_server_message(frame, true, back));
    CHECK(MessageDifferencer::Equals(back, *sent));
    // The scene's defaults are left out (a Motion FADE, an empty tooltip),
    // the rest of the frame prints them (to_move 0, the reply_to 0).
    CHECK(frame.find("\"motion\":\"FADE\"") == std::string::npos);
    CHECK(frame.find("\"tooltip\":\"\"") == std::string::npos);
    CHECK(frame.find(sent == &made ? "\"to_move\":0" : "\"seq\":\"0\"") != std::string::npos);
    CHECK(frame.find("gh-scene") == std::string::npos);
    std::string every_field;
    auto options = json_print_options();
    options.add_whitespace = false;
    REQUIRE(google::protobuf::util::MessageToJsonString(*sent, &every_field, options).ok());
    CHECK(frame.size() * 4 < every_field.size() * 3);  // 73 KB instead of 104 KB for this one
  }
}
