// The files gamehost keeps beside a log (a review, notes) are named by one
// rule: the log's extension replaced, "table.ghlog" -> "table.ghnotes",
// "seed-1.ghlog" -> "seed-1.ghreview" (docs/logs.md, "Files beside a log").
#pragma once

#include <filesystem>
#include <string_view>

namespace gamehost {

inline std::filesystem::path sidecar_path(const std::filesystem::path& log, std::string_view extension) {
  std::filesystem::path p = log;
  p.replace_extension(extension);
  return p;
}

}  // namespace gamehost
