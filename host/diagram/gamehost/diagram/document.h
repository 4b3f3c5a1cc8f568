// Diagram files: one scene (with a caption) as an SVG, PDF or PNG file, or
// a sheet of several scenes laid out on A4 pages (a printed game record).
// cairo writes every format; nothing here serializes SVG or PDF itself.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "gamehost/diagram/painter.h"

namespace gamehost::diagram {

enum class Format { Svg, Pdf, Png };

// "svg", "pdf" or "png"; nullopt for anything else.
std::optional<Format> parse_format(const std::string& name);
// The format a file name's extension names, if any.
std::optional<Format> format_of(const std::filesystem::path& file);
const char* format_name(Format f);

struct Diagram {
  pb::Scene scene;
  std::string caption;  // under the board, wrapped; "" for none
};

struct Output {
  Format format = Format::Svg;
  Style style;
  // One diagram's size: pixels for PNG, points (1/72 inch) for SVG and
  // PDF. 0 x 0: 600 wide, as tall as the board needs.
  double width = 0, height = 0;
};

// The size a diagram gets with `out`'s size (the default filled in).
std::pair<double, double> diagram_size(const Diagram& d, const Output& out);

// Writes one diagram. Throws gamehost::HostError naming the file when it
// cannot be written.
void write_diagram(const Diagram& d, const Output& out, const std::filesystem::path& file);

struct Sheet {
  std::string title;     // the page's heading (the game, the players)
  std::string subtitle;  // e.g. the result
  std::vector<Diagram> cells;
  int columns = 2, rows = 3;
};

inline constexpr double kA4Width = 595.276, kA4Height = 841.89;  // points
inline constexpr double kPngSheetScale = 2;                        // pixels a point in a PNG sheet

// Lays the sheet out on A4 portrait pages: a PDF holds every page; SVG and
// PNG hold one page a file, FILE itself when there is one page, else
// FILE-1.svg, FILE-2.svg, ... Returns the files written.
std::vector<std::filesystem::path> write_sheet(const Sheet& sheet, const Output& out,
                                               const std::filesystem::path& file);
int sheet_pages(const Sheet& sheet);

}  // namespace gamehost::diagram
