// One game on the server: its plugin instance, state, crash-safe log,
// seats, clocks and the connections that follow it. Everything here runs
// on the server's one network thread; only engine searches run elsewhere
// (the lobby's bounded pool), each on the room's own engine instance, and
// their choice comes back to this thread as a move like any other.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gamehost/play/agents/agent.h"
#include "gamehost/records/game_log.h"
#include "gamehost/secrets/game_secrets.h"
#include "gamehost/calls/plugin.h"
#include "gamehost/base/random.h"
#include "gamehost/calls/registry.h"
#include "gamehost/server/store.h"
#include "net.pb.h"

namespace gamehost::server {

// A connection as the rooms see it (http_server.cc implements it).
class Peer {
 public:
  virtual ~Peer() = default;
  // Queues `message` (its seq set per connection).
  virtual void send(net::ServerMessage message) = 0;
  // Queues `body` (its seq and reply_to unset) with this connection's seq
  // and `reply_to`. Connections sent one body share `binary`, its binary
  // encoding, made by the first that needs it: a move to a thousand
  // spectators is serialized once (a serialized message followed by
  // another parses as their merge, so the frame is a header with seq and
  // reply_to, then the shared bytes).
  virtual void send_shared(const net::ServerMessage& body, std::uint64_t reply_to, std::string& binary) {
    (void)binary;
    net::ServerMessage m = body;
    m.set_reply_to(reply_to);
    send(std::move(m));
  }
  // Closes the connection once what was queued is sent.
  virtual void close() = 0;
  std::string name;           // Hello.name
  bool password_ok = false;   // Hello gave the join password (or none is needed)
  bool scenes = false;        // Hello.scenes: send Position.scene (room_scenes.cc)
  bool seat_samples = false;  // Hello.seat_samples: send Position.seat_sample (room_samples.cc)
  bool scene_changes = false;  // Hello.scene_changes: scenes after the first as changes
  // Per game id: the selection its scenes are drawn with (Select), and the
  // scene sent last (with scene_changes) that the next is written against.
  std::map<std::string, std::string> selections;
  std::map<std::string, pb::Scene> scenes_sent;
};

// What rooms share: the loop, the engine pool, the records.
struct RoomContext {
  boost::asio::io_context& io;
  boost::asio::thread_pool& engines;
  Store& store;
  std::filesystem::path data_dir;
  // Called after any change a lobby subscriber should see.
  std::function<void(const net::GameSummary&)> changed;
};

class Room : public std::enable_shared_from_this<Room> {
 public:
  struct Seat {
    SeatRecord record;
    std::unique_ptr<Agent> engine;            // engine seats
    std::vector<std::weak_ptr<Peer>> peers;   // clients holding the seat
  };

  Room(RoomContext& context, std::unique_ptr<Plugin> plugin, std::string id);
  ~Room();

  // A new game (CreateGame checked by the lobby): starts it, writes the log
  // header and plays the chance plies before the first decision. Throws
  // HostError on a bad option (BAD_OPTION) or agent spec.
  void create(const net::CreateGame& request, const std::vector<std::string>& token_hashes);
  // A game from the records and its log, after a restart. Throws HostError
  // when the log cannot be resumed.
  void resume(const GameRecord& record, std::int64_t server_down_ms, Registry& registry);

  // A finished or aborted game from the records (its log read back, for
  // Watch and the download).
  void load_finished(const GameRecord& record);
  // Tells the followers that `seat` offers a rematch.
  void offer_rematch(int seat);
  // The engine spec of an engine seat, as recorded.
  std::string engine_spec(int seat) const;
  // The plugin's analysis of the latest position; nullopt when it has none.
  std::optional<std::string> analysis(const std::string& topic);
  // A hint for `seat` (to move), searched on the engine pool and sent to
  // `peer` as AnalysisResult. Returns an error when it cannot be given.
  std::optional<net::Error> hint(int seat, const std::shared_ptr<Peer>& peer, std::uint64_t reply_to);

  const std::string& id() const { return id_; }
  const net::GameSummary& summary() const { return summary_; }
  Plugin& plugin() { return *plugin_; }
  std::vector<Seat>& seats() { return seats_; }
  bool over() const;
  int plies() const { return static_cast<int>(plies_.size()); }

