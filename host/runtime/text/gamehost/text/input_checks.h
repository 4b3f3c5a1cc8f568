// Checks of what people type, made by the host before anything reaches a
// protobuf message or a plugin: strict UTF-8, bounded echoes, game option
// values against the game's own OptionSpecs.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <google/protobuf/message.h>

#include "gamehost/echo.h"
#include "gamehost/calls/plugin.h"

namespace gamehost {

// The byte offset of the first byte that is not strict UTF-8 (RFC 3629: no
// overlong forms, no surrogates, nothing above U+10FFFF, no bytes C0, C1,
// F5-FF), or nullopt when `text` is valid.
std::optional<std::size_t> invalid_utf8_at(std::string_view text);

// Throws HostError "WHAT: not UTF-8 text (byte N)" when `text` is invalid.
void require_utf8(std::string_view text, const std::string& what);

// `text` for a message, the one echo of input every message uses: made
// visible (below), then as is when short, else its first `keep` bytes (cut
// on a character boundary) and "... (N bytes)". Never echoes a whole long
// line, nor a control character.
std::string clipped(std::string_view text, std::size_t keep = 40);

// A message made of someone else's words (a plugin's refusal, protobuf's
// JSON parser, the command-line parser), which may quote input of any
// length: each line kept, each word longer than 256 bytes clipped() inside
// its quotes or brackets ("A10 'xxxx... (1048576 bytes)': ..."), every
// other word made visible(); a line still longer than 1,024 bytes (many
// short words: a JSON key holding spaces) keeps its first 300 and last 100
// bytes around "... (N bytes) ...".
std::string clipped_words(std::string_view message);

// The deepest nesting of arrays and objects parse_json_text() reads (a
// game record nests 5 deep, an Abstract Play record about 8).
inline constexpr int kMaxJsonDepth = echo::kMaxJsonDepth;

// `text` parsed as protobuf's JSON mapping of `message` (the JSON of
// `import`, an Abstract Play record, a tournament's plan and parts): strict
// UTF-8 first, "WHAT: not UTF-8 text (byte N)", so no byte that is not
// UTF-8 reaches the parser or a message; "WHAT: WHY: arrays and objects
// nested more than 64 deep (byte N)" before the parser sees the text; then
// the parser's complaint, if any, as "WHAT: WHY: " + clipped_words() of it
// (HostError).
void parse_json_text(std::string_view text, google::protobuf::Message& message, const std::string& what,
                     const std::string& why);

// `text` (from a file or a plugin) safe to print on a terminal: every
// control character made visible, so no escape sequence can retitle, clear
// or recolour it. ESC is "\e", the usual C escapes (\a \b \t \n \v \f \r)
// as such, other C0 bytes and DEL "\xHH", C1 controls (U+0080..U+009F)
// "\u00HH", bytes that are not UTF-8 "\xHH"; everything else as it is.
std::string visible(std::string_view text);

// visible() of each line of a multi-line text (a board, an analysis from a
// plugin), its line breaks kept.
std::string visible_lines(std::string_view text);

// Stops protobuf's own log lines ("[libprotobuf ERROR ...] String field ...
// contains invalid UTF-8") from reaching the user: whatever they report is
// refused with the host's own message, naming the file and byte. Called
// first by every program's main().
void silence_protobuf_log();

// Each value against the game's OptionSpec of its name: known name, given
// once, UTF-8, BOOL true/false, INT a whole number within [min, max], CHOICE
// one of the choices. Throws HostError "option NAME: what".
void check_option_values(const pb::GameInfo& game, const std::vector<pb::OptionValue>& values);

}  // namespace gamehost
