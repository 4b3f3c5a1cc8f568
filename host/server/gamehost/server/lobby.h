// The lobby: every request a connection sends (net.proto ClientMessage),
// checked and answered, and the rooms of every game on the server. Runs on
// the server's one network thread.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "gamehost/calls/registry.h"
#include "gamehost/server/room.h"
#include "gamehost/server/store.h"

namespace gamehost::server {

struct LobbySettings {
  std::filesystem::path data_dir;
  std::string join_password;          // empty: none asked
  std::uint32_t max_message_bytes = 64 * 1024;
  int engine_threads = 1;
  std::string public_url;             // "http://host:port", for invite links
  std::string server_version = GAMEHOST_VERSION;
};

class Lobby {
 public:
  Lobby(Registry& registry, boost::asio::io_context& io, const LobbySettings& settings);
  ~Lobby();

  // Resumes every unfinished game of the records from its log; reports each
  // on `out`. A game that cannot be resumed is reported and left as it is.
  void resume_all(std::ostream& out);

  net::Welcome welcome() const;
  // Answers one request of `peer`.
  void handle(const std::shared_ptr<Peer>& peer, const net::ClientMessage& request);
  // The connection is gone: it holds its seats no more (they stay its token's).
  void disconnected(const Peer* peer);
  // Stops the engines (waiting for their searches) and every room's timers.
  void shutdown();
  // The log of a finished game, for GET /games/ID.ghlog; empty when there is none.
  std::filesystem::path finished_log(const std::string& game_id) const;
  // The plugin of a finished game's room (to write its records); nullptr
  // when there is no such game.
  Plugin* finished_game_plugin(const std::string& game_id);
  // Writes the server's heartbeat (called every few seconds).
  void heartbeat();
  const LobbySettings& settings() const { return settings_; }

 private:
  void list_game_types(const std::shared_ptr<Peer>& peer, std::uint64_t id);
  void list_games(const std::shared_ptr<Peer>& peer, const net::ListGames& request, std::uint64_t id);
  void create_game(const std::shared_ptr<Peer>& peer, const net::CreateGame& request, std::uint64_t id);
  void join_game(const std::shared_ptr<Peer>& peer, const net::JoinGame& request, std::uint64_t id);
  void attach(const std::shared_ptr<Peer>& peer, const net::Attach& request, std::uint64_t id);
  void rematch(const std::shared_ptr<Peer>& peer, const net::Rematch& request, std::uint64_t id);
  void analyze(const std::shared_ptr<Peer>& peer, const net::Analyze& request, std::uint64_t id);
  void hint(const std::shared_ptr<Peer>& peer, const net::Hint& request, std::uint64_t id);
  // The room of `key` when the token proves the seat; else sends the error.
  Room* proven_seat(const std::shared_ptr<Peer>& peer, const net::SeatKey& key, std::uint64_t id);
  Room* find_room(const std::shared_ptr<Peer>& peer, const std::string& game_id, std::uint64_t id);
  bool password_checked(const std::shared_ptr<Peer>& peer, std::uint64_t id);
  void changed(const net::GameSummary& summary);
  std::string invite_url(const std::string& game_id, int seat, const std::string& token) const;

  Registry& registry_;
  boost::asio::io_context& io_;
  LobbySettings settings_;
  Store store_;
  boost::asio::thread_pool engines_;
  RoomContext context_;
  std::map<std::string, std::shared_ptr<Room>> rooms_;
  std::vector<std::string> order_;  // game ids, oldest first
  struct Subscriber {
    std::weak_ptr<Peer> peer;
    net::ListGames filter;
  };
  std::vector<Subscriber> subscribers_;
};

// An Error message to `peer` answering request `reply_to`.
void send_error(Peer& peer, std::uint64_t reply_to, net::Error::Code code, const std::string& message,
                const std::string& game_id = "");

}  // namespace gamehost::server
