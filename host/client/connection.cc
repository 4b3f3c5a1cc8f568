#include "gamehost/client/connection.h"

#include <fmt/core.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <google/protobuf/util/json_util.h>

#include <condition_variable>
#include <deque>
#include <future>
#include <mutex>
#include <thread>
#include <utility>

namespace gamehost::client {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

// Everything the network thread touches. Socket operations run only on that
// thread (posted there); the queue of arrived messages and the end reason
// are shared with the caller under `mutex`.
struct Connection::Impl {
  asio::io_context io;
  asio::executor_work_guard<asio::io_context::executor_type> work{io.get_executor()};
  tcp::resolver resolver{io};
  websocket::stream<beast::tcp_stream> ws{io};
  beast::flat_buffer read_buffer;
  std::deque<std::string> outbox;  // serialized, in order; the front is being written
  std::thread thread;

  mutable std::mutex mutex;
  std::condition_variable arrived;
  std::deque<net::ServerMessage> inbox;
  bool ended = false;
  std::string end_reason;
  std::string url_text;

  void end(const std::string& why) {
    std::lock_guard lock(mutex);
    if (ended) return;
    ended = true;
    end_reason = why;
    arrived.notify_all();
  }

  void read_loop() {
    ws.async_read(read_buffer, [this](beast::error_code ec, std::size_t) {
      if (ec) {
        if (ec == websocket::error::closed) {
          const auto& reason = ws.reason();
          end(fmt::format("the server at {} closed the connection{}", url_text,
                          reason.reason.empty() ? std::string() : ": " + std::string(reason.reason.c_str())));
        } else {
          end(fmt::format("the connection to {} ended: {}", url_text, ec.message()));
        }
        return;
      }
      net::ServerMessage message;
      const auto data = read_buffer.data();
      // Binary frames are asked for; a text frame (JSON) is read all the same.
      google::protobuf::util::JsonParseOptions json;
      json.ignore_unknown_fields = true;
      const bool parsed =
          ws.got_binary()
              ? message.ParseFromArray(data.data(), static_cast<int>(data.size()))
              : google::protobuf::util::JsonStringToMessage(
                    std::string(static_cast<const char*>(data.data()), data.size()), &message, json)
                    .ok();
      const std::size_t bytes = read_buffer.size();
      read_buffer.consume(bytes);
      if (!parsed) {
        end(fmt::format("the server at {} sent a {} frame of {} bytes that is not a ServerMessage", url_text,
                        ws.got_binary() ? "binary" : "text", bytes));
        beast::error_code ignored;
        beast::get_lowest_layer(ws).socket().close(ignored);
        return;
      }
      {
        std::lock_guard lock(mutex);
        inbox.push_back(std::move(message));
        arrived.notify_all();
      }
      read_loop();
    });
  }

