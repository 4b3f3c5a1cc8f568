#include "gamehost/server/http_server.h"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <fmt/core.h>

#include <chrono>
#include <deque>
#include <fstream>
#include <sstream>

#include <google/protobuf/util/json_util.h>

#include "gamehost/records/game_log.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/records/json_codec.h"
#include "gamehost/server/downloads.h"
#include "gamehost/server/web_page.h"
#include "gamehost/server/wire.h"
#include "gamehost/web/game_files.h"

namespace gamehost::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

struct Shared {
  Lobby& lobby;
  Registry& registry;
  const ServerOptions& options;
  // A finished game's replay is made here, off the network thread: an
  // Alien City game's takes seconds of plugin calls (docs/web.md).
  asio::thread_pool& files;
};

// The host part of an origin or URL: "http://a.example:8080" -> "a.example:8080".
std::string origin_host(const std::string& origin) {
  const auto scheme = origin.find("://");
  return scheme == std::string::npos ? origin : origin.substr(scheme + 3);
}

bool origin_allowed(const Shared& shared, const http::request<http::string_body>& request, std::string& origin) {
  const auto it = request.find(http::field::origin);
  if (it == request.end()) return true;  // not a browser: nothing to forge
  origin = std::string(it->value());
  if (origin_host(origin) == std::string(request[http::field::host])) return true;
  for (const auto& allowed : shared.options.allowed_origins)
    if (origin == allowed) return true;
  return false;
}

