// Engines anywhere in a game with hidden information: two `gamehost bot`
// processes with mcts play City Planning to the end on a server, each
// searching on the sample of its seat's view the server sends
// (Position.seat_sample). Every message each bot received (its --record)
// is checked against the finished log: no tile of the other hand that the
// seat could not see at that ply in any text, and each sample agrees with
// the seat's own view while its other hand is drawn afresh, not the true one.
#include <google/protobuf/util/json_util.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <regex>
#include <set>

#include "client_process.h"
#include "gamehost/records/game_log.h"
#include "gamehost/calls/registry.h"
#include "gamehost/records/replay.h"
#include "gamehost/secrets/record_as_seat.h"
#include "net.pb.h"

using namespace client_test;
using namespace std::chrono_literals;
namespace net = gamehost::net::v1;

namespace {

const std::regex kTile(R"((^|[^@\w])([CSMA][0-5])(?!\w))");  // a coin, not a point ("P@M3")

std::set<std::string> tiles_in(const std::string& text) {
  std::set<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kTile); it != std::sregex_iterator(); ++it)
    out.insert((*it)[2]);
  return out;
}

// "hand A: C3 S1 ?" as the plugin's Observe for `seat` writes it.
std::string hand_line(const std::string& observed, char letter) {
  std::smatch m;
  const std::regex line(std::string("hand ") + letter + ": ([^\\n]*)");
  REQUIRE(std::regex_search(observed, m, line));
  return m[1];
}

std::vector<net::ServerMessage> read_record(const std::filesystem::path& file) {
  std::ifstream in(file);
  REQUIRE(in);
  std::vector<net::ServerMessage> out;
  std::string line;
  while (std::getline(in, line)) {
    net::ServerMessage m;
    REQUIRE(google::protobuf::util::JsonStringToMessage(line, &m).ok());
    out.push_back(std::move(m));
  }
  return out;
}

// What `seat` sees of `state`: the plugin's Observe, text and drawn board
// (legend included), as the server sends it.
std::string seen_by(gamehost::Plugin& plugin, const std::string& state, int seat) {
  gamehost::pb::ObserveRequest request;
  request.set_state(state);
  request.set_player(seat);
  request.set_board(true);
  gamehost::pb::ObserveResponse observed;
  plugin.call(gamehost::pb::METHOD_OBSERVE, request, observed);
  return observed.text() + observed.board().board().text() + observed.board().legend().text();
}

const net::Position* position_of(const net::ServerMessage& m) {
  if (m.has_game()) return &m.game().position();
  if (m.has_move_made()) return &m.move_made().position();
  if (m.has_game_ended()) return &m.game_ended().position();
  return nullptr;
}

}  // namespace

TEST_CASE("two mcts bots play City Planning on a server, each searching its own seat's sample", "[hidden]") {
  Server server("bot-hidden");
  Process creator({"play", "--connect", server.url(), "city_planning", "--player1", "open", "--player2", "open",
                   "--no-color"});
  const std::string game = creator.wait_for(R"(Created City Planning game (\S+) on)", 30s)[1];
  const auto dir = temp_dir("bot-hidden-records");
  const auto record_a = dir / "a.jsonl", record_b = dir / "b.jsonl";
  Process a({"bot", "--server", server.url(), "--agent", "mcts:iters=40", "--games", "1", "--record", record_a.string()});
  Process b({"bot", "--server", server.url(), "--agent", "mcts:iters=40", "--games", "1", "--record", record_b.string()});
  const int status_a = a.wait(240s), status_b = b.wait(240s);
  INFO(a.output() << b.output());
  REQUIRE(status_a == 0);
  REQUIRE(status_b == 0);
  CHECK(a.output().find("Game " + game + " over after") != std::string::npos);
  const Ran verified = run_gamehost({"verify", server.log_of(game).string()});
  INFO(verified.out);
  REQUIRE(verified.status == 0);

  gamehost::Registry registry = gamehost::Registry::scan({PLUGIN_DIR});
  gamehost::Plugin& plugin = registry.find("city_planning");
  const gamehost::GameLog log = gamehost::read_log(server.log_of(game));
  const auto states = gamehost::replay(plugin, log, std::nullopt, /*keep_states=*/true).states;
  const int plies = log.record.plies_size();
  CHECK(plies > 20);

  for (const auto& file : {record_a, record_b}) {
    const auto messages = read_record(file);
    int seat = -1;
    for (const auto& m : messages)
      if (m.has_joined()) seat = m.joined().key().seat();
    REQUIRE((seat == 0 || seat == 1));
    const int other = 1 - seat;
    const char other_letter = other == 0 ? 'A' : 'B';
    int samples = 0, same_hand = 0, turns_searched = 0;
    std::size_t ply = 0;
    for (auto m : messages) {
      if (const auto* p = position_of(m)) ply = p->ply();
      REQUIRE(ply < states.size());
      const std::string& truth = states[ply];
      const auto mine = gamehost::observe(plugin, truth, seat).text();
      const auto theirs = gamehost::observe(plugin, truth, other).text();
      if (const auto* p = position_of(m); p && !p->seat_sample().empty()) {
        ++samples;
        CHECK(p->info().to_move() == seat);
        CHECK(!m.has_game_ended());
        // The sample is the seat's view exactly ...
        CHECK(gamehost::observe(plugin, p->seat_sample(), seat).text() == mine);
        // ... and the other hand in it is drawn afresh.
        const auto sampled = gamehost::observe(plugin, p->seat_sample(), other).text();
        same_hand += hand_line(sampled, other_letter) == hand_line(theirs, other_letter);
      }
      if (m.has_move_made() && m.move_made().ply().player() == seat) ++turns_searched;
      // Every text the bot received, the sample's bytes aside: no tile of
      // the other hand that this seat did not see then.
      if (auto* p = const_cast<net::Position*>(position_of(m))) p->clear_seat_sample();
      std::string json;
      REQUIRE(google::protobuf::util::MessageToJsonString(m, &json).ok());
      std::set<std::string> secret;
      const auto seen = tiles_in(seen_by(plugin, truth, seat));
      for (const auto& t : tiles_in(hand_line(theirs, other_letter)))
        if (!seen.count(t)) secret.insert(t);
      for (const auto& t : tiles_in(json)) {
        INFO("seat " << seat << " received the other hand's " << t << " at ply " << ply << ": "
                     << json.substr(json.find(t) < 200 ? 0 : json.find(t) - 200, 400));
        CHECK(!secret.count(t));
      }
    }
    INFO("seat " << seat << ": " << samples << " samples, " << same_hand << " with the true other hand");
    // A sample came for every decision the bot made (one per turn it was
    // to move; a GameView after a reconnect may add one).
    CHECK(samples >= turns_searched);
    CHECK(samples > 10);
    // The true hand would be in every sample; drawn afresh, it is rarely.
    CHECK(same_hand * 4 < samples);
  }
}
