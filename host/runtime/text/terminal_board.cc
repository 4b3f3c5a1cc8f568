#include "gamehost/text/terminal_board.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "gamehost/text/input_checks.h"
#include "gamehost/calls/plugin.h"

namespace gamehost {
namespace {

ColorScheme scheme = ColorScheme::Dark;

// SGR parameters of a span: its tint, then bold and underline.
std::string sgr(const pb::StyleSpan& span) {
  const bool light = scheme == ColorScheme::Light;
  std::string codes;
  auto add = [&](const char* c) { codes += (codes.empty() ? "" : ";") + std::string(c); };
  if (span.bold()) add("1");
  if (span.underline()) add("4");
  switch (span.tint()) {
    case pb::TINT_RED: add("31"); break;
    case pb::TINT_GREEN: add("32"); break;
    case pb::TINT_YELLOW: add(light ? "38;5;136" : "33"); break;
    case pb::TINT_BLUE: add("34"); break;
    case pb::TINT_MAGENTA: add("35"); break;
    case pb::TINT_CYAN: add("36"); break;
    case pb::TINT_WHITE: add(light ? "30" : "97"); break;
    case pb::TINT_GREY: add("90"); break;
    default: break;  // the terminal's own colour (and unknown future tints)
  }
  return codes.empty() ? "" : "\x1b[" + codes + "m";
}

bool is_continuation(std::string_view s, std::size_t at) {
  return at < s.size() && (static_cast<unsigned char>(s[at]) & 0xC0) == 0x80;
}

std::string board_or(const pb::TerminalBoard& board, const std::string& fallback, bool color) {
  if (board.board().text().empty()) return visible_lines(fallback);
  return styled_text(board.board(), color) + styled_text(board.legend(), color);
}

}  // namespace

void set_color_scheme(ColorScheme s) { scheme = s; }

std::optional<ColorChoice> parse_color_choice(const std::string& text) {
  if (text == "auto") return ColorChoice::Auto;
  if (text == "always") return ColorChoice::Always;
  if (text == "never") return ColorChoice::Never;
  return std::nullopt;
}

bool color_enabled(ColorChoice choice, bool is_terminal) {
  if (choice != ColorChoice::Auto) return choice == ColorChoice::Always;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) return false;
  const char* term = std::getenv("TERM");
  if (term && std::string(term) == "dumb") return false;
  return is_terminal;
}

bool color_enabled(ColorChoice choice) { return color_enabled(choice, isatty(STDOUT_FILENO) == 1); }

std::string styled_text(const pb::StyledText& text, bool color) {
  // The plugin's text with its control characters made visible; the spans
  // index its original bytes, so each piece is made visible on its own.
  const std::string_view t = text.text();
  if (!color || text.spans().empty()) return visible_lines(t);
  std::vector<const pb::StyleSpan*> spans;
  for (const auto& s : text.spans()) spans.push_back(&s);
  std::stable_sort(spans.begin(), spans.end(), [](auto* a, auto* b) { return a->begin() < b->begin(); });
  std::string out;
  std::size_t at = 0;
  for (const pb::StyleSpan* s : spans) {
    const std::size_t b = s->begin(), e = s->end();
    if (b < at || e <= b || e > t.size() || is_continuation(t, b) || is_continuation(t, e)) continue;
    const std::string on = sgr(*s);
    out += visible_lines(t.substr(at, b - at));
    if (on.empty()) out += visible_lines(t.substr(b, e - b));
    else out += on + visible_lines(t.substr(b, e - b)) + "\x1b[0m";
    at = e;
  }
  out += visible_lines(t.substr(at));
  return out;
}

int last_move_start(const std::vector<int>& seats) {
  int k = static_cast<int>(seats.size());
  while (k > 0 && seats[static_cast<std::size_t>(k - 1)] < 0) --k;  // the draws after the move
  if (k == 0) return -1;
  const int seat = seats[static_cast<std::size_t>(k - 1)];
  while (k > 0 && seats[static_cast<std::size_t>(k - 1)] == seat) --k;
  return k;
}

std::string board_text(Plugin& plugin, const std::string& state, const std::string& before, bool color) {
  pb::QueryRequest req;
  req.set_state(state);
  req.mutable_flags()->set_text(true);
  req.mutable_flags()->set_board(true);
  req.set_board_before(before);
  pb::QueryResponse resp;
  plugin.call(pb::METHOD_QUERY, req, resp);
  return board_or(resp.info().board(), resp.info().text(), color);
}

std::string seat_board_text(Plugin& plugin, const std::string& state, const std::string& before, int seat,
                            bool color) {
  pb::ObserveRequest req;
  req.set_state(state);
  req.set_player(seat);
  req.set_board(true);
  req.set_board_before(before);
  pb::ObserveResponse resp;
  plugin.call(pb::METHOD_OBSERVE, req, resp);
  return board_or(resp.board(), resp.text(), color);
}

}  // namespace gamehost
