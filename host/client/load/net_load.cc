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
//
// Modes (docs/performance.md, docs/reliability.md):
//   --think-ms T     each bot waits T ms (uniform in [T/2, 3T/2]) before its
//                    move, as people do: the server's latency at a given rate
//                    instead of the queue of N games answering at once.
//   --watchers W     W spectators Watch the first game before it starts;
//                    each must get every ply as a MoveMade. Reported: the
//                    delivery latency, Move sent to MoveMade at a spectator.
//   --reconnect      a dropped connection is opened again (every 100 ms
//                    until the server is back) and the seat attached with
//                    its token: the server may be killed and restarted
//                    during the run (bench/serve_faults.sh).
//   --record DIR     each seat writes DIR/GAME.seatN, one line "PLY
//                    NOTATION" for every MoveMade it received, to be
//                    compared with the logs after the run.
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
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "gamehost/client/game_tracker.h"
#include "gamehost/client/server_url.h"
#include "gamehost/base/random.h"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
namespace net = gamehost::net::v1;
using Clock = std::chrono::steady_clock;
using Stream = websocket::stream<beast::tcp_stream>;

struct Options {
  int think_ms = 0;
  bool reconnect = false;
  std::string record_dir;
};

struct Totals {
  std::vector<double> round_trip_ms;
  std::vector<double> watcher_ms;  // Move sent to MoveMade at a spectator
  std::uint64_t moves = 0;
  int games_done = 0;
  int games_created = 0;
  int games_mismatched = 0;
  int games_failed = 0;
  int reconnects = 0;
  int creates_retried = 0;
  int watchers_ready = 0;
  int watchers_complete = 0;  // got every ply as a MoveMade
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
  std::map<std::uint32_t, InFlight> in_flight;   // by ply
  std::map<std::uint32_t, Clock::time_point> sent;  // every ply's Move, for the spectators
  int seats_done = 0;
};

class Seat : public std::enable_shared_from_this<Seat> {
 public:
  // seat 0 creates the game, seat 1 attaches with its invite, seat -1 watches.
  Seat(asio::io_context& io, const tcp::resolver::results_type& endpoints, const gamehost::client::ServerUrl& url,
       std::shared_ptr<Game> game, int seat, std::uint64_t seed, Totals& totals, const Options& options,
       std::function<void(std::shared_ptr<Game>)> on_ready)
      : io_(io), endpoints_(endpoints), url_(url), game_(std::move(game)), seat_(seat), rng_(seed), totals_(totals),
        options_(options), on_ready_(std::move(on_ready)), tracker_(""), timer_(io) {}

  void start() {
    auto self = shared_from_this();
    ws_ = std::make_unique<Stream>(io_);
    outbox_.clear();
    buffer_.clear();
    beast::get_lowest_layer(*ws_).expires_after(std::chrono::seconds(30));
    beast::get_lowest_layer(*ws_).async_connect(endpoints_, [self](beast::error_code ec, const tcp::endpoint&) {
      if (ec) return self->fail("connect", ec);
      beast::get_lowest_layer(*self->ws_).expires_never();
      beast::get_lowest_layer(*self->ws_).socket().set_option(tcp::no_delay(true));
      self->ws_->async_handshake(self->url_.host + ":" + self->url_.port, self->url_.path + "?format=binary",
                                 [self](beast::error_code ec) {
                                   if (ec) return self->fail("handshake", ec);
                                   self->ws_->binary(true);
                                   self->begin();
                                   self->read();
                                 });
    });
  }

