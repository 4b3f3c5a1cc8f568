#include "gamehost/server/lobby.h"

#include <fmt/core.h>
#include <openssl/crypto.h>

#include <algorithm>

#include "gamehost/play/agents/spec.h"
#include "gamehost/play/faults.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/play/play.h"
#include "gamehost/server/earlier_analysis.h"
#include "gamehost/server/tokens.h"

namespace gamehost::server {

void send_error(Peer& peer, std::uint64_t reply_to, net::Error::Code code, const std::string& message,
                const std::string& game_id) {
  net::ServerMessage m;
  m.set_reply_to(reply_to);
  auto& e = *m.mutable_error();
  e.set_code(code);
  e.set_message(message);
  e.set_game_id(game_id);
  peer.send(std::move(m));
}

namespace {

void send_ack(Peer& peer, std::uint64_t reply_to) {
  net::ServerMessage m;
  m.set_reply_to(reply_to);
  m.mutable_ack();
  peer.send(std::move(m));
}

bool listed(const net::ListGames& filter, const net::GameSummary& game) {
  if (!filter.open() && !filter.playing() && !filter.finished()) return true;
  return (filter.open() && game.status() == net::WAITING) || (filter.playing() && game.status() == net::PLAYING) ||
         (filter.finished() && (game.status() == net::FINISHED || game.status() == net::ABORTED));
}

}  // namespace

Lobby::Lobby(Registry& registry, boost::asio::io_context& io, const LobbySettings& settings)
    : registry_(registry),
      io_(io),
      settings_(settings),
      store_((std::filesystem::create_directories(settings.data_dir / "games"), settings.data_dir / "server.sqlite")),
      engines_(static_cast<std::size_t>(std::max(1, settings.engine_threads))),
      context_{io, engines_, store_, settings.data_dir, [this](const net::GameSummary& s) { changed(s); }} {}

Lobby::~Lobby() { shutdown(); }

void Lobby::shutdown() {
  for (auto& [id, room] : rooms_) room->close();
  engines_.join();
}

void Lobby::heartbeat() { store_.set_alive(now_ms()); }

void Lobby::resume_all(std::ostream& out) {
  const std::int64_t alive = store_.alive();
  const std::int64_t down = alive ? std::max<std::int64_t>(0, now_ms() - alive) : 0;
  for (const GameRecord& record : store_.load_all()) {
    std::shared_ptr<Room> room;
    const auto status = record.summary.status();
    try {
      room = std::make_shared<Room>(context_, registry_.find(record.summary.game_type()).clone(), record.id);
      if (status == net::WAITING || status == net::PLAYING) {
        room->resume(record, down, registry_);
        out << fmt::format("Resumed game {} ({}, {} plies)\n", record.id, record.summary.game_type(), room->plies());
      } else {
        room->load_finished(record);
      }
    } catch (const std::exception& e) {
      // The log ended (a result or a fault) after the records were last
      // written: the log is the truth, the game is over.
      std::optional<GameLog> log;
      try {
        log = read_log(settings_.data_dir / record.log_path);
      } catch (const std::exception&) {
      }
      if (!log || (!log->finished() && !log->faulted())) {
        out << fmt::format("Game {} ({}): not resumed: {}\n", record.id, record.summary.game_type(), e.what());
        continue;
      }
      GameRecord ended = record;
      ended.summary.set_status(net::FINISHED);
      ended.summary.set_plies(static_cast<std::uint32_t>(log->record.plies_size()));
      ended.summary.set_result(log->finished() ? log->record.result().result() : fault_text(log->record.fault()));
      ended.end_reason = log->faulted() ? net::PLUGIN_FAULT : net::GAME_OVER_BY_RULES;
      room = std::make_shared<Room>(context_, registry_.find(record.summary.game_type()).clone(), record.id);
      room->load_finished(ended);
      store_.save(ended);
      out << fmt::format("Game {} ({}): finished in its log: {}\n", record.id, record.summary.game_type(),
                         ended.summary.result());
    }
    rooms_[record.id] = room;
    order_.push_back(record.id);
  }
}

net::Welcome Lobby::welcome() const {
  net::Welcome w;
  w.set_protocol_version(net::PROTOCOL_VERSION_CURRENT);
  w.set_server_version(settings_.server_version);
  w.set_server_time_ms(now_ms());
  w.set_max_message_bytes(settings_.max_message_bytes);
  w.set_join_password_required(!settings_.join_password.empty());
  return w;
}

std::filesystem::path Lobby::finished_log(const std::string& game_id) const {
  const auto it = rooms_.find(game_id);
  if (it == rooms_.end() || !it->second->over()) return {};
  return settings_.data_dir / it->second->record().log_path;
}

Plugin* Lobby::finished_game_plugin(const std::string& game_id) {
  const auto it = rooms_.find(game_id);
  if (it == rooms_.end() || !it->second->over()) return nullptr;
  return &it->second->plugin();
}

void Lobby::changed(const net::GameSummary& summary) {
  subscribers_.erase(std::remove_if(subscribers_.begin(), subscribers_.end(),
                                    [](const Subscriber& s) { return s.peer.expired(); }),
                     subscribers_.end());
  for (const auto& s : subscribers_) {
    if (!listed(s.filter, summary)) continue;
    net::ServerMessage m;
    *m.mutable_lobby_update()->mutable_game() = summary;
    s.peer.lock()->send(std::move(m));
  }
}

std::string Lobby::invite_url(const std::string& game_id, int seat, const std::string& token) const {
  // In the fragment: a browser never sends it to a server, so it stays out
  // of access logs and Referer headers.
  return fmt::format("{}/#join={}:{}:{}", settings_.public_url, game_id, seat, token);
}

Room* Lobby::find_room(const std::shared_ptr<Peer>& peer, const std::string& game_id, std::uint64_t id) {
  const auto it = rooms_.find(game_id);
  if (it == rooms_.end()) {
    send_error(*peer, id, net::Error::UNKNOWN_GAME, fmt::format("no game '{}' on this server", clipped(game_id)),
               game_id.size() <= 64 ? game_id : "");
    return nullptr;
  }
  return it->second.get();
}

Room* Lobby::proven_seat(const std::shared_ptr<Peer>& peer, const net::SeatKey& key, std::uint64_t id) {
  Room* room = find_room(peer, key.game_id(), id);
  if (!room) return nullptr;
  if (key.seat() < 0 || key.seat() >= static_cast<int>(room->seats().size())) {
    send_error(*peer, id, net::Error::BAD_REQUEST,
               fmt::format("game {} has seats 0..{}, not {}", room->id(), room->seats().size() - 1, key.seat()),
               room->id());
    return nullptr;
  }
  const auto& record = room->seats()[static_cast<std::size_t>(key.seat())].record;
  if (record.token_hash.empty() || !token_matches(record.token_hash, key.token())) {
    send_error(*peer, id, net::Error::BAD_TOKEN,
               fmt::format("game {}, seat {}: the token is not this seat's", room->id(), key.seat()), room->id());
    return nullptr;
  }
  return room;
}

bool Lobby::password_checked(const std::shared_ptr<Peer>& peer, std::uint64_t id) {
  if (settings_.join_password.empty() || peer->password_ok) return true;
  send_error(*peer, id, net::Error::BAD_PASSWORD,
             "this server asks for its join password: send Hello with join_password first");
  return false;
}

void Lobby::handle(const std::shared_ptr<Peer>& peer, const net::ClientMessage& request) {
  const std::uint64_t id = request.id();
  try {
    switch (request.body_case()) {
      case net::ClientMessage::kHello: {
        const auto& hello = request.hello();
        if (hello.protocol_version() > net::PROTOCOL_VERSION_CURRENT) {
          send_error(*peer, id, net::Error::WRONG_VERSION,
                     fmt::format("protocol version {} is not known here (this server speaks {})",
                                 hello.protocol_version(), static_cast<int>(net::PROTOCOL_VERSION_CURRENT)));
          return;
        }
        if (!settings_.join_password.empty()) {
          const std::string want = token_hash(settings_.join_password), given = token_hash(hello.join_password());
          if (CRYPTO_memcmp(want.data(), given.data(), want.size()) != 0) {
            send_error(*peer, id, net::Error::BAD_PASSWORD, "Hello: the join password is not this server's");
            return;
          }
          peer->password_ok = true;
        }
        peer->name = hello.name().substr(0, 64);
        peer->scenes = hello.scenes();
        peer->seat_samples = hello.seat_samples();
        peer->scene_changes = hello.scene_changes();
        send_ack(*peer, id);
        return;
      }
      case net::ClientMessage::kListGameTypes: return list_game_types(peer, id);
      case net::ClientMessage::kListGames: return list_games(peer, request.list_games(), id);
      case net::ClientMessage::kCreateGame: return create_game(peer, request.create_game(), id);
      case net::ClientMessage::kJoinGame: return join_game(peer, request.join_game(), id);
      case net::ClientMessage::kWatch: {
        if (Room* room = find_room(peer, request.watch().game_id(), id)) room->follow(peer, -1, id);
        return;
      }
      case net::ClientMessage::kUnwatch: {
        if (Room* room = find_room(peer, request.unwatch().game_id(), id)) {
          room->unfollow(peer.get(), /*spectator_only=*/true);
          send_ack(*peer, id);
        }
        return;
      }
      case net::ClientMessage::kAttach: return attach(peer, request.attach(), id);
      case net::ClientMessage::kMove: {
        Room* room = proven_seat(peer, request.move().key(), id);
        if (!room) return;
        if (auto error = room->move(request.move().key().seat(), request.move(), id)) {
          net::ServerMessage m;
          m.set_reply_to(id);
          *m.mutable_error() = std::move(*error);
          peer->send(std::move(m));
        }
        return;
      }
      case net::ClientMessage::kResign: {
        Room* room = proven_seat(peer, request.resign().key(), id);
        if (!room) return;
        if (room->over()) {
          send_error(*peer, id, net::Error::GAME_OVER, fmt::format("game {} is over", room->id()), room->id());
          return;
        }
        send_ack(*peer, id);
        room->resign(request.resign().key().seat());
        return;
      }
      case net::ClientMessage::kAbort: {
        Room* room = proven_seat(peer, request.abort().key(), id);
        if (!room) return;
        if (auto error = room->abort(request.abort().key().seat())) {
          net::ServerMessage m;
          m.set_reply_to(id);
          *m.mutable_error() = std::move(*error);
          peer->send(std::move(m));
          return;
        }
        send_ack(*peer, id);
        return;
      }
      case net::ClientMessage::kRematch: return rematch(peer, request.rematch(), id);
      case net::ClientMessage::kAnalyze: return analyze(peer, request.analyze(), id);
      case net::ClientMessage::kHint: return hint(peer, request.hint(), id);
      case net::ClientMessage::kTakeback: {
        Room* room = proven_seat(peer, request.takeback().key(), id);
        if (!room) return;
        if (auto error = room->offer_takeback(request.takeback().key().seat(), request.takeback(), *peer, id))
          send_error(*peer, id, error->code(), error->message(), room->id());
        return;
      }
      case net::ClientMessage::kTakebackAnswer: {
        const auto& answer = request.takeback_answer();
        Room* room = proven_seat(peer, answer.key(), id);
        if (!room) return;
        if (auto error = room->answer_takeback(answer.key().seat(), answer.accept(), *peer, id))
          send_error(*peer, id, error->code(), error->message(), room->id());
        return;
      }
      case net::ClientMessage::kSelect: {
        Room* room = find_room(peer, request.select().game_id(), id);
        if (!room) return;
        if (auto error = room->select(peer, request.select().selected().substr(0, 256), id)) {
          net::ServerMessage m;
          m.set_reply_to(id);
          *m.mutable_error() = std::move(*error);
          peer->send(std::move(m));
        }
        return;
      }
      case net::ClientMessage::kPing: {
        net::ServerMessage m;
        m.set_reply_to(id);
        m.mutable_pong()->set_nonce(request.ping().nonce());
        m.mutable_pong()->set_server_time_ms(now_ms());
        peer->send(std::move(m));
        return;
      }
      case net::ClientMessage::BODY_NOT_SET:
        send_error(*peer, id, net::Error::BAD_REQUEST, "a ClientMessage without a request (body not set)");
        return;
    }
  } catch (const std::exception& e) {
    // A disk full or a database error: the request fails, the server goes on.
    send_error(*peer, id, net::Error::INTERNAL, fmt::format("the server could not do it: {}", e.what()));
  }
}

void Lobby::disconnected(const Peer* peer) {
  for (auto& [id, room] : rooms_) room->unfollow(peer);
}

void Lobby::list_game_types(const std::shared_ptr<Peer>& peer, std::uint64_t id) {
  net::ServerMessage m;
  m.set_reply_to(id);
  m.mutable_game_types();  // set, also when empty
  for (const auto& entry : registry_.entries()) {
    if (!entry.info) continue;
    auto* type = m.mutable_game_types()->add_types();
    *type->mutable_info() = *entry.info;
    type->mutable_info()->clear_payload_descriptors();
  }
  peer->send(std::move(m));
}

void Lobby::list_games(const std::shared_ptr<Peer>& peer, const net::ListGames& request, std::uint64_t id) {
  net::ServerMessage m;
  m.set_reply_to(id);
  m.mutable_game_list();  // set, also when empty
  for (const auto& game_id : order_) {
    const auto& summary = rooms_.at(game_id)->summary();
    if (listed(request, summary)) *m.mutable_game_list()->add_games() = summary;
  }
  peer->send(std::move(m));
  if (request.subscribe()) subscribers_.push_back(Subscriber{peer, request});
}

void Lobby::create_game(const std::shared_ptr<Peer>& peer, const net::CreateGame& request, std::uint64_t id) {
  if (!password_checked(peer, id)) return;
  Plugin* game = nullptr;
  try {
    game = &registry_.find(request.game_type());
  } catch (const HostError& e) {
    send_error(*peer, id, net::Error::UNKNOWN_GAME_TYPE, e.what());
    return;
  }
  const int players = game->players();
  if (request.seats_size() != players) {
    send_error(*peer, id, net::Error::BAD_REQUEST,
               fmt::format("CreateGame.seats: {} has {} seats, {} given", game->id(), players, request.seats_size()));
    return;
  }
  if (request.take_seat() < -1 || request.take_seat() >= players) {
    send_error(*peer, id, net::Error::BAD_REQUEST,
               fmt::format("CreateGame.take_seat {}: the seats are 0..{} (-1: none)", request.take_seat(), players - 1));
    return;
  }
  for (int seat = 0; seat < players; ++seat) {
    const auto& spec = request.seats(seat);
    if (spec.kind_case() == net::CreateGame::SeatSpec::KIND_NOT_SET) {
      send_error(*peer, id, net::Error::BAD_REQUEST,
                 fmt::format("CreateGame.seats[{}]: say open, invite or engine", seat));
      return;
    }
    if (spec.kind_case() != net::CreateGame::SeatSpec::kEngine) continue;
    if (seat == request.take_seat()) {
      send_error(*peer, id, net::Error::BAD_REQUEST,
                 fmt::format("CreateGame.take_seat {}: that seat is the engine's", seat));
      return;
    }
    try {
      if (parse_agent_spec(spec.engine()).kind == "human") throw HostError("a server engine cannot be human");
    } catch (const HostError& e) {
      send_error(*peer, id, net::Error::BAD_AGENT, fmt::format("CreateGame.seats[{}]: {}", seat, e.what()));
      return;
    }
  }
  const auto& time = request.time();
  if ((time.has_live() && time.live().base_ms() == 0) ||
      (time.has_correspondence() && time.correspondence().days_per_move() == 0)) {
    send_error(*peer, id, net::Error::BAD_REQUEST, "CreateGame.time: base_ms and days_per_move must be above 0");
    return;
  }
  // Tokens: the creator's seat and each invite seat.
  std::vector<std::string> tokens(static_cast<std::size_t>(players)), hashes(static_cast<std::size_t>(players));
  for (int seat = 0; seat < players; ++seat) {
    if (seat == request.take_seat() || request.seats(seat).kind_case() == net::CreateGame::SeatSpec::kInvite) {
      tokens[static_cast<std::size_t>(seat)] = new_token();
      hashes[static_cast<std::size_t>(seat)] = token_hash(tokens[static_cast<std::size_t>(seat)]);
    }
  }
  net::CreateGame resolved = request;
  if (resolved.name().empty()) resolved.set_name(peer->name.empty() ? "player" : peer->name);
  const std::string game_id = new_game_id();
  auto room = std::make_shared<Room>(context_, game->clone(), game_id);
  try {
    room->create(resolved, hashes);
  } catch (const HostError& e) {
    send_error(*peer, id, net::Error::BAD_OPTION, e.what());
    return;
  }
  rooms_[game_id] = room;
  order_.push_back(game_id);
  net::ServerMessage m;
  m.set_reply_to(id);
  auto& created = *m.mutable_game_created();
  *created.mutable_game() = room->summary();
  for (int seat = 0; seat < players; ++seat) {
    if (tokens[static_cast<std::size_t>(seat)].empty()) continue;
    auto* t = created.add_tokens();
    t->mutable_key()->set_game_id(game_id);
    t->mutable_key()->set_seat(seat);
    t->mutable_key()->set_token(tokens[static_cast<std::size_t>(seat)]);
    if (seat != request.take_seat()) t->set_invite_url(invite_url(game_id, seat, tokens[static_cast<std::size_t>(seat)]));
  }
  peer->send(std::move(m));
  changed(room->summary());
  if (request.take_seat() >= 0) room->follow(peer, request.take_seat(), id);
}

void Lobby::join_game(const std::shared_ptr<Peer>& peer, const net::JoinGame& request, std::uint64_t id) {
  if (!password_checked(peer, id)) return;
  Room* room = find_room(peer, request.game_id(), id);
  if (!room) return;
  auto& seats = room->seats();
  int seat = request.seat();
  if (room->over()) {
    send_error(*peer, id, net::Error::GAME_OVER, fmt::format("game {} is over", room->id()), room->id());
    return;
  }
  if (seat == -1) {
    const auto open = std::find_if(seats.begin(), seats.end(), [](const Room::Seat& s) { return s.record.kind == "open"; });
    if (open == seats.end()) {
      send_error(*peer, id, net::Error::NO_OPEN_SEAT, fmt::format("game {} has no open seat", room->id()), room->id());
      return;
    }
    seat = static_cast<int>(open - seats.begin());
  } else if (seat < 0 || seat >= static_cast<int>(seats.size())) {
    send_error(*peer, id, net::Error::BAD_REQUEST,
               fmt::format("JoinGame.seat {}: game {} has seats 0..{} (-1: the first open one)", seat, room->id(),
                           seats.size() - 1),
               room->id());
    return;
  } else if (seats[static_cast<std::size_t>(seat)].record.kind != "open") {
    send_error(*peer, id, net::Error::SEAT_TAKEN,
               fmt::format("game {}, seat {} is not open ({})", room->id(), seat,
                           seats[static_cast<std::size_t>(seat)].record.kind),
               room->id());
    return;
  }
  const std::string token = new_token();
  const std::string name = !request.name().empty() ? request.name().substr(0, 64) : peer->name.empty() ? "player" : peer->name;
  net::ServerMessage m;
  m.set_reply_to(id);
  auto& key = *m.mutable_joined()->mutable_key();
  key.set_game_id(room->id());
  key.set_seat(seat);
  key.set_token(token);
  peer->send(std::move(m));
  room->seat_taken(seat, name, token_hash(token));
  room->follow(peer, seat, id);
}

void Lobby::attach(const std::shared_ptr<Peer>& peer, const net::Attach& request, std::uint64_t id) {
  Room* room = proven_seat(peer, request.key(), id);
  if (!room) return;
  const int seat = request.key().seat();
  if (room->seats()[static_cast<std::size_t>(seat)].record.kind == "invite")
    room->seat_taken(seat, peer->name.empty() ? "invited" : peer->name, "");
  room->follow(peer, seat, id);
}

void Lobby::rematch(const std::shared_ptr<Peer>& peer, const net::Rematch& request, std::uint64_t id) {
  Room* room = proven_seat(peer, request.key(), id);
  if (!room) return;
  if (!room->over()) {
    send_error(*peer, id, net::Error::NOT_ALLOWED, fmt::format("game {} is not over: no rematch yet", room->id()),
               room->id());
    return;
  }
  auto& seats = room->seats();
  seats[static_cast<std::size_t>(request.key().seat())].record.rematch = true;
  send_ack(*peer, id);
  room->offer_rematch(request.key().seat());
  const bool all = std::all_of(seats.begin(), seats.end(), [](const Room::Seat& s) {
    return s.record.kind == "engine" || s.record.rematch;
  });
  if (!all) return;
  // Every person offered: the same game with the seats turned by one.
  const int players = static_cast<int>(seats.size());
  const net::GameSummary& old = room->summary();
  net::CreateGame again;
  again.set_game_type(old.game_type());
  *again.mutable_options() = old.options();
  *again.mutable_time() = old.time();
  again.set_hints_allowed(old.hints_allowed());
  again.set_takebacks_allowed(old.takebacks_allowed());
  again.set_take_seat(-1);
  std::vector<std::string> tokens(static_cast<std::size_t>(players)), hashes(static_cast<std::size_t>(players));
  std::vector<int> from(static_cast<std::size_t>(players));  // new seat -> old seat
  for (int seat = 0; seat < players; ++seat) {
    const int was = (seat + 1) % players;
    from[static_cast<std::size_t>(seat)] = was;
    const auto& r = seats[static_cast<std::size_t>(was)].record;
    auto* spec = again.add_seats();
    if (r.kind == "engine") {
      spec->set_engine(room->engine_spec(was));
    } else {
      spec->set_invite(true);
      tokens[static_cast<std::size_t>(seat)] = new_token();
      hashes[static_cast<std::size_t>(seat)] = token_hash(tokens[static_cast<std::size_t>(seat)]);
    }
  }
  for (auto& s : seats) s.record.rematch = false;
  const std::string game_id = new_game_id();
  auto next = std::make_shared<Room>(context_, registry_.find(old.game_type()).clone(), game_id);
  next->create(again, hashes);
  rooms_[game_id] = next;
  order_.push_back(game_id);
  for (int seat = 0; seat < players; ++seat) {
    if (tokens[static_cast<std::size_t>(seat)].empty()) continue;
    const int was = from[static_cast<std::size_t>(seat)];
    next->seat_taken(seat, seats[static_cast<std::size_t>(was)].record.player, "");
    for (const auto& weak : seats[static_cast<std::size_t>(was)].peers) {
      const auto holder = weak.lock();
      if (!holder) continue;
      net::ServerMessage m;
      auto& key = *m.mutable_joined()->mutable_key();
      key.set_game_id(game_id);
      key.set_seat(seat);
      key.set_token(tokens[static_cast<std::size_t>(seat)]);
      holder->send(std::move(m));
      next->follow(holder, seat, 0);
    }
  }
  changed(next->summary());
}

void Lobby::analyze(const std::shared_ptr<Peer>& peer, const net::Analyze& request, std::uint64_t id) {
  Room* room = find_room(peer, request.game_id(), id);
  if (!room) return;
  if (room->plugin().info().has_hidden_information() && !room->over()) {
    send_error(*peer, id, net::Error::UNAVAILABLE,
               fmt::format("game {}: a game with hidden information is analysed once it is over", room->id()),
               room->id());
    return;
  }
  const auto plies = static_cast<std::uint32_t>(room->plies());
  const std::uint32_t ply = request.latest() ? plies : request.ply();
  if (ply > plies) {
    send_error(*peer, id, net::Error::BAD_REQUEST,
               fmt::format("Analyze.ply {}: game {} has {} plies so far", request.ply(), room->id(), plies), room->id());
    return;
  }
  std::optional<std::string> analysis;
  try {
    analysis = ply == plies ? room->analysis(request.topic())
                            : analysis_after(*room, settings_.data_dir, ply, request.topic());
  } catch (const HostError& e) {
    send_error(*peer, id, net::Error::INTERNAL, fmt::format("game {}, ply {}: {}", room->id(), ply, e.what()),
               room->id());
    return;
  }
  if (!analysis) {
    send_error(*peer, id, net::Error::BAD_REQUEST,
               fmt::format("{} offers no analysis '{}'", room->plugin().id(), clipped(request.topic())), room->id());
    return;
  }
  net::ServerMessage m;
  m.set_reply_to(id);
  auto& a = *m.mutable_analysis();
  a.set_game_id(room->id());
  a.set_ply(ply);
  a.set_text(*analysis);
  peer->send(std::move(m));
}

void Lobby::hint(const std::shared_ptr<Peer>& peer, const net::Hint& request, std::uint64_t id) {
  Room* room = proven_seat(peer, request.key(), id);
  if (!room) return;
  if (!room->summary().hints_allowed()) {
    send_error(*peer, id, net::Error::NOT_ALLOWED, fmt::format("game {} was created without hints", room->id()),
               room->id());
    return;
  }
  if (auto error = room->hint(request.key().seat(), peer, id)) {
    net::ServerMessage m;
    m.set_reply_to(id);
    *m.mutable_error() = std::move(*error);
    peer->send(std::move(m));
  }
}

}  // namespace gamehost::server
