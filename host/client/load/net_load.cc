// gamehost-net-load: the load harness of `gamehost serve` (docs/performance.md,
// "Network server"). Run by hand against a running server, never in CI:
//
//   gamehost-net-load --server http://127.0.0.1:8080 --games 1000 --server-pid PID
//
// Plays N games at once between bots over loopback, two WebSocket
// connections a game, all in this one process on one thread (Boost.Beast,
// asynchronous). Each game's first seat creates it (its second seat an
// invite, whose token the second connection attaches with); each seat plays
// a uniformly random legal action (the ids the server sends). Measured: the
// moves per second over the whole run, each move's round trip (from sending
// Move to the MoveMade having reached both seats), and the server's
// resident memory per game in play (with --server-pid). Each bot keeps the
// plies it saw acknowledged and compares them at the end with the game's
// plies as the server's log gives them (GameEnded.plies): any difference is
// reported and the exit status is 1.
#include <fmt/core.h>

#include <algorithm>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "gamehost/client/game_tracker.h"
#include "gamehost/client/server_url.h"
#include "gamehost/random.h"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
namespace net = gamehost::net::v1;
using Clock = std::chrono::steady_clock;

struct Totals {
  std::vector<double> round_trip_ms;
  std::uint64_t moves = 0;
  int games_done = 0;
  int games_mismatched = 0;
  int games_failed = 0;
  std::vector<std::string> problems;
};

// One game: its two seats' keys and the moves in flight.
struct Game {
  std::string id;
  net::SeatKey keys[2];
  struct InFlight {
    Clock::time_point sent;
    int acks = 0;
  };
  std::map<std::uint32_t, InFlight> in_flight;  // by ply
  int seats_done = 0;
};

class Seat : public std::enable_shared_from_this<Seat> {
 public:
  Seat(asio::io_context& io, const tcp::resolver::results_type& endpoints, const gamehost::client::ServerUrl& url,
       std::shared_ptr<Game> game, int seat, std::uint64_t seed, Totals& totals,
       std::function<void(std::shared_ptr<Game>)> on_created)
      : ws_(io), endpoints_(endpoints), url_(url), game_(std::move(game)), seat_(seat), rng_(seed), totals_(totals),
        on_created_(std::move(on_created)), tracker_("") {}