class WsSession : public Peer, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(Shared& shared, beast::tcp_stream&& stream) : shared_(shared), ws_(std::move(stream)) {}

  void start(http::request<http::string_body> request) {
    const std::string target(request.target());
    if (target.find("format=binary") != std::string::npos) text_ = false, decided_ = true;
    else if (target.find("format=json") != std::string::npos) text_ = true, decided_ = true;
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    // Beast refuses frames far over the limit by itself; those up to 16
    // times the limit are read and answered with TOO_LARGE.
    ws_.read_message_max(std::uint64_t{shared_.options.lobby.max_message_bytes} * 16);
    ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return;
      net::ServerMessage welcome;
      *welcome.mutable_welcome() = self->shared_.lobby.welcome();
      self->send(std::move(welcome));
      self->last_refill_ = std::chrono::steady_clock::now();
      self->allowance_ = self->shared_.options.message_burst;
      self->read();
    });
  }

  void send(net::ServerMessage message) override {
    if (closed_) return;
    message.set_seq(++seq_);
    queue_.emplace_back(encode_server_message(message, text_), text_);
    if (queue_.size() == 1) write();
  }

  void send_shared(const net::ServerMessage& body, std::uint64_t reply_to, std::string& binary) override {
    if (text_) return Peer::send_shared(body, reply_to, binary);  // JSON: one encoding a connection
    if (closed_) return;
    if (binary.empty()) binary = encode_server_message(body, false);
    net::ServerMessage header;
    header.set_seq(++seq_);
    header.set_reply_to(reply_to);
    queue_.emplace_back(encode_server_message(header, false) + binary, false);
    if (queue_.size() == 1) write();
  }

  void close() override {
    closing_ = true;
    if (queue_.empty()) shut();
  }

 private:
  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) {
        self->gone();
        return;
      }
      self->received();
    });
  }

  void received() {
    const std::string frame = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    const bool text = ws_.got_text();
    if (!decided_) text_ = text, decided_ = true;  // answers in the kind of the first message
    if (closing_) return;
    if (!take_allowance()) {
      if (++strikes_ > shared_.options.message_burst) {
        send_error(*this, 0, net::Error::RATE_LIMITED, "too many messages: the connection is closed");
        close();
        return;
      }
      send_error(*this, 0, net::Error::RATE_LIMITED,
                 fmt::format("too many messages (over {} a second): this one was not read",
                             shared_.options.messages_per_second));
      read();
      return;
    }
    net::ClientMessage message;
    net::Error error;
    if (!decode_client_message(frame, text, shared_.options.lobby.max_message_bytes, message, error)) {
      net::ServerMessage m;
      *m.mutable_error() = error;
      send(std::move(m));
      close();  // a client that sends no messages cannot be talked to
      return;
    }
    shared_.lobby.handle(shared_from_this(), message);
    read();
  }

  // A token bucket: messages_per_second, bursts of message_burst.
  bool take_allowance() {
    const auto now = std::chrono::steady_clock::now();
    const double seconds = std::chrono::duration<double>(now - last_refill_).count();
    last_refill_ = now;
    allowance_ = std::min(shared_.options.message_burst, allowance_ + seconds * shared_.options.messages_per_second);
    if (allowance_ < 1) return false;
    allowance_ -= 1;
    return true;
  }

  void write() {
    ws_.text(queue_.front().second);
    ws_.async_write(asio::buffer(queue_.front().first), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) {
        self->gone();
        return;
      }
      self->queue_.pop_front();
      if (!self->queue_.empty()) self->write();
      else if (self->closing_) self->shut();
    });
  }

  void shut() {
    if (closed_) return;
    closed_ = true;
    ws_.async_close(websocket::close_code::policy_error, [self = shared_from_this()](beast::error_code) { self->gone(); });
  }

  void gone() {
    if (left_) return;
    left_ = true;
    closed_ = true;
    queue_.clear();
    shared_.lobby.disconnected(this);
  }

  Shared& shared_;
  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::deque<std::pair<std::string, bool>> queue_;
  std::uint64_t seq_ = 0;
  bool text_ = true;  // Welcome as JSON unless the URL asks for binary
  bool decided_ = false;
  bool closing_ = false, closed_ = false, left_ = false;
  double allowance_ = 0;
  int strikes_ = 0;
  std::chrono::steady_clock::time_point last_refill_;
};

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(Shared& shared, tcp::socket&& socket) : shared_(shared), stream_(std::move(socket)) {}

  void start() {
    parser_.emplace();
    parser_->body_limit(64 * 1024);
    stream_.expires_after(std::chrono::seconds(30));
    http::async_read(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return;
      self->handle(parser_release(*self));
    });
  }

 private:
  static http::request<http::string_body> parser_release(HttpSession& s) { return s.parser_->release(); }

  void handle(http::request<http::string_body> request) {
    const std::string target(request.target());
    const std::string path = target.substr(0, target.find('?'));
    if (websocket::is_upgrade(request)) {
      std::string origin;
      if (path != "/ws") return reply(request, http::status::not_found, "text/plain", "the WebSocket is at /ws\n");
      if (!origin_allowed(shared_, request, origin))
        return reply(request, http::status::forbidden, "text/plain",
                     fmt::format("Origin {} may not open this server's WebSocket (serve --allow-origin)\n",
                                 clipped(origin)));
      stream_.expires_never();
      std::make_shared<WsSession>(shared_, std::move(stream_))->start(std::move(request));
      return;
    }
    if (request.method() != http::verb::get && request.method() != http::verb::head)
      return reply(request, http::status::method_not_allowed, "text/plain", "only GET\n");
    if (const auto file = web_file(path))
      return reply(request, http::status::ok, std::string(file->content_type), std::string(file->bytes));
    // A finished game's replay (docs/web.md): the one-file page and its data
    // for the page's study view; the log, JSON and PPN are game_download's.
    const std::string prefix = "/games/";
    for (const std::string_view format : web::kGameFileFormats) {
      const std::string suffix = "." + std::string(format);
      if (path.rfind(prefix, 0) != 0 || path.size() <= prefix.size() + suffix.size() ||
          path.compare(path.size() - suffix.size(), suffix.size(), suffix) != 0)
        continue;
      const std::string id = path.substr(prefix.size(), path.size() - prefix.size() - suffix.size());
      const auto file = shared_.lobby.finished_log(id);
      Plugin* game = file.empty() ? nullptr : shared_.lobby.finished_game_plugin(id);
      if (!game)
        return reply(request, http::status::not_found, "text/plain",
                     fmt::format("no finished game '{}' on this server\n", clipped(id)));
      return make_game_file(std::move(request), game->clone(), file, std::string(format));
    }
    if (auto answer = game_download(shared_.lobby, path))
      return reply(request, static_cast<http::status>(answer->status), answer->content_type, std::move(answer->body));
    reply(request, http::status::not_found, "text/plain", fmt::format("nothing at {}\n", clipped(path)));
  }

  // Made on the files pool with a clone of the game's plugin (the room's
  // own instance stays the network thread's), answered back on the
  // network thread; meanwhile every other connection is served.
  void make_game_file(http::request<http::string_body> request, std::unique_ptr<Plugin> plugin,
                      std::filesystem::path log, std::string format) {
    auto job = std::make_shared<FileJob>(FileJob{std::move(request), std::move(plugin), std::move(log),
                                                 std::move(format), {}, http::status::ok});
    asio::post(shared_.files, [self = shared_from_this(), job] {
      try {
        job->made = web::finished_game_file(*job->plugin, job->log, job->format);
      } catch (const std::exception& e) {
        job->status = http::status::internal_server_error;
        job->made = {"text/plain", std::string(e.what()) + "\n"};
      }
      job->plugin.reset();
      asio::post(self->stream_.get_executor(), [self, job] {
        self->reply(job->request, job->status, job->made.content_type, std::move(job->made.bytes));
      });
    });
  }
  struct FileJob {
    http::request<http::string_body> request;
    std::unique_ptr<Plugin> plugin;
    std::filesystem::path log;
    std::string format;
    web::GameFile made;
    http::status status;
  };

  void reply(const http::request<http::string_body>& request, http::status status, const std::string& type,
             std::string body) {
    auto response = std::make_shared<http::response<http::string_body>>(status, request.version());
    response->set(http::field::server, "gamehost/" GAMEHOST_VERSION);
    response->set(http::field::content_type, type);
    response->keep_alive(false);
    response->body() = std::move(body);
    response->prepare_payload();
    http::async_write(stream_, *response, [self = shared_from_this(), response](beast::error_code, std::size_t) {
      beast::error_code ignored;
      self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    });
  }

  Shared& shared_;
  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
};

