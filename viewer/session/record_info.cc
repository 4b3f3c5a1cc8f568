#include "viewer/session/record_info.h"

#include <fmt/core.h>

#include "gamehost/formats/metadata.h"
#include "gamehost/formats/notes.h"
#include "gamehost/text/input_checks.h"

namespace viewer {

RecordInfo RecordInfo::read(const std::string& log_path, const gamehost::GameLog& log) {
  RecordInfo info;
  for (const auto& f : gamehost::formats::metadata_fields(log.record.header())) info.fields_.push_back({f.key, f.text});
  try {
    info.notes_ = gamehost::formats::notes_by_ply(log_path, log);
  } catch (const gamehost::HostError& e) {
    info.problem_ = fmt::format("notes not shown: {}", gamehost::visible(e.what()));
  }
  return info;
}

std::vector<RecordRow> RecordInfo::rows(int ply) const {
  std::vector<RecordRow> rows = fields_;
  if (!problem_.empty()) rows.push_back({"notes", problem_});
  if (notes_.empty()) return rows;
  rows.push_back({"notes", gamehost::formats::noted_plies_text(notes_)});
  if (const auto it = notes_.find(ply); it != notes_.end())
    for (const auto& text : it->second) rows.push_back({"note", fmt::format("Note (ply {}): {}", ply, gamehost::visible(text)), true});
  return rows;
}

}  // namespace viewer