  void start() {
    auto self = shared_from_this();
    beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(30));
    beast::get_lowest_layer(ws_).async_connect(endpoints_, [self](beast::error_code ec, const tcp::endpoint&) {
      if (ec) return self->fail("connect", ec);
      beast::get_lowest_layer(self->ws_).expires_never();
      beast::get_lowest_layer(self->ws_).socket().set_option(tcp::no_delay(true));
      self->ws_.async_handshake(self->url_.host + ":" + self->url_.port, self->url_.path + "?format=binary",
                                [self](beast::error_code ec) {
                                  if (ec) return self->fail("handshake", ec);
                                  self->ws_.binary(true);
                                  self->begin();
                                  self->read();
                                });
    });
  }

 private:
  void begin() {
    net::ClientMessage m;
    m.set_id(next_id_++);
    if (seat_ == 0) {
      auto* c = m.mutable_create_game();
      c->set_game_type("alien_city");
      c->add_seats()->set_open(true);
      c->add_seats()->set_invite(true);
      c->set_take_seat(0);
      c->set_name("load-0");
    } else {
      tracker_ = gamehost::client::GameTracker(game_->id);
      *m.mutable_attach()->mutable_key() = game_->keys[1];
    }
    send(m);
  }

  void read() {
    auto self = shared_from_this();
    ws_.async_read(buffer_, [self](beast::error_code ec, std::size_t) {
      if (ec) {
        if (!self->done_) self->fail("read", ec);
        return;
      }
      net::ServerMessage m;
      const auto data = self->buffer_.data();
      const bool ok = m.ParseFromArray(data.data(), static_cast<int>(data.size()));
      self->buffer_.consume(self->buffer_.size());
      if (!ok) return self->fail("a frame that is not a ServerMessage", {});
      self->on_message(m);
      if (!self->done_) self->read();
    });
  }

  void on_message(const net::ServerMessage& m) {
    if (m.has_error()) {
      totals_.problems.push_back(fmt::format("game {} seat {}: {}: {}", game_->id, seat_,
                                             net::Error::Code_Name(m.error().code()), m.error().message()));
      return;
    }
    if (m.has_game_created()) {
      game_->id = m.game_created().game().game_id();
      for (const auto& t : m.game_created().tokens()) game_->keys[t.key().seat()] = t.key();
      tracker_ = gamehost::client::GameTracker(game_->id);
      on_created_(game_);
      net::ClientMessage attach;  // the game as the seat sees it (GameView)
      attach.set_id(next_id_++);
      *attach.mutable_attach()->mutable_key() = game_->keys[0];
      send(attach);
      return;
    }
    const auto applied = tracker_.apply(m);
    using A = gamehost::client::GameTracker::Applied;
    if (applied == A::Gap) {
      totals_.problems.push_back(fmt::format("game {} seat {}: a gap in the plies", game_->id, seat_));
      return;
    }
    if (m.has_move_made() && applied == A::Updated) {
      seen_.push_back(m.move_made().ply().notation());
      const auto at = game_->in_flight.find(m.move_made().ply().ply());
      if (at != game_->in_flight.end() && ++at->second.acks == 2) {
        totals_.round_trip_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - at->second.sent).count());
        ++totals_.moves;
        game_->in_flight.erase(at);
      }
    }
    if (applied == A::Ended) return finish();
    if (tracker_.my_turn() && asked_ != tracker_.plies() + 1) {
      const auto& ids = tracker_.position().info().legal_ids();
      net::ClientMessage move;
      move.set_id(next_id_++);
      *move.mutable_move()->mutable_key() = game_->keys[seat_];
      asked_ = tracker_.plies() + 1;
      move.mutable_move()->set_ply(asked_);
      move.mutable_move()->set_action_id(ids[static_cast<int>(rng_.below(static_cast<std::uint64_t>(ids.size())))]);
      game_->in_flight[asked_] = Game::InFlight{Clock::now(), 0};
      send(move);
    }
  }

  // Compares the plies this seat saw acknowledged with the log's.
  void finish() {
    done_ = true;
    const auto& end = *tracker_.ended();
    std::vector<std::string> logged;
    for (const auto& p : end.plies()) logged.push_back(p.notation());
    // Chance plies are the server's; this seat's record holds every ply it was sent.
    if (logged != seen_) {
      ++totals_.games_mismatched;
      totals_.problems.push_back(fmt::format("game {} seat {}: saw {} plies acknowledged, the log has {}", game_->id,
                                             seat_, seen_.size(), logged.size()));
    }
    if (end.reason() != net::GAME_OVER_BY_RULES) {
      ++totals_.games_failed;
      totals_.problems.push_back(fmt::format("game {}: ended {}", game_->id, net::EndReason_Name(end.reason())));
    }
    if (++game_->seats_done == 2) ++totals_.games_done;
    auto self = shared_from_this();
    ws_.async_close(websocket::close_code::normal, [self](beast::error_code) {});
  }

  void send(const net::ClientMessage& m) {
    outbox_.push_back(m.SerializeAsString());
    if (outbox_.size() == 1) write();
  }
  void write() {
    auto self = shared_from_this();
    ws_.async_write(asio::buffer(outbox_.front()), [self](beast::error_code ec, std::size_t) {
      if (ec) return self->fail("write", ec);
      self->outbox_.pop_front();
      if (!self->outbox_.empty()) self->write();
    });
  }

  void fail(const std::string& what, beast::error_code ec) {
    if (done_) return;
    done_ = true;
    ++totals_.games_failed;
    if (++game_->seats_done == 2) ++totals_.games_done;
    totals_.problems.push_back(fmt::format("game {} seat {}: {}: {}", game_->id, seat_, what, ec.message()));
  }

  websocket::stream<beast::tcp_stream> ws_;
  const tcp::resolver::results_type& endpoints_;
  const gamehost::client::ServerUrl& url_;
  std::shared_ptr<Game> game_;
  int seat_;
  gamehost::SplitMix rng_;
  Totals& totals_;
  std::function<void(std::shared_ptr<Game>)> on_created_;
  gamehost::client::GameTracker tracker_;
  beast::flat_buffer buffer_;
  std::deque<std::string> outbox_;
  std::vector<std::string> seen_;
  std::uint64_t next_id_ = 1;
  std::uint32_t asked_ = 0;
  bool done_ = false;
};