 private:
  void begin() {
    net::ClientMessage m;
    m.set_id(next_id_++);
    asked_ = 0;  // after a reconnect the move in flight may not have been played
    if (seat_ == 0 && game_->id.empty()) {
      if (started_once_) ++totals_.creates_retried;  // killed before GameCreated came
      auto* c = m.mutable_create_game();
      c->set_game_type("alien_city");
      c->add_seats()->set_open(true);
      c->add_seats()->set_invite(true);
      c->set_take_seat(0);
      c->set_name("load-0");
    } else if (seat_ < 0) {
      tracker_ = gamehost::client::GameTracker(game_->id);
      m.mutable_watch()->set_game_id(game_->id);
    } else {
      tracker_ = gamehost::client::GameTracker(game_->id);
      *m.mutable_attach()->mutable_key() = game_->keys[seat_];
    }
    started_once_ = true;
    send(m);
  }

  void read() {
    auto self = shared_from_this();
    auto* ws = ws_.get();
    ws->async_read(buffer_, [self, ws](beast::error_code ec, std::size_t) {
      if (ws != self->ws_.get()) return;  // a connection given up
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
      ++totals_.games_created;
      tracker_ = gamehost::client::GameTracker(game_->id);
      net::ClientMessage attach;  // the game as the seat sees it (GameView)
      attach.set_id(next_id_++);
      *attach.mutable_attach()->mutable_key() = game_->keys[0];
      send(attach);
      if (on_ready_) std::exchange(on_ready_, nullptr)(game_);
      return;
    }
    const auto applied = tracker_.apply(m);
    using A = gamehost::client::GameTracker::Applied;
    if (applied == A::Gap) {
      totals_.problems.push_back(fmt::format("game {} seat {}: a gap in the plies", game_->id, seat_));
      return;
    }
    if (seat_ < 0) return on_watched(m, applied);
    if (m.has_move_made() && applied == A::Updated) {
      const auto& ply = m.move_made().ply();
      seen_[ply.ply()] = ply.notation();
      const auto at = game_->in_flight.find(ply.ply());
      if (at != game_->in_flight.end() && ++at->second.acks == 2) {
        totals_.round_trip_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - at->second.sent).count());
        ++totals_.moves;
        game_->in_flight.erase(at);
      }
    }
    const auto status = tracker_.summary().status();
    if (applied == A::Ended || (m.has_game() && (status == net::FINISHED || status == net::ABORTED)))
      return finish();  // a seat back after a restart may find its game over
    if (tracker_.my_turn() && asked_ != tracker_.plies() + 1) {
      asked_ = tracker_.plies() + 1;
      if (options_.think_ms <= 0) return move();
      const auto wait = options_.think_ms / 2 + static_cast<int>(rng_.below(static_cast<std::uint64_t>(options_.think_ms) + 1));
      timer_.expires_after(std::chrono::milliseconds(wait));
      auto self = shared_from_this();
      timer_.async_wait([self, ply = asked_](beast::error_code ec) {
        if (!ec && !self->done_ && self->asked_ == ply && self->tracker_.my_turn()) self->move();
      });
    }
  }

  void move() {
    const auto& ids = tracker_.position().info().legal_ids();
    net::ClientMessage move;
    move.set_id(next_id_++);
    *move.mutable_move()->mutable_key() = game_->keys[seat_];
    move.mutable_move()->set_ply(asked_);
    move.mutable_move()->set_action_id(ids[static_cast<int>(rng_.below(static_cast<std::uint64_t>(ids.size())))]);
    game_->in_flight[asked_] = Game::InFlight{Clock::now(), 0};
    game_->sent[asked_] = Clock::now();
    send(move);
  }

  // A spectator: every ply after the GameView must come as a MoveMade.
  void on_watched(const net::ServerMessage& m, gamehost::client::GameTracker::Applied applied) {
    using A = gamehost::client::GameTracker::Applied;
    if (m.has_game() && !watching_) {
      watching_ = true;
      first_ply_ = tracker_.plies() + 1;
      if (++totals_.watchers_ready && on_ready_) std::exchange(on_ready_, nullptr)(game_);
    }
    if (m.has_move_made() && applied == A::Updated) {
      const auto ply = m.move_made().ply().ply();
      seen_[ply] = m.move_made().ply().notation();
      const auto at = game_->sent.find(ply);
      if (at != game_->sent.end())
        totals_.watcher_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - at->second).count());
    }
    if (applied != A::Ended) return;
    done_ = true;
    const auto& end = *tracker_.ended();
    bool every = true;
    for (int i = static_cast<int>(first_ply_) - 1; i < end.plies_size(); ++i) {
      const auto at = seen_.find(static_cast<std::uint32_t>(i + 1));
      if (at == seen_.end() || at->second != end.plies(i).notation()) every = false;
    }
    if (every) ++totals_.watchers_complete;
    else totals_.problems.push_back(fmt::format("game {}: a spectator missed a ply", game_->id));
    close();
  }

  // Compares the plies this seat saw acknowledged with the log's.
  void finish() {
    done_ = true;
    // The log's plies: GameEnded's, or the finished game's GameView.
    const auto& logged = tracker_.ply_views();
    bool differs = false;
    for (const auto& [ply, notation] : seen_)
      if (ply > logged.size() || logged[ply - 1].notation() != notation) differs = true;
    // Without reconnects this seat was sent every ply; with them, the plies
    // played while it was away came in a GameView instead.
    if (!options_.reconnect && seen_.size() != logged.size()) differs = true;
    if (differs) {
      ++totals_.games_mismatched;
      totals_.problems.push_back(fmt::format("game {} seat {}: saw {} plies acknowledged, the log has {}", game_->id,
                                             seat_, seen_.size(), logged.size()));
    }
    const bool by_rules = tracker_.ended() ? tracker_.ended()->reason() == net::GAME_OVER_BY_RULES
                                           : tracker_.summary().status() == net::FINISHED;
    if (!by_rules) {
      ++totals_.games_failed;
      totals_.problems.push_back(fmt::format("game {}: ended {}", game_->id, tracker_.summary().result()));
    }
    if (!options_.record_dir.empty()) {
      std::ofstream out(std::filesystem::path(options_.record_dir) / fmt::format("{}.seat{}", game_->id, seat_));
      for (const auto& [ply, notation] : seen_) out << ply << ' ' << notation << '\n';
    }
    if (++game_->seats_done == 2) ++totals_.games_done;
    close();
  }

  void close() {
    timer_.cancel();
    auto self = shared_from_this();
    ws_->async_close(websocket::close_code::normal, [self](beast::error_code) {});
  }

  void send(const net::ClientMessage& m) {
    outbox_.push_back(m.SerializeAsString());
    if (outbox_.size() == 1) write();
  }
  void write() {
    auto self = shared_from_this();
    auto* ws = ws_.get();
    ws->async_write(asio::buffer(outbox_.front()), [self, ws](beast::error_code ec, std::size_t) {
      if (ws != self->ws_.get()) return;
      if (ec) return self->fail("write", ec);
      self->outbox_.pop_front();
      if (!self->outbox_.empty()) self->write();
    });
  }

  void fail(const std::string& what, beast::error_code ec) {
    if (done_) return;
    if (options_.reconnect && (seat_ != 1 || !game_->id.empty())) {
      // The server went away: try again until it is back.
      if (!reconnecting_) ++totals_.reconnects;
      reconnecting_ = true;
      for (auto it = game_->in_flight.begin(); it != game_->in_flight.end();)  // no round trip across a restart
        it = game_->in_flight.erase(it);
      timer_.cancel();
      beast::error_code ignored;
      beast::get_lowest_layer(*ws_).socket().close(ignored);
      timer_.expires_after(std::chrono::milliseconds(100));
      auto self = shared_from_this();
      timer_.async_wait([self](beast::error_code ec) {
        if (ec || self->done_) return;
        self->reconnecting_ = false;
        self->start();
      });
      return;
    }
    done_ = true;
    ++totals_.games_failed;
    if (seat_ >= 0 && ++game_->seats_done == 2) ++totals_.games_done;
    totals_.problems.push_back(fmt::format("game {} seat {}: {}: {}", game_->id, seat_, what, ec.message()));
  }

  asio::io_context& io_;
  std::unique_ptr<Stream> ws_;
  const tcp::resolver::results_type& endpoints_;
  const gamehost::client::ServerUrl& url_;
  std::shared_ptr<Game> game_;
  int seat_;
  gamehost::SplitMix rng_;
  Totals& totals_;
  const Options& options_;
  std::function<void(std::shared_ptr<Game>)> on_ready_;
  gamehost::client::GameTracker tracker_;
  asio::steady_timer timer_;
  beast::flat_buffer buffer_;
  std::deque<std::string> outbox_;
  std::map<std::uint32_t, std::string> seen_;  // ply -> notation, every MoveMade received
  std::uint64_t next_id_ = 1;
  std::uint32_t asked_ = 0;
  std::uint32_t first_ply_ = 1;  // a spectator: the first ply after its GameView
  bool done_ = false, started_once_ = false, reconnecting_ = false, watching_ = false;
};

