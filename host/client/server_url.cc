#include "gamehost/client/server_url.h"

#include <fmt/core.h>

#include <charconv>

#include "gamehost/base/error.h"
#include "gamehost/text/input_checks.h"

namespace gamehost::client {
namespace {

// %XX decoded; a token is URL-safe text, but a pasted link may escape it.
std::string percent_decoded(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    int value = 0;
    if (text[i] == '%' && i + 2 < text.size() &&
        std::from_chars(text.data() + i + 1, text.data() + i + 3, value, 16).ptr == text.data() + i + 3) {
      out += static_cast<char>(value);
      i += 2;
    } else {
      out += text[i] == '+' ? ' ' : text[i];
    }
  }
  return out;
}

// The value of `name` in a query "a=1&b=2"; nullopt when absent.
std::optional<std::string> query_value(const std::string& query, const std::string& name) {
  std::size_t at = 0;
  while (at <= query.size()) {
    const std::size_t end = std::min(query.find('&', at), query.size());
    const std::string pair = query.substr(at, end - at);
    const auto eq = pair.find('=');
    if (eq != std::string::npos && pair.substr(0, eq) == name) return percent_decoded(pair.substr(eq + 1));
    at = end + 1;
  }
  return std::nullopt;
}

std::optional<int> whole_number(const std::string& text) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

ServerUrl parse_server_url(const std::string& text, const std::string& option) {
  const auto refuse = [&](const std::string& why) {
    return HostError(fmt::format("{} '{}': {}", option, clipped(text, 80), why));
  };
  const auto scheme_end = text.find("://");
  if (scheme_end == std::string::npos) throw refuse("expected ws://HOST:PORT/ws or http://HOST:PORT");
  const std::string scheme = text.substr(0, scheme_end);
  if (scheme == "wss" || scheme == "https")
    throw refuse("TLS (wss://, https://) is not supported by this client: put the server behind no proxy, or "
                 "connect with ws://");
  if (scheme != "ws" && scheme != "http") throw refuse(fmt::format("unknown scheme '{}' (ws or http)", scheme));
  std::string rest = text.substr(scheme_end + 3);
  std::string query;
  if (const auto hash = rest.find('#'); hash != std::string::npos) {
    // A fragment may carry the token (kept out of server logs): read it as a query.
    query = rest.substr(hash + 1);
    rest.resize(hash);
  }
  if (const auto q = rest.find('?'); q != std::string::npos) {
    query = rest.substr(q + 1) + (query.empty() ? "" : "&" + query);
    rest.resize(q);
  }
  const auto slash = rest.find('/');
  const std::string authority = rest.substr(0, slash);
  const std::string path = slash == std::string::npos ? "" : rest.substr(slash);
  ServerUrl url;
  if (!authority.empty() && authority[0] == '[') {  // [::1]:8080
    const auto close = authority.find(']');
    if (close == std::string::npos) throw refuse("an IPv6 address without its ']'");
    url.host = authority.substr(1, close - 1);
    if (close + 1 < authority.size()) {
      if (authority[close + 1] != ':') throw refuse("expected ':PORT' after the address");
      url.port = authority.substr(close + 2);
    }
  } else {
    const auto colon = authority.rfind(':');
    url.host = authority.substr(0, colon);
    if (colon != std::string::npos) url.port = authority.substr(colon + 1);
  }
  if (url.host.empty()) throw refuse("no host");
  if (url.port.empty()) url.port = "80";
  const auto port = whole_number(url.port);
  if (!port || *port < 1 || *port > 65535) throw refuse(fmt::format("port '{}' is not 1..65535", clipped(url.port)));
  // ws:// names the WebSocket itself; an http:// page or link of the server
  // means the server, whose WebSocket is at /ws.
  url.path = scheme == "ws" && !path.empty() && path != "/" ? path : "/ws";
  // An invite link: "http://HOST:PORT/#join=GAME:SEAT:TOKEN".
  if (const auto join = query_value(query, "join")) url.seat = parse_seat_key(*join, option);
  return url;
}

net::SeatKey parse_seat_key(const std::string& text, const std::string& option) {
  if (text.find("://") != std::string::npos) {
    const ServerUrl url = parse_server_url(text, option);
    if (!url.seat) throw HostError(fmt::format("{} '{}': the link carries no seat (#join=GAME:SEAT:TOKEN)", option,
                                               clipped(text, 80)));
    return *url.seat;
  }
  const auto first = text.find(':');
  const auto second = first == std::string::npos ? std::string::npos : text.find(':', first + 1);
  const auto seat = second == std::string::npos ? std::nullopt : whole_number(text.substr(first + 1, second - first - 1));
  if (first == 0 || !seat || *seat < 0 || second + 1 >= text.size())
    throw HostError(fmt::format("{} '{}': expected GAME:SEAT:TOKEN (as printed when the seat was taken) or an "
                                "invite link", option, clipped(text, 80)));
  net::SeatKey key;
  key.set_game_id(text.substr(0, first));
  key.set_seat(*seat);
  key.set_token(text.substr(second + 1));
  return key;
}

std::string seat_key_text(const net::SeatKey& key) {
  return fmt::format("{}:{}:{}", key.game_id(), key.seat(), key.token());
}

}  // namespace gamehost::client
