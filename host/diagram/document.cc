#include "gamehost/diagram/document.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "gamehost/base/error.h"

namespace gamehost::diagram {

namespace {

constexpr double kDefaultWidth = 600;
constexpr double kMargin = 36, kGap = 14;  // sheet, points

// One output file: its surface and context, checked when finished.
class Canvas {
 public:
  Canvas(Format format, const std::filesystem::path& file, double width, double height, double png_scale = 1)
      : format_(format), file_(file) {
    switch (format) {
      case Format::Svg: surface_ = cairo_svg_surface_create(file.c_str(), width, height); break;
      case Format::Pdf: surface_ = cairo_pdf_surface_create(file.c_str(), width, height); break;
      case Format::Png:
        surface_ = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, static_cast<int>(std::ceil(width * png_scale)),
                                              static_cast<int>(std::ceil(height * png_scale)));
        break;
    }
    check(cairo_surface_status(surface_));
    cr_ = cairo_create(surface_);
    if (format == Format::Png) cairo_scale(cr_, png_scale, png_scale);
  }
  ~Canvas() {
    if (cr_) cairo_destroy(cr_);
    if (surface_) cairo_surface_destroy(surface_);
  }
  Canvas(const Canvas&) = delete;
  Canvas& operator=(const Canvas&) = delete;

  cairo_t* cr() const { return cr_; }
  void next_page() { cairo_show_page(cr_); }
  void finish() {
    check(cairo_status(cr_));
    if (format_ == Format::Png) check(cairo_surface_write_to_png(surface_, file_.c_str()));
    cairo_surface_finish(surface_);
    check(cairo_surface_status(surface_));
  }

 private:
  void check(cairo_status_t s) const {
    if (s != CAIRO_STATUS_SUCCESS)
      throw HostError(fmt::format("{}: cannot write the {} diagram: {}", file_.string(), format_name(format_),
                                  cairo_status_to_string(s)));
  }

  Format format_;
  std::filesystem::path file_;
  cairo_surface_t* surface_ = nullptr;
  cairo_t* cr_ = nullptr;
};

void set_rgb(cairo_t* cr, double grey) { cairo_set_source_rgb(cr, grey, grey, grey); }

// Draws wrapped `lines` from (x, top), one every `leading`.
void draw_lines(cairo_t* cr, const std::vector<std::string>& lines, double x, double top, double size) {
  for (std::size_t i = 0; i < lines.size(); ++i) {
    cairo_move_to(cr, x, top + size * (1.0 + 1.3 * static_cast<double>(i)));
    cairo_show_text(cr, lines[i].c_str());
  }
}

double caption_size(double width) { return std::max(10.0, width * 0.028); }

// The caption's lines at the width of the diagram (a scratch context
// measures them).
std::vector<std::string> caption_lines(const std::string& caption, const Style& style, double width) {
  if (caption.empty()) return {};
  cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1);
  cairo_t* cr = cairo_create(s);
  set_font(cr, style, caption_size(width), false);
  auto lines = wrap(cr, caption, width - 2 * caption_size(width));
  cairo_destroy(cr);
  cairo_surface_destroy(s);
  return lines;
}

double caption_height(std::size_t lines, double size) {
  return lines ? size * (1.3 * static_cast<double>(lines) + 0.8) : 0;
}

}  // namespace

std::optional<Format> parse_format(const std::string& name) {
  if (name == "svg") return Format::Svg;
  if (name == "pdf") return Format::Pdf;
  if (name == "png") return Format::Png;
  return std::nullopt;
}

std::optional<Format> format_of(const std::filesystem::path& file) {
  std::string ext = file.extension().string();
  if (ext.empty()) return std::nullopt;
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return parse_format(ext.substr(1));
}

const char* format_name(Format f) {
  switch (f) {
    case Format::Svg: return "svg";
    case Format::Pdf: return "pdf";
    case Format::Png: return "png";
  }
  return "?";
}

std::pair<double, double> diagram_size(const Diagram& d, const Output& out) {
  if (out.width > 0 && out.height > 0) return {out.width, out.height};
  const auto& b = d.scene.bounds();
  const double w = out.width > 0 ? out.width : kDefaultWidth;
  const double board = b.width() > 0 && b.height() > 0 ? w * b.height() / b.width() : w;
  const double size = caption_size(w);
  return {w, std::ceil(board + caption_height(caption_lines(d.caption, out.style, w).size(), size))};
}