void accept(Shared& shared, tcp::acceptor& acceptor) {
  acceptor.async_accept([&shared, &acceptor](beast::error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted) return;
    if (!ec) {
      // Small frames go out at once: Nagle's delay would add tens of
      // milliseconds to every move's round trip.
      beast::error_code ignored;
      socket.set_option(tcp::no_delay(true), ignored);
      std::make_shared<HttpSession>(shared, std::move(socket))->start();
    }
    accept(shared, acceptor);
  });
}

void beat(Lobby& lobby, asio::steady_timer& timer) {
  lobby.heartbeat();
  timer.expires_after(std::chrono::seconds(2));
  timer.async_wait([&lobby, &timer](beast::error_code ec) {
    if (!ec) beat(lobby, timer);
  });
}

}  // namespace

void run_server(Registry& registry, const ServerOptions& options, std::ostream& out) {
  asio::io_context io(1);
  ServerOptions settings = options;
  tcp::acceptor acceptor(io);
  const tcp::endpoint endpoint(asio::ip::make_address(options.bind), options.port);
  beast::error_code ec;
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) throw HostError(fmt::format("--bind {} --port {}: {}", options.bind, options.port, ec.message()));
  const auto port = acceptor.local_endpoint().port();
  const std::string host = options.bind.find(':') != std::string::npos ? "[" + options.bind + "]" : options.bind;
  if (settings.lobby.public_url.empty()) settings.lobby.public_url = fmt::format("http://{}:{}", host, port);
  Lobby lobby(registry, io, settings.lobby);
  lobby.resume_all(out);
  asio::thread_pool files(1);
  Shared shared{lobby, registry, settings, files};
  asio::steady_timer heartbeat(io);
  beat(lobby, heartbeat);
  asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](beast::error_code, int) {
    acceptor.close();
    heartbeat.cancel();
    io.stop();
  });
  accept(shared, acceptor);
  out << fmt::format("Serving {} at {}/ (WebSocket {}/ws, data in {})\n", "gamehost", settings.lobby.public_url,
                     "ws" + settings.lobby.public_url.substr(4), settings.lobby.data_dir.string());
  out.flush();
  io.run();
  files.join();  // a replay being made is finished (its answer is not sent: the loop is stopped)
  lobby.heartbeat();
  lobby.shutdown();
  out << "Stopped; unfinished games resume at the next start\n";
  out.flush();
}

}  // namespace gamehost::server
