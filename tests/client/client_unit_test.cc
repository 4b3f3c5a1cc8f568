// The client library's parts that need no server: URLs, seat keys, the
// game tracker's order checks, clocks, and a refused connection.
#include <sys/socket.h>
#include <netinet/in.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "gamehost/client/client.h"

using namespace gamehost::client;
namespace net = gamehost::net::v1;

TEST_CASE("server URLs: ws:// names the WebSocket, http:// the server whose WebSocket is /ws") {
  const auto ws = parse_server_url("ws://example.org:9000/games/ws", "--server");
  CHECK(ws.host == "example.org");
  CHECK(ws.port == "9000");
  CHECK(ws.path == "/games/ws");
  CHECK(parse_server_url("http://127.0.0.1:8080", "--server").path == "/ws");
  CHECK(parse_server_url("http://127.0.0.1:8080/lobby", "--server").text() == "ws://127.0.0.1:8080/ws");
  CHECK(parse_server_url("ws://[::1]:8080/ws", "--server").host == "::1");
  CHECK(parse_server_url("http://host", "--server").port == "80");
  const auto invite = parse_server_url("http://127.0.0.1:8080/#join=g7:1:abc%2Bdef", "--connect");
  REQUIRE(invite.seat);
  CHECK(invite.seat->game_id() == "g7");
  CHECK(invite.seat->seat() == 1);
  CHECK(invite.seat->token() == "abc+def");
  CHECK_THROWS_WITH(parse_server_url("wss://x:1/ws", "--server"), Catch::Contains("TLS") && Catch::Contains("--server 'wss://x:1/ws'"));
  CHECK_THROWS_WITH(parse_server_url("ftp://x:1", "--server"), Catch::Contains("unknown scheme 'ftp'"));
  CHECK_THROWS_WITH(parse_server_url("ws://x:99999/ws", "--server"), Catch::Contains("port '99999' is not 1..65535"));
  CHECK_THROWS_WITH(parse_server_url("localhost:8080", "--server"), Catch::Contains("expected ws://HOST:PORT/ws"));
  CHECK_THROWS_WITH(parse_server_url("ws://:80/ws", "--server"), Catch::Contains("no host"));
}

TEST_CASE("seat keys read back as printed") {
  net::SeatKey key;
  key.set_game_id("g12");
  key.set_seat(1);
  key.set_token("t0k:en");
  const auto read = parse_seat_key(seat_key_text(key), "--token");
  CHECK(read.game_id() == "g12");
  CHECK(read.seat() == 1);
  CHECK(read.token() == "t0k:en");
  CHECK_THROWS_WITH(parse_seat_key("g12:x:tok", "--token"), Catch::Contains("expected GAME:SEAT:TOKEN"));
  CHECK_THROWS_WITH(parse_seat_key("http://h:1/", "--token"), Catch::Contains("carries no seat"));
}

namespace {

net::ServerMessage game_view(const std::string& id, std::uint32_t plies, int seat) {
  net::ServerMessage m;
  auto* v = m.mutable_game();
  v->mutable_game()->set_game_id(id);
  v->mutable_game()->set_status(net::PLAYING);
  v->set_seat(seat);
  for (std::uint32_t p = 1; p <= plies; ++p) v->add_plies()->set_ply(p);
  v->mutable_position()->set_ply(plies);
  return m;
}

net::ServerMessage move_made(const std::string& id, std::uint32_t ply, int to_move) {
  net::ServerMessage m;
  auto* mm = m.mutable_move_made();
  mm->set_game_id(id);
  mm->mutable_ply()->set_ply(ply);
  mm->mutable_position()->set_ply(ply);
  mm->mutable_position()->mutable_info()->set_to_move(to_move);
  mm->mutable_position()->mutable_info()->add_legal_ids(4);
  mm->mutable_clocks()->add_remaining_ms(60000);
  mm->mutable_clocks()->add_remaining_ms(30000);
  mm->mutable_clocks()->set_running(to_move);
  return m;
}

}  // namespace

TEST_CASE("the tracker takes plies in order, ignores repeats and reports gaps") {
  GameTracker game("g1");
  using A = GameTracker::Applied;
  CHECK(game.apply(move_made("g1", 1, 0)) == A::Gap);  // never seen whole
  CHECK(game.apply(game_view("g1", 2, 1)) == A::Updated);
  CHECK(game.plies() == 2);
  CHECK(game.apply(game_view("g2", 9, 0)) == A::NotThisGame);
  CHECK(game.apply(move_made("g1", 2, 0)) == A::Duplicate);
  CHECK(game.plies() == 2);
  CHECK(game.apply(move_made("g1", 3, 1)) == A::Updated);
  CHECK(game.plies() == 3);
  CHECK(game.my_turn());
  CHECK(game.ply_views().size() == 3);
  CHECK(game.apply(move_made("g1", 5, 0)) == A::Gap);  // ply 4 missing: nothing taken
  CHECK(game.plies() == 3);
  CHECK(game.apply(game_view("g1", 5, 1)) == A::Updated);  // the resynchronisation
  CHECK(game.plies() == 5);
  net::ServerMessage end;
  end.mutable_game_ended()->set_game_id("g1");
  end.mutable_game_ended()->set_reason(net::RESIGNED);
  end.mutable_game_ended()->set_result("Blue resigned");
  CHECK(game.apply(end) == A::Ended);
  CHECK_FALSE(game.my_turn());
  CHECK(game.summary().status() == net::FINISHED);
}

TEST_CASE("clocks tick for the running seat only and read as people read them") {
  GameTracker game("g1");
  game.apply(game_view("g1", 0, 1));
  game.apply(move_made("g1", 1, 1));
  CHECK(*clock_now_ms(game, 0) == 60000);
  CHECK(*clock_now_ms(game, 1) <= 30000);
  CHECK_FALSE(clock_now_ms(game, 2));
  CHECK(clock_text_ms(299000) == "4:59");
  CHECK(clock_text_ms(7300) == "0:07.3");
  CHECK(clock_text_ms(3723000) == "1:02:03");
  CHECK(clock_text_ms(-5) == "0:00.0");
}

TEST_CASE("a refused connection is named with the server's URL") {
  // A port nobody listens on: bound, never listened.
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
  socklen_t len = sizeof addr;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  const std::string port = std::to_string(ntohs(addr.sin_port));
  ClientSettings settings;
  settings.reconnect_for = std::chrono::milliseconds(0);
  Client client(parse_server_url("http://127.0.0.1:" + port, "--server"), settings);
  CHECK_THROWS_WITH(client.connect(), "cannot connect to ws://127.0.0.1:" + port + "/ws: Connection refused");
  ::close(fd);
}