long rss_kb(int pid) {
  std::ifstream status(fmt::format("/proc/{}/status", pid));
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::strtol(line.c_str() + 6, nullptr, 10);
  return 0;
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

}  // namespace

int main(int argc, char** argv) {
  std::string server = "http://127.0.0.1:8080";
  int games = 1000, server_pid = 0;
  std::uint64_t seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i], value = argv[i + 1];
    if (flag == "--server") server = value;
    else if (flag == "--games") games = std::atoi(value.c_str());
    else if (flag == "--server-pid") server_pid = std::atoi(value.c_str());
    else if (flag == "--seed") seed = std::strtoull(value.c_str(), nullptr, 10);
    else {
      fmt::print(stderr, "usage: gamehost-net-load [--server URL] [--games N] [--server-pid PID] [--seed S]\n");
      return 2;
    }
  }
  const auto url = gamehost::client::parse_server_url(server, "--server");
  asio::io_context io;
  const auto endpoints = tcp::resolver(io).resolve(url.host, url.port);
  Totals totals;
  const long rss_before = server_pid ? rss_kb(server_pid) : 0;
  long rss_peak = rss_before;
  gamehost::SplitMix seeds(seed);
  std::vector<std::shared_ptr<Seat>> seats;
  for (int g = 0; g < games; ++g) {
    auto game = std::make_shared<Game>();
    auto first = std::make_shared<Seat>(io, endpoints, url, game, 0, seeds.next(), totals,
                                        [&](std::shared_ptr<Game> created) {
                                          auto second = std::make_shared<Seat>(io, endpoints, url, created, 1,
                                                                               seeds.next(), totals, nullptr);
                                          seats.push_back(second);
                                          second->start();
                                        });
    seats.push_back(first);
    first->start();
  }
  // The server's memory, sampled every 100 ms while the games run.
  asio::steady_timer sampler(io);
  std::function<void()> sample = [&] {
    if (server_pid) rss_peak = std::max(rss_peak, rss_kb(server_pid));
    if (totals.games_done < games) {
      sampler.expires_after(std::chrono::milliseconds(100));
      sampler.async_wait([&](beast::error_code) { sample(); });
    }
  };
  sample();
  const auto start = Clock::now();
  io.run();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  fmt::print("games: {} started, {} finished, {} failed, {} with a record that differs from the log\n", games,
             totals.games_done - totals.games_failed, totals.games_failed, totals.games_mismatched);
  fmt::print("moves: {} in {:.1f} s: {:.0f} moves/s\n", totals.moves, seconds, static_cast<double>(totals.moves) / seconds);
  fmt::print("round trip (Move sent to MoveMade at both seats): p50 {:.1f} ms, p99 {:.1f} ms, max {:.1f} ms\n",
             percentile(totals.round_trip_ms, 0.5), percentile(totals.round_trip_ms, 0.99),
             percentile(totals.round_trip_ms, 1.0));
  if (server_pid)
    fmt::print("server memory: {} KB before, {} KB at the peak: {:.0f} KB a game\n", rss_before, rss_peak,
               static_cast<double>(rss_peak - rss_before) / games);
  for (std::size_t i = 0; i < std::min<std::size_t>(totals.problems.size(), 20); ++i)
    fmt::print("problem: {}\n", totals.problems[i]);
  if (totals.problems.size() > 20) fmt::print("... and {} more problems\n", totals.problems.size() - 20);
  return totals.problems.empty() && totals.games_done == games ? 0 : 1;
}
