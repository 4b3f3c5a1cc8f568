#include "gamehost/client/client.h"

#include <fmt/core.h>

#include <thread>

#include "gamehost/text/input_checks.h"

namespace gamehost::client {

std::string error_text(const net::Error& error) {
  return fmt::format("{}: {}", net::Error::Code_Name(error.code()), error.message());
}

ServerError::ServerError(net::Error error) : HostError(error_text(error)), error_(std::move(error)) {}

Client::Client(ServerUrl url, ClientSettings settings) : url_(std::move(url)), settings_(std::move(settings)) {}

Client::~Client() = default;

void Client::connect() {
  connection_ = Connection::open(url_, settings_.connect_timeout);
  last_seq_ = 0;
  say_hello();
  // The server's Welcome comes first; an Error instead (a wrong version,
  // a wrong password) ends it here.
  const auto until = std::chrono::steady_clock::now() + settings_.connect_timeout;
  while (std::chrono::steady_clock::now() < until) {
    const auto message = connection_->next(std::chrono::milliseconds(100));
    if (!message) continue;
    if (message->seq() != 0) last_seq_ = message->seq();
    if (received) received(*message);
    if (message->has_welcome()) {
      welcome_ = message->welcome();
      return;
    }
    if (message->has_error()) throw ServerError(message->error());
    pending_.push_back(Event{*message});
  }
  throw ConnectionError(fmt::format("cannot connect to {}: the server sent no Welcome within {} ms", url_.text(),
                                    settings_.connect_timeout.count()));
}

void Client::say_hello() {
  net::ClientMessage hello;
  hello.mutable_hello()->set_protocol_version(net::PROTOCOL_VERSION_CURRENT);
  hello.mutable_hello()->set_client(settings_.client);
  hello.mutable_hello()->set_name(settings_.name);
  hello.mutable_hello()->set_join_password(settings_.join_password);
  hello.mutable_hello()->set_seat_samples(settings_.seat_samples);
  // Sent without an id: only an Error answers it, and that Error ends the
  // conversation anyway (WRONG_VERSION, BAD_PASSWORD).
  connection_->send(hello);
}


std::uint64_t Client::send(net::ClientMessage message) {
  message.set_id(next_id_++);
  if (!connection_) throw ConnectionError("not connected");
  try {
    connection_->send(message);
  } catch (const ConnectionError& e) {
    // Sent into a dropped connection: the reconnect below takes the seats
    // up again, and the caller sees the game as it is then.
    reconnect(e.what());
  }
  return message.id();
}

net::ServerMessage Client::call(net::ClientMessage message, std::chrono::milliseconds timeout) {
  const std::uint64_t id = send(std::move(message));
  const auto until = std::chrono::steady_clock::now() + timeout;
  std::deque<Event> kept;
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    auto event = receive(left);
    if (!event) continue;
    if (event->message.reply_to() == id) {
      for (auto& e : kept) pending_.push_back(std::move(e));
      if (event->message.has_error()) throw ServerError(event->message.error());
      return std::move(event->message);
    }
    kept.push_back(std::move(*event));
  }
  for (auto& e : kept) pending_.push_back(std::move(e));
  throw ConnectionError(fmt::format("{} did not answer request {} within {} ms", url_.text(), id, timeout.count()));
}

std::optional<Event> Client::next(std::chrono::milliseconds timeout) {
  if (!pending_.empty()) {
    Event e = std::move(pending_.front());
    pending_.pop_front();
    return e;
  }
  return receive(timeout);
}

std::optional<Event> Client::receive(std::chrono::milliseconds timeout) {
  std::optional<net::ServerMessage> message;
  try {
    message = connection_->next(timeout);
  } catch (const ConnectionError& e) {
    reconnect(e.what());
    return std::nullopt;
  }
  if (!message) return std::nullopt;
  if (received) received(*message);
  // Numbered 1, 2, 3, … on each connection: a jump means messages were
  // lost, so every game followed is asked for again.
  if (message->seq() != 0) {
    if (last_seq_ != 0 && message->seq() != last_seq_ + 1)
      for (auto& [id, followed] : games_) resync(id);
    last_seq_ = message->seq();
  }
  Event event{std::move(*message)};
  for (auto& [id, followed] : games_) {
    const auto applied = followed.tracker.apply(event.message);
    if (applied == GameTracker::Applied::NotThisGame) continue;
    event.game = &followed.tracker;
    event.applied = applied;
    if (applied == GameTracker::Applied::Gap) resync(id);
    if (event.message.has_game()) followed.resyncing = false;
    break;
  }
  return event;
}

void Client::reconnect(const std::string& why) {
  if (settings_.reconnect_for.count() == 0) throw ConnectionError(why);
  if (notice) notice(fmt::format("{}; reconnecting", why));
  const auto until = std::chrono::steady_clock::now() + settings_.reconnect_for;
  auto pause = std::chrono::milliseconds(100);
  std::string last_error = why;
  while (std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds(1000));
    try {
      connection_.reset();
      connection_ = Connection::open(url_, settings_.connect_timeout);
    } catch (const ConnectionError& e) {
      last_error = e.what();
      continue;
    }
    last_seq_ = 0;
    ++reconnects_;
    say_hello();  // the new Welcome comes as an event
    for (auto& [id, followed] : games_) {
      followed.resyncing = false;
      resync(id);
    }
    if (lobby_) {
      net::ClientMessage list;
      *list.mutable_list_games() = *lobby_;
      send(list);
    }
    if (notice) notice(fmt::format("reconnected to {}", url_.text()));
    return;
  }
  throw ConnectionError(fmt::format("{} (gave up reconnecting after {} s: {})", why,
                                    settings_.reconnect_for.count() / 1000, last_error));
}

GameTracker& Client::hold_seat(const net::SeatKey& key) {
  const auto at = games_.try_emplace(key.game_id(), Followed{GameTracker(key.game_id()), std::nullopt, false}).first;
  at->second.key = key;
  return at->second.tracker;
}

GameTracker& Client::watch(const std::string& game_id) {
  const auto at = games_.try_emplace(game_id, Followed{GameTracker(game_id), std::nullopt, false}).first;
  return at->second.tracker;
}

void Client::forget(const std::string& game_id) {
  const auto at = games_.find(game_id);
  if (at == games_.end()) return;
  for (auto& e : pending_)
    if (e.game == &at->second.tracker) e.game = nullptr;
  games_.erase(at);
}

GameTracker* Client::game(const std::string& game_id) {
  const auto at = games_.find(game_id);
  return at == games_.end() ? nullptr : &at->second.tracker;
}

const net::SeatKey* Client::seat_key(const std::string& game_id) const {
  const auto at = games_.find(game_id);
  return at == games_.end() || !at->second.key ? nullptr : &*at->second.key;
}

void Client::resync(const std::string& game_id) {
  const auto at = games_.find(game_id);
  if (at == games_.end() || at->second.resyncing) return;
  at->second.resyncing = true;
  net::ClientMessage ask;
  if (at->second.key) *ask.mutable_attach()->mutable_key() = *at->second.key;
  else ask.mutable_watch()->set_game_id(game_id);
  send(ask);
}

}  // namespace gamehost::client