void write_diagram(const Diagram& d, const Output& out, const std::filesystem::path& file) {
  const auto [w, h] = diagram_size(d, out);
  Canvas canvas(out.format, file, w, h);
  cairo_t* cr = canvas.cr();
  const std::uint32_t bg = background(d.scene, out.style);
  const double bg_grey = ((bg >> 24) * 0.3 + ((bg >> 16) & 0xff) * 0.59 + ((bg >> 8) & 0xff) * 0.11) / 255;
  cairo_set_source_rgba(cr, (bg >> 24) / 255.0, ((bg >> 16) & 0xff) / 255.0, ((bg >> 8) & 0xff) / 255.0, 1);
  cairo_paint(cr);
  const double size = caption_size(w);
  const auto lines = caption_lines(d.caption, out.style, w);
  const double text_h = caption_height(lines.size(), size);
  paint_scene(cr, d.scene, {0, 0, w, h - text_h}, out.style);
  if (!lines.empty()) {
    set_font(cr, out.style, size, false);
    set_rgb(cr, bg_grey > 0.5 ? 0.1 : 0.92);
    draw_lines(cr, lines, size, h - text_h + size * 0.1, size);
  }
  canvas.finish();
}

int sheet_pages(const Sheet& sheet) {
  const int per_page = std::max(1, sheet.columns * sheet.rows);
  return std::max(1, (static_cast<int>(sheet.cells.size()) + per_page - 1) / per_page);
}

std::vector<std::filesystem::path> write_sheet(const Sheet& sheet, const Output& out,
                                               const std::filesystem::path& file) {
  const int pages = sheet_pages(sheet);
  const int per_page = std::max(1, sheet.columns * sheet.rows);
  std::vector<std::filesystem::path> files;
  std::unique_ptr<Canvas> canvas;
  const double png_scale = out.format == Format::Png ? kPngSheetScale : 1;
  const double title = 15, subtitle = 10, caption = 8.5, header = kMargin + title * 1.5 + subtitle * 1.6;
  const double cell_w = (kA4Width - 2 * kMargin - (sheet.columns - 1) * kGap) / sheet.columns;
  const double cell_h = (kA4Height - header - kMargin - (sheet.rows - 1) * kGap) / sheet.rows;
  const double caption_h = caption * (1.3 * 3 + 0.6);  // three lines of moves
  for (int page = 0; page < pages; ++page) {
    if (!canvas || out.format != Format::Pdf) {
      if (canvas) canvas->finish();
      std::filesystem::path name = file;
      if (pages > 1 && out.format != Format::Pdf)
        name.replace_filename(fmt::format("{}-{}{}", file.stem().string(), page + 1, file.extension().string()));
      canvas = std::make_unique<Canvas>(out.format, name, kA4Width, kA4Height, png_scale);
      files.push_back(name);
    } else {
      canvas->next_page();
    }
    cairo_t* cr = canvas->cr();
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    set_rgb(cr, 0.08);
    set_font(cr, out.style, title, true);
    cairo_text_extents_t e;
    cairo_text_extents(cr, sheet.title.c_str(), &e);
    // A long heading (many players, long names) shrinks to the page.
    if (e.x_advance > kA4Width - 2 * kMargin) set_font(cr, out.style, title * (kA4Width - 2 * kMargin) / e.x_advance, true);
    cairo_move_to(cr, kMargin, kMargin + title);
    cairo_show_text(cr, sheet.title.c_str());
    set_font(cr, out.style, subtitle, false);
    const std::string sub =
        sheet.subtitle + (pages > 1 ? fmt::format("{}page {} of {}", sheet.subtitle.empty() ? "" : " — ", page + 1, pages) : "");
    cairo_move_to(cr, kMargin, kMargin + title * 1.5 + subtitle);
    cairo_show_text(cr, sub.c_str());
    for (int k = 0; k < per_page; ++k) {
      const std::size_t i = static_cast<std::size_t>(page * per_page + k);
      if (i >= sheet.cells.size()) break;
      const double x = kMargin + (k % sheet.columns) * (cell_w + kGap);
      const double y = header + static_cast<double>(k / sheet.columns) * (cell_h + kGap);
      const Fit fit = fit_scene(sheet.cells[i].scene, {x, y, cell_w, cell_h - caption_h});
      const auto& b = sheet.cells[i].scene.bounds();
      // The board's own box, so the caption starts right under it.
      const Box board{fit.x(b.x()), fit.y(b.y()), b.width() * fit.scale, b.height() * fit.scale};
      paint_scene(cr, sheet.cells[i].scene, board, out.style);
      set_rgb(cr, 0.08);
      set_font(cr, out.style, caption, false);
      auto lines = wrap(cr, sheet.cells[i].caption, cell_w);
      if (lines.size() > 3) lines.resize(3), lines.back() += " …";
      draw_lines(cr, lines, x, board.bottom() + 2, caption);
    }
  }
  canvas->finish();
  return files;
}

}  // namespace gamehost::diagram