  void write_next() {
    ws.async_write(asio::buffer(outbox.front()), [this](beast::error_code ec, std::size_t) {
      if (ec) {
        end(fmt::format("sending to {} failed: {}", url_text, ec.message()));
        return;
      }
      outbox.pop_front();
      if (!outbox.empty()) write_next();
    });
  }
};

Connection::Connection(ServerUrl url) : url_(std::move(url)), impl_(std::make_unique<Impl>()) {
  impl_->url_text = url_.text();
}

std::unique_ptr<Connection> Connection::open(const ServerUrl& url, std::chrono::milliseconds timeout) {
  std::unique_ptr<Connection> c(new Connection(url));
  Impl& impl = *c->impl_;
  std::promise<void> connected;
  bool settled = false;  // the promise is set once, on the network thread
  auto fail = [&impl, &connected, &settled](const std::string& what, beast::error_code ec) {
    if (std::exchange(settled, true)) return;
    connected.set_exception(std::make_exception_ptr(
        ConnectionError(fmt::format("cannot connect to {}: {}{}", impl.url_text, what, ec.message()))));
  };
  impl.resolver.async_resolve(url.host, url.port, [&](beast::error_code ec, tcp::resolver::results_type found) {
    if (ec) return fail("", ec);
    beast::get_lowest_layer(impl.ws).expires_after(timeout);
    beast::get_lowest_layer(impl.ws).async_connect(found, [&](beast::error_code ec, const tcp::endpoint&) {
      if (ec) return fail("", ec);
      beast::get_lowest_layer(impl.ws).socket().set_option(tcp::no_delay(true));
      impl.ws.set_option(websocket::stream_base::decorator([](websocket::request_type& request) {
        request.set(beast::http::field::user_agent, "gamehost-client " GAMEHOST_VERSION);
      }));
      // format=binary: the server's first message (Welcome) in a binary
      // frame too, before this client has sent anything.
      impl.ws.async_handshake(url.host + ":" + url.port, url.path + "?format=binary", [&](beast::error_code ec) {
        if (ec) return fail("the WebSocket handshake failed (is it a gamehost server, and the path right?): ", ec);
        // From here the stream keeps its own time: a ping after 10 s of
        // silence, the connection given up after 20 s without an answer
        // (a server that vanished without a FIN), 5 s for the closing
        // handshake.
        beast::get_lowest_layer(impl.ws).expires_never();
        impl.ws.set_option(websocket::stream_base::timeout{std::chrono::seconds(5), std::chrono::seconds(20), true});
        impl.ws.binary(true);
        impl.read_loop();
        settled = true;
        connected.set_value();
      });
    });
  });
  impl.thread = std::thread([&impl] { impl.io.run(); });
  auto ready = connected.get_future();
  if (ready.wait_for(timeout + std::chrono::seconds(1)) != std::future_status::ready) {
    c->close();  // cancels the resolver: `fail` settles the promise on the way
    throw ConnectionError(fmt::format("cannot connect to {}: no answer within {} ms", impl.url_text, timeout.count()));
  }
  try {
    ready.get();
  } catch (...) {
    c->close();
    throw;
  }
  return c;
}

Connection::~Connection() { close(); }

void Connection::send(const net::ClientMessage& message) {
  Impl& impl = *impl_;
  {
    std::lock_guard lock(impl.mutex);
    if (impl.ended) throw ConnectionError(impl.end_reason);
  }
  std::string bytes = message.SerializeAsString();
  asio::post(impl.io, [&impl, bytes = std::move(bytes)]() mutable {
    impl.outbox.push_back(std::move(bytes));
    if (impl.outbox.size() == 1) impl.write_next();
  });
}

std::optional<net::ServerMessage> Connection::next(std::chrono::milliseconds timeout) {
  Impl& impl = *impl_;
  std::unique_lock lock(impl.mutex);
  impl.arrived.wait_for(lock, timeout, [&] { return !impl.inbox.empty() || impl.ended; });
  if (!impl.inbox.empty()) {
    net::ServerMessage message = std::move(impl.inbox.front());
    impl.inbox.pop_front();
    return message;
  }
  if (impl.ended) throw ConnectionError(impl.end_reason);
  return std::nullopt;
}

bool Connection::open() const {
  std::lock_guard lock(impl_->mutex);
  return !impl_->ended;
}

std::string Connection::end_reason() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->end_reason;
}

void Connection::close() {
  Impl& impl = *impl_;
  if (!impl.thread.joinable()) return;
  // The stream keeps timers of its own (the idle ping): the network thread
  // is stopped once the socket is closed rather than left to run them out.
  asio::post(impl.io, [&impl] {
    bool ended = false;
    {
      std::lock_guard lock(impl.mutex);
      ended = impl.ended;
    }
    const auto shut = [&impl] {
      beast::error_code ignored;
      beast::get_lowest_layer(impl.ws).socket().close(ignored);
      impl.io.stop();
    };
    impl.resolver.cancel();
    // A polite close, bounded by the stream's closing timeout. A connection
    // that already ended (the server went away) has no one to answer it.
    if (impl.ws.is_open() && !ended) impl.ws.async_close(websocket::close_code::normal, [shut](beast::error_code) { shut(); });
    else shut();
  });
  impl.thread.join();
  impl.end("the connection was closed by this client");
}

}  // namespace gamehost::client