  // Sends `peer` the game as `seat` (-1: a spectator) sees it, and adds it
  // to the game's followers.
  void follow(const std::shared_ptr<Peer>& peer, int seat, std::uint64_t reply_to);
  // The peer follows the game no more (its connection is gone): as a
  // spectator only with `spectator_only` (Unwatch).
  void unfollow(const Peer* peer, bool spectator_only = false);
  // A seat taken (JoinGame): the record is updated and everyone told.
  void seat_taken(int seat, const std::string& player, const std::string& hash);
  // A person's move, checked. Returns an error (code set) or nothing when
  // the move was played (its MoveMade is the answer).
  std::optional<net::Error> move(int seat, const net::Move& request, std::uint64_t reply_to);
  void resign(int seat);
  // Takebacks (room_takeback.cc, docs/protocol.md "Takebacks"). An offer of
  // `seat` to take back its last move: refused with an error, or made
  // (Ack to `peer`, TakebackOffered to every follower; engine seats
  // decline it at once). An answer of `seat` to the pending offer: once
  // every other seat accepted, the plies are taken back in the log and
  // every follower gets TakenBack (reply_to for the answering seat).
  std::optional<net::Error> offer_takeback(int seat, const net::Takeback& request, Peer& peer, std::uint64_t reply_to);
  std::optional<net::Error> answer_takeback(int seat, bool accept, Peer& peer, std::uint64_t reply_to);
  std::optional<net::Error> abort(int seat);
  // The position the client of `seat` may see (spectators: -1).
  net::Position position_for(int seat);
  net::GameView view_for(int seat);
  // Adds Position.scene to `position` (the latest) for `seat` when `peer`
  // asked for scenes (room_scenes.cc).
  // `whole`: the scene whole even to a peer that takes changes (a GameView).
  void add_scene(net::Position& position, int seat, Peer& peer, bool whole = false);
  // Select: `peer`'s selection in this game, kept for its later scenes, and
  // the latest scene drawn with it (SceneShown). Returns an error (code set)
  // when `peer` does not follow the game or asked for no scenes.
  std::optional<net::Error> select(const std::shared_ptr<Peer>& peer, const std::string& selected, std::uint64_t reply_to);
  // Adds Position.seat_sample for `seat` when it is to move in a game with
  // hidden information and `peer` asked for samples (room_samples.cc).
  void add_seat_sample(net::Position& position, int seat, const Peer& peer);
  net::Clocks clocks() const;
  // Stops timers and searches' effects (server shutdown).
  void close();
  GameRecord record() const;

 private:
  void start_log(const net::CreateGame& request);
  // Records the game: committed before it returns, or (at_once false: the
  // records a move changes) staged for the store's next group commit.
  void save(bool at_once = true);
  // Plays chance plies, then starts the clock or the engine of the seat to
  // move; ends the game at a terminal state.
  void advance();
  // Records one ply that `plugin_` applied into `applied_`, then tells every
  // follower. A fault ends the game.
  void record_ply(int seat, std::uint32_t action, pb::StepResponse& applied, std::uint64_t reply_to);
  // Applies a checked action of `seat` and goes on.
  void play(int seat, std::uint32_t action, std::uint64_t reply_to);
  // Charges `seat` the time since its clock started: false when it ran out.
  bool charge(int seat);
  void schedule_engine();
  void engine_chose(int ply, std::uint64_t line, std::optional<std::uint32_t> choice, const std::string& failed);
  // The pending takeback offer is off: `seat` declined it or moved.
  void decline_takeback(int seat);
  // Takes the pending offer's plies back (every seat accepted); an error
  // when the log could not be written (the game goes on without it).
  std::optional<net::Error> take_back(int answering_seat, std::uint64_t reply_to);
  // After resume: drops a pending offer that the log no longer matches.
  void check_takeback_offer();
  void start_clock();
  void arm_timer();
  void time_out(int seat);
  // Ends the game: by the rules (seat -1), or a forfeit of `seat`.
  void finish(net::EndReason reason, int seat, const std::string& why);
  // Ends the game with a fault record (the seal key revealed).
  void fault(const pb::LogFault& f);
  void broadcast_ply(std::size_t index, std::uint64_t reply_to);
  void broadcast_end(net::EndReason reason, int seat, const pb::LogResult& result);
  net::PlyView ply_view(std::size_t index, int seat) const;
  bool sees(std::size_t index, int seat) const;
  std::vector<std::pair<std::shared_ptr<Peer>, int>> followers();
  // SeatChanged to every follower: the seat was taken, or its client came or went.
  void tell_seat(int seat);

  RoomContext& context_;
  std::unique_ptr<Plugin> plugin_;
  std::unique_ptr<Plugin> engine_plugin_;  // only the engine pool calls it
  std::unique_ptr<Plugin> hint_plugin_;    // the same, for hints
  bool hinting_ = false;
  std::string id_;
  net::GameSummary summary_;
  GameRecord stored_;
  std::vector<Seat> seats_;
  std::vector<std::weak_ptr<Peer>> spectators_;
  std::string state_, before_;
  pb::StateInfo info_;
  std::vector<pb::LogPly> plies_;         // as played (unsealed)
  std::vector<std::uint32_t> seen_;       // per ply: bit s set when seat s saw it
  std::unique_ptr<LogWriter> log_;
  std::optional<GameSecrets> secrets_;
  ChanceSecret chance_secret_;
  std::unique_ptr<SplitMix> chance_;
  std::int64_t start_ms_ = 0;
  std::uint64_t agents_seed_ = 0;
  bool secret_ = false;
  // Clocks.
  std::vector<std::int64_t> remaining_;
  int running_ = -1;
  std::int64_t turn_started_ms_ = 0;
  std::int64_t deadline_ms_ = 0;
  boost::asio::steady_timer timer_;
  int engine_ply_ = -1;  // the ply an engine is searching for
  // Counts takebacks: an engine's choice searched before one is dropped
  // (its ply number comes again, for another position).
  std::uint64_t line_ = 0;
  bool closed_ = false;
  std::optional<std::vector<std::string>> scene_overlays_;  // the game's default overlays (room_scenes.cc)
  // The scene of the latest state for `seat`, drawn with `selected`
  // (room_scenes.cc); nullopt for a plugin without scenes.
  std::optional<pb::Scene> latest_scene(int seat, const std::string& selected);
  // `scene` for `peer`: whole into `full`, or as its changes to the scene
  // the peer was sent before into `changes` (Hello.scene_changes).
  void give_scene(Peer& peer, pb::Scene scene, bool whole, pb::Scene& full, std::string& changes);
};

}  // namespace gamehost::server
