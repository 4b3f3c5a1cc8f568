// Reading and writing .ghpuz files.
#include "gamehost/puzzles/puzzle_file.h"

#include <fmt/core.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/text_format.h>

#include "gamehost/base/error.h"
#include "gamehost/records/output_file.h"
#include "gamehost/records/regular_file.h"

namespace gamehost::puzzles {
namespace {

namespace gp = google::protobuf;

// Keeps the parser's first error, 1-based (the parser counts from 0).
class FirstError : public gp::io::ErrorCollector {
 public:
  void AddError(int line, gp::io::ColumnNumber column, const std::string& message) override {
    if (text.empty()) text = fmt::format("line {}, column {}: {}", line + 1, column + 1, message);
  }
  std::string text;
};

void check_puzzle(const ppb::Puzzle& p, int k, const std::string& file) {
  const auto fail = [&](const std::string& what) {
    throw HostError(fmt::format("{}: puzzle {} ({}): {}", file, k + 1, p.id().empty() ? "no id" : p.id(), what));
  };
  if (p.id().empty()) fail("no id");
  if (p.state().empty()) fail("no state");
  if (p.line_size() == 0) fail("no solution line");
  if (p.line(0).seat() != p.seat()) fail("the line's first step is not the puzzle's seat's");
  for (int i = 0; i < p.line_size(); ++i) {
    const auto& s = p.line(i);
    bool found = false;
    for (const auto& m : s.moves()) found = found || m.action() == s.best_action();
    if (!found) fail(fmt::format("step {}: the best move {} is not among its moves", i + 1, s.best()));
  }
}

}  // namespace

std::string puzzle_set_text(const ppb::PuzzleSet& set) {
  std::string text;
  gp::TextFormat::Printer printer;
  printer.SetUseUtf8StringEscaping(true);
  printer.PrintToString(set, &text);
  return "# gamehost puzzle set (gamehost.puzzles.v1.PuzzleSet, text format; docs/teaching.md)\n" + text;
}

void write_puzzle_set(const std::filesystem::path& path, const ppb::PuzzleSet& set, bool overwrite) {
  ReplaceLock lock(path);
  lock.replace(puzzle_set_text(set), !overwrite);
}

ppb::PuzzleSet read_puzzle_set(const std::filesystem::path& path) {
  return parse_puzzle_set(read_regular_file(path), path.string());
}

ppb::PuzzleSet parse_puzzle_set(const std::string& text, const std::string& file) {
  ppb::PuzzleSet set;
  FirstError errors;
  gp::TextFormat::Parser parser;
  parser.RecordErrorsTo(&errors);
  if (!parser.ParseFromString(text, &set))
    throw HostError(fmt::format("{}: {}", file, errors.text.empty() ? "not a puzzle set" : errors.text));
  if (set.format_version() != kPuzzleFormatVersion)
    throw HostError(fmt::format("{}: format_version {} (this gamehost reads {})", file, set.format_version(),
                                kPuzzleFormatVersion));
  if (set.game_id().empty()) throw HostError(fmt::format("{}: no game_id", file));
  for (int k = 0; k < set.puzzles_size(); ++k) check_puzzle(set.puzzles(k), k, file);
  return set;
}

}  // namespace gamehost::puzzles
