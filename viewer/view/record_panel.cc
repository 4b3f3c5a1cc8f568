// The panel's record section (SidePanel::layout_record): the log's
// metadata and the note of the shown ply, under the ply line. Kept short so
// the scene's sections and the move list keep their room: a metadata field
// is one line (cut with "…"), the notes of a ply at most kNoteLines lines.
#include <algorithm>

#include "viewer/view/side_panel.h"
#include "viewer/render/palette.h"

namespace viewer {
namespace {
constexpr float kSize = 12.5f, kLine = 16;
constexpr int kNoteLines = 4;

}  // namespace

float SidePanel::layout_record(const std::vector<RecordRow>& rows, float y) {
  if (rows.empty()) return y;
  const float left = area_.left + 16, width = area_.width - 32;
  y += 6;
  fill_rect({left, y - 6, width, 1}, kRule, shapes_);
  y += 8;
  int note_lines = 0;
  for (const RecordRow& r : rows) {
    auto lines = wrap_text(*font_, r.text, kSize, false, width, width);
    const std::size_t keep = r.note ? static_cast<std::size_t>(std::max(0, kNoteLines - note_lines)) : 1;
    if (keep == 0) break;
    if (lines.size() > keep) {
      lines.resize(keep);
      lines.back() += " …";
    }
    for (const auto& line : lines) {
      add_text(line, left, y, kSize, r.note ? kNote : kMeta, false);
      y += kLine;
    }
    if (r.note) note_lines += static_cast<int>(lines.size());
  }
  return y + 4;
}

}  // namespace viewer
