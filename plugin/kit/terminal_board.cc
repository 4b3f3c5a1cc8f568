#include "gamehost/kit/terminal_board.h"

namespace gamehost::kit {

StyledWriter& StyledWriter::add(std::string_view text, Style style) {
  const auto begin = static_cast<std::uint32_t>(out_.text().size());
  out_.mutable_text()->append(text);
  if (!text.empty() && (style.tint != pb::TINT_DEFAULT || style.bold || style.underline)) {
    auto& span = *out_.add_spans();
    span.set_begin(begin);
    span.set_end(static_cast<std::uint32_t>(out_.text().size()));
    span.set_tint(style.tint);
    span.set_bold(style.bold);
    span.set_underline(style.underline);
  }
  return *this;
}

int display_width(std::string_view utf8) {
  int n = 0;
  for (unsigned char c : utf8) n += (c & 0xC0) != 0x80;
  return n;
}

namespace {

constexpr Style kMark{pb::TINT_YELLOW, true, false};

// Column letters over each cell's middle glyph column, as in the diagrams.
void column_line(StyledWriter& w, const Grid& g) {
  std::string line = "   ";
  const std::size_t width = static_cast<std::size_t>(g.cell_width);
  for (std::size_t i = 0; i < g.columns.size(); ++i) {
    // Cell i's slot starts at 3 + i * (1 + width); its glyphs one later.
    line.resize(3 + i * (1 + width) + 1 + (width - 1) / 2, ' ');
    line += g.columns[i];
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  w.add(line + "\n");
}

// Writes a row, holding spaces back until something follows them, so no
// line ends in spaces.
class RowWriter {
 public:
  explicit RowWriter(StyledWriter& w) : w_(w) {}
  void space(int n = 1) { pending_ += n; }
  void put(std::string_view text, Style style = {}) {
    if (pending_) w_.add(std::string(static_cast<std::size_t>(pending_), ' '));
    pending_ = 0;
    w_.add(text, style);
  }

 private:
  StyledWriter& w_;
  int pending_ = 0;
};

}  // namespace

void draw_grid(StyledWriter& w, const Grid& g) {
  column_line(w, g);
  for (int row = g.rows - 1; row >= 0; --row) {
    const std::string label = std::to_string(row + 1);
    w.add(std::string(label.size() < 2 ? 1 : 0, ' ') + label + " ");
    RowWriter r(w);
    // Each cell has one slot before it: ' ', or '[' opening a run of marked
    // cells, or ']' closing one (a run of marked cells shares its brackets).
    bool open = false;
    for (int col = 0; col < static_cast<int>(g.columns.size()); ++col) {
      const bool mark = g.marked && g.marked(col, row);
      if (mark && !open) r.put("[", kMark);
      else if (!mark && open) r.put("]", kMark);
      else r.space();
      int width = 0;
      for (const Glyph& glyph : g.cell(col, row)) {
        r.put(glyph.text, glyph.style);
        width += display_width(glyph.text);
      }
      r.space(g.cell_width - width);
      open = mark;
    }
    if (open) r.put("]", kMark);
    w.add("\n");
  }
  column_line(w, g);
}

}  // namespace gamehost::kit
