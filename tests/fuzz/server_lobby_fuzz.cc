// libFuzzer: lobby requests (host/server lobby.h) on one server, as a
// connection would send them: the input is one binary ClientMessage.
// Requests that name a game or a seat's token are pointed at the last game
// and token the server handed out when they say "G" and "T", so moves,
// resigns and rematches reach real games. Every request is answered
// (a message or an Error), never a crash; the real plugins are loaded.
#include <boost/asio/io_context.hpp>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <unistd.h>

#include "gamehost/calls/registry.h"
#include "gamehost/server/lobby.h"

namespace {

namespace server = gamehost::server;

class FuzzPeer : public server::Peer {
 public:
  void send(server::net::ServerMessage message) override {
    ++received;
    if (message.has_game_created() && message.game_created().tokens_size() > 0)
      key = message.game_created().tokens(0).key();
    if (message.has_joined()) key = message.joined().key();
  }
  void close() override {}
  int received = 0;
  server::net::SeatKey key;
};

struct World {
  boost::asio::io_context io;
  gamehost::Registry registry = gamehost::Registry::scan({PLUGIN_DIR});
  std::unique_ptr<server::Lobby> lobby;
  std::filesystem::path data =
      std::filesystem::temp_directory_path() / ("gamehost-lobby-fuzz-" + std::to_string(getpid()));
  ~World() {
    lobby.reset();
    std::filesystem::remove_all(data);
  }
  World() {
    std::filesystem::remove_all(data);
    server::LobbySettings settings;
    settings.data_dir = data;
    lobby = std::make_unique<server::Lobby>(registry, io, settings);
  }
};

void point_at_known(server::net::SeatKey& key, const server::net::SeatKey& known) {
  if (key.game_id() == "G") key.set_game_id(known.game_id());
  if (key.token() == "T") key.set_token(known.token());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static World world;
  static auto peer = std::make_shared<FuzzPeer>();
  server::net::ClientMessage request;
  if (!request.ParseFromArray(data, static_cast<int>(size))) return 0;
  // No searches that outlive an input: engines are random ones.
  if (request.has_create_game())
    for (auto& seat : *request.mutable_create_game()->mutable_seats())
      if (seat.has_engine()) seat.set_engine("random");
  if (request.has_hint()) return 0;
  const auto& known = peer->key;
  switch (request.body_case()) {
    case server::net::ClientMessage::kMove: point_at_known(*request.mutable_move()->mutable_key(), known); break;
    case server::net::ClientMessage::kResign: point_at_known(*request.mutable_resign()->mutable_key(), known); break;
    case server::net::ClientMessage::kAbort: point_at_known(*request.mutable_abort()->mutable_key(), known); break;
    case server::net::ClientMessage::kAttach: point_at_known(*request.mutable_attach()->mutable_key(), known); break;
    case server::net::ClientMessage::kRematch: point_at_known(*request.mutable_rematch()->mutable_key(), known); break;
    case server::net::ClientMessage::kJoinGame:
      if (request.join_game().game_id() == "G") request.mutable_join_game()->set_game_id(known.game_id());
      break;
    case server::net::ClientMessage::kWatch:
      if (request.watch().game_id() == "G") request.mutable_watch()->set_game_id(known.game_id());
      break;
    default: break;
  }
  const int before = peer->received;
  world.lobby->handle(peer, request);
  // Every request is answered at once (a Move by its MoveMade, the mover
  // following its game, or an Error).
  if (peer->received == before && request.body_case() != server::net::ClientMessage::kUnwatch) __builtin_trap();
  world.io.poll();  // engine moves and timers that are due
  world.io.restart();
  return 0;
}