long rss_kb(int pid) {
  std::ifstream status(fmt::format("/proc/{}/status", pid));
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::strtol(line.c_str() + 6, nullptr, 10);
  return 0;
}

// The CPU time (user + system) the process has used so far, in seconds.
double cpu_seconds(int pid) {
  std::ifstream stat(fmt::format("/proc/{}/stat", pid));
  std::string line;
  std::getline(stat, line);
  const auto after_name = line.rfind(')');  // the name may hold spaces
  if (after_name == std::string::npos) return 0;
  std::istringstream fields(line.substr(after_name + 2));
  std::string field;
  double ticks = 0;
  for (int i = 3; fields >> field && i <= 15; ++i)
    if (i == 14 || i == 15) ticks += std::strtod(field.c_str(), nullptr);  // utime, stime
  return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

}  // namespace

int main(int argc, char** argv) {
  std::string server = "http://127.0.0.1:8080";
  int games = 1000, server_pid = 0, watchers = 0;
  std::uint64_t seed = 1;
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--reconnect") {
      options.reconnect = true;
      continue;
    }
    const std::string value = i + 1 < argc ? argv[++i] : "";
    if (flag == "--server") server = value;
    else if (flag == "--games") games = std::atoi(value.c_str());
    else if (flag == "--server-pid") server_pid = std::atoi(value.c_str());
    else if (flag == "--seed") seed = std::strtoull(value.c_str(), nullptr, 10);
    else if (flag == "--think-ms") options.think_ms = std::atoi(value.c_str());
    else if (flag == "--watchers") watchers = std::atoi(value.c_str());
    else if (flag == "--record") options.record_dir = value;
    else {
      fmt::print(stderr,
                 "usage: gamehost-net-load [--server URL] [--games N] [--server-pid PID] [--seed S] [--think-ms T]\n"
                 "                         [--watchers W] [--reconnect] [--record DIR]\n");
      return 2;
    }
  }
  if (games < 1 || watchers < 0 || options.think_ms < 0) {
    fmt::print(stderr, "gamehost-net-load: --games must be at least 1, --watchers and --think-ms at least 0\n");
    return 2;
  }
  if (!options.record_dir.empty()) std::filesystem::create_directories(options.record_dir);
  const auto url = gamehost::client::parse_server_url(server, "--server");
  asio::io_context io;
  const auto endpoints = tcp::resolver(io).resolve(url.host, url.port);
  Totals totals;
  const long rss_before = server_pid ? rss_kb(server_pid) : 0;
  const double cpu_before = server_pid ? cpu_seconds(server_pid) : 0;
  long rss_peak = rss_before;
  gamehost::SplitMix seeds(seed);
  std::vector<std::shared_ptr<Seat>> seats;
  const auto start_second = [&](std::shared_ptr<Game> game) {
    auto second = std::make_shared<Seat>(io, endpoints, url, game, 1, seeds.next(), totals, options, nullptr);
    seats.push_back(second);
    second->start();
  };
  for (int g = 0; g < games; ++g) {
    auto game = std::make_shared<Game>();
    std::function<void(std::shared_ptr<Game>)> created = start_second;
    if (g == 0 && watchers > 0) {
      // The first game waits for its spectators: each must see every ply.
      created = [&, watchers](std::shared_ptr<Game> game) {
        for (int w = 0; w < watchers; ++w) {
          auto watcher = std::make_shared<Seat>(io, endpoints, url, game, -1, seeds.next(), totals, options,
                                                [&, watchers](std::shared_ptr<Game> watched) {
                                                  if (totals.watchers_ready == watchers) start_second(watched);
                                                });
          seats.push_back(watcher);
          watcher->start();
        }
      };
    }
    auto first = std::make_shared<Seat>(io, endpoints, url, game, 0, seeds.next(), totals, options, created);
    seats.push_back(first);
    first->start();
  }
  // The server's memory, sampled every 100 ms while the games run.
  asio::steady_timer sampler(io);
  bool announced = false;
  std::function<void()> sample = [&] {
    if (server_pid) rss_peak = std::max(rss_peak, rss_kb(server_pid));
    if (!announced && totals.games_created >= games) {
      announced = true;  // bench/serve_faults.sh starts its kills here
      fmt::print("all {} games created\n", games);
      std::fflush(stdout);
    }
    if (totals.games_done < games) {
      sampler.expires_after(std::chrono::milliseconds(100));
      sampler.async_wait([&](beast::error_code) { sample(); });
    }
  };
  sample();
  const auto start = Clock::now();
  io.run();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  const double server_cpu = server_pid ? cpu_seconds(server_pid) - cpu_before : 0;
  fmt::print("games: {} started, {} finished, {} failed, {} with a record that differs from the log\n", games,
             totals.games_done - totals.games_failed, totals.games_failed, totals.games_mismatched);
  fmt::print("moves: {} in {:.1f} s: {:.0f} moves/s\n", totals.moves, seconds, static_cast<double>(totals.moves) / seconds);
  fmt::print("round trip (Move sent to MoveMade at both seats): p50 {:.1f} ms, p99 {:.1f} ms, max {:.1f} ms\n",
             percentile(totals.round_trip_ms, 0.5), percentile(totals.round_trip_ms, 0.99),
             percentile(totals.round_trip_ms, 1.0));
  if (watchers > 0)
    fmt::print("spectators: {} of {} got every ply; delivery (Move sent to MoveMade at a spectator, {} deliveries): "
               "p50 {:.1f} ms, p99 {:.1f} ms, max {:.1f} ms\n",
               totals.watchers_complete, watchers, totals.watcher_ms.size(), percentile(totals.watcher_ms, 0.5),
               percentile(totals.watcher_ms, 0.99), percentile(totals.watcher_ms, 1.0));
  if (options.reconnect)
    fmt::print("reconnects: {} (connections opened again), games created again: {}\n", totals.reconnects,
               totals.creates_retried);
  if (server_pid)
    fmt::print("server CPU (user + system): {:.2f} s for {} moves and their games: {:.0f} us a move\n", server_cpu,
               totals.moves, totals.moves ? 1e6 * server_cpu / static_cast<double>(totals.moves) : 0.0);
  if (server_pid)
    fmt::print("server memory: {} KB before, {} KB at the peak: {:.0f} KB a game\n", rss_before, rss_peak,
               static_cast<double>(rss_peak - rss_before) / games);
  for (std::size_t i = 0; i < std::min<std::size_t>(totals.problems.size(), 20); ++i)
    fmt::print("problem: {}\n", totals.problems[i]);
  if (totals.problems.size() > 20) fmt::print("... and {} more problems\n", totals.problems.size() - 20);
  const bool watched = watchers == 0 || totals.watchers_complete == watchers;
  return totals.problems.empty() && totals.games_done == games && watched ? 0 : 1;
}
