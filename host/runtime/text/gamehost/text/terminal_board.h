// The board people read at a terminal (`show`, and the board of `play` and
// `enter`): the plugin draws it as text with style spans and a legend
// (gamehost.proto, TerminalBoard); the host turns the spans into ANSI colour
// when colour is on, or drops them. A plugin that draws no board is shown by
// its plain text. docs/gamehost.md, "The terminal board".
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gamehost.pb.h"

namespace gamehost {

class Plugin;
namespace pb = gamehost::v1;

enum class ColorChoice { Auto, Always, Never };

// "auto", "always", "never"; nullopt otherwise.
std::optional<ColorChoice> parse_color_choice(const std::string& text);

// Whether to colour output on stdout: always, never, or (auto) when stdout
// is a terminal, the NO_COLOR environment variable is unset or empty and
// TERM is not "dumb". --color always outranks NO_COLOR (no-color.org).
bool color_enabled(ColorChoice choice);
// The same decision for a stream that is or is not a terminal.
bool color_enabled(ColorChoice choice, bool is_terminal);

// The terminal's background. Dark (the default) draws white pieces bright
// white and the last move's brackets yellow; light draws them black and
// dark yellow (256-colour 136), which a white background does not swallow.
// Process-wide: a program sets it once, from --color-scheme.
enum class ColorScheme { Dark, Light };
void set_color_scheme(ColorScheme scheme);

// The text with each span wrapped in SGR escapes ("\x1b[1;31m" ...
// "\x1b[0m"), or the plain text. Spans that overlap one before them, are
// empty or reach past the text are ignored.
std::string styled_text(const pb::StyledText& text, bool color);

// The board of `state`, then its legend line, marking the last move when
// `before` (the state before it) is not empty. Falls back to the state's
// text when the plugin draws no board.
std::string board_text(Plugin& plugin, const std::string& state, const std::string& before, bool color);
// The same as `seat` may see it (Observe), for games with hidden information.
std::string seat_board_text(Plugin& plugin, const std::string& state, const std::string& before, int seat,
                            bool color);

// The last move of a game whose ply k (from 1) was made by seats[k - 1]
// (-1: chance): the plies of the last seat to move, with the chance plies
// after them. Returns how many plies came before it; -1 when no seat moved.
int last_move_start(const std::vector<int>& seats);

}  // namespace gamehost
