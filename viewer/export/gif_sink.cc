// The GIF writer of frame_sink.h. The palette is quantised once (giflib's
// GifQuantizeBuffer over the first and last frames, which hold every colour
// of the board and the panel), and every pixel is mapped through a table of
// nearest palette entries filled once per distinct colour, so a frame costs
// one table read per pixel. Frames after the first store only the rectangle that changed,
// with unchanged pixels transparent: LZW packs those runs to almost nothing.
#include <fcntl.h>
#include <gif_lib.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "viewer/export/frame_sink.h"

namespace viewer {

namespace {

constexpr int kColours = 255;         // palette entries; 255 is transparent
constexpr GifByteType kTransparent = 255;
constexpr std::uint16_t kUnknown = 0xffff;

class GifSink : public FrameSink {
 public:
  GifSink(std::string path, const sf::Image& first, const sf::Image& last) : path_(std::move(path)) {
    if (first.getSize() != last.getSize()) fail("the first and last frames differ in size");
    open(first, last);
  }
  ~GifSink() override {
    if (gif_) EGifCloseFile(gif_, nullptr);
  }

  void add(const sf::Image& frame, int milliseconds) override {
    if (frame.getSize() != size_) fail("every frame must have the size of the first");
    write(index(frame), previous_, milliseconds);
  }

  void finish() override {
    int error = 0;
    const int status = EGifCloseFile(gif_, &error);
    gif_ = nullptr;
    if (status == GIF_ERROR) fail(GifErrorString(error));
  }

 private:
  [[noreturn]] void fail(const std::string& why) const { throw std::runtime_error("cannot write " + path_ + ": " + why); }

  void open(const sf::Image& first, const sf::Image& last) {
    size_ = first.getSize();
    const unsigned w = size_.x, h = size_.y;
    // Both frames one above the other, as the separate channels giflib wants.
    std::vector<GifByteType> r(2 * w * h), g(r.size()), b(r.size()), out(r.size());
    for (int k = 0; k < 2; ++k) {
      const sf::Uint8* px = (k ? last : first).getPixelsPtr();
      for (std::size_t i = 0; i < std::size_t{w} * h; ++i) {
        r[k * w * h + i] = px[4 * i];
        g[k * w * h + i] = px[4 * i + 1];
        b[k * w * h + i] = px[4 * i + 2];
      }
    }
    int count = kColours;
    std::array<GifColorType, 256> colours{};
    if (GifQuantizeBuffer(w, 2 * h, &count, r.data(), g.data(), b.data(), out.data(), colours.data()) == GIF_ERROR)
      fail("cannot quantise the palette");
    snap_to_modes(r, g, b, out, colours.data(), count);
    palette_.assign(colours.begin(), colours.begin() + count);
    lookup_.assign(std::size_t{1} << 24, kUnknown);
    ColorMapObject* map = GifMakeMapObject(256, colours.data());
    int error = 0;
    // Not EGifOpenFileName: it makes the file readable by its owner only.
    const int fd = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0) {
      GifFreeMapObject(map);
      fail(std::strerror(errno));
    }
    gif_ = EGifOpenFileHandle(fd, &error);
    if (!gif_) {
      ::close(fd);
      GifFreeMapObject(map);
      fail(GifErrorString(error));
    }
    EGifSetGifVersion(gif_, true);
    const bool ok = EGifPutScreenDesc(gif_, static_cast<int>(w), static_cast<int>(h), 8, 0, map) != GIF_ERROR;
    GifFreeMapObject(map);
    if (!ok) fail("cannot write the header");
    // NETSCAPE2.0: loop forever.
    static const GifByteType kLoop[] = {1, 0, 0};
    if (EGifPutExtensionLeader(gif_, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
        EGifPutExtensionBlock(gif_, 11, "NETSCAPE2.0") == GIF_ERROR ||
        EGifPutExtensionBlock(gif_, 3, kLoop) == GIF_ERROR || EGifPutExtensionTrailer(gif_) == GIF_ERROR)
      fail("cannot write the loop extension");
  }

  // GifQuantizeBuffer averages each cluster at 5 bits a channel; the most
  // frequent exact colour of the cluster instead keeps large flat areas (the
  // background, tiles, roads) exact.
  static void snap_to_modes(const std::vector<GifByteType>& r, const std::vector<GifByteType>& g,
                            const std::vector<GifByteType>& b, const std::vector<GifByteType>& index,
                            GifColorType* colours, int count) {
    std::vector<std::unordered_map<std::uint32_t, int>> seen(count);
    for (std::size_t i = 0; i < index.size(); ++i)
      if (index[i] < count) ++seen[index[i]][(std::uint32_t{r[i]} << 16) | (g[i] << 8) | b[i]];
    for (int k = 0; k < count; ++k) {
      if (seen[k].empty()) continue;
      const auto mode = std::max_element(seen[k].begin(), seen[k].end(),
                                         [](const auto& a, const auto& b) { return a.second < b.second; });
      colours[k] = {static_cast<GifByteType>(mode->first >> 16), static_cast<GifByteType>(mode->first >> 8),
                    static_cast<GifByteType>(mode->first)};
    }
  }

  // The nearest palette entry, found once per distinct colour.
  GifByteType nearest(std::uint32_t rgb) {
    std::uint16_t& cached = lookup_[rgb];
    if (cached != kUnknown) return static_cast<GifByteType>(cached);
    const int r = static_cast<int>(rgb >> 16), g = static_cast<int>((rgb >> 8) & 255), b = static_cast<int>(rgb & 255);
    int best = 0, best_d = 1 << 30;
    for (int i = 0; i < static_cast<int>(palette_.size()); ++i) {
      const int dr = r - palette_[i].Red, dg = g - palette_[i].Green, db = b - palette_[i].Blue;
      const int d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
      if (d < best_d) {
        best_d = d;
        best = i;
      }
    }
    cached = static_cast<std::uint16_t>(best);
    return static_cast<GifByteType>(best);
  }

  std::vector<GifByteType> index(const sf::Image& image) {
    const sf::Uint8* px = image.getPixelsPtr();
    std::vector<GifByteType> out(std::size_t{size_.x} * size_.y);
    for (std::size_t i = 0; i < out.size(); ++i)
      out[i] = nearest((std::uint32_t{px[4 * i]} << 16) | (px[4 * i + 1] << 8) | px[4 * i + 2]);
    return out;
  }

  // Writes `now` as the rectangle that differs from `previous` (all of it
  // for the first frame; one transparent pixel when nothing changed).
  void write(std::vector<GifByteType> now, std::vector<GifByteType>& previous, int milliseconds) {
    const int w = static_cast<int>(size_.x), h = static_cast<int>(size_.y);
    int x0 = 0, y0 = 0, x1 = w - 1, y1 = h - 1;
    if (!previous.empty()) {
      x0 = w, y0 = h, x1 = -1, y1 = -1;
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
          if (now[y * w + x] != previous[y * w + x]) {
            x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
          }
      if (x1 < 0) x0 = x1 = y0 = y1 = 0;
    }
    GraphicsControlBlock gcb{};
    gcb.DisposalMode = DISPOSE_DO_NOT;
    gcb.DelayTime = (milliseconds + 5) / 10;
    gcb.TransparentColor = previous.empty() ? NO_TRANSPARENT_COLOR : kTransparent;
    GifByteType extension[4];
    const std::size_t n = EGifGCBToExtension(&gcb, extension);
    if (EGifPutExtension(gif_, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(n), extension) == GIF_ERROR ||
        EGifPutImageDesc(gif_, x0, y0, x1 - x0 + 1, y1 - y0 + 1, false, nullptr) == GIF_ERROR)
      fail("cannot write a frame");
    std::vector<GifByteType> row(x1 - x0 + 1);
    for (int y = y0; y <= y1; ++y) {
      for (int x = x0; x <= x1; ++x) {
        const GifByteType v = now[y * w + x];
        row[x - x0] = !previous.empty() && v == previous[y * w + x] ? kTransparent : v;
      }
      if (EGifPutLine(gif_, row.data(), static_cast<int>(row.size())) == GIF_ERROR) fail("cannot write a frame");
    }
    previous = std::move(now);
  }

  std::string path_;
  GifFileType* gif_ = nullptr;
  sf::Vector2u size_;
  std::vector<GifByteType> previous_;  // the last frame's indices
  std::vector<GifColorType> palette_;
  std::vector<std::uint16_t> lookup_;  // 24-bit colour -> palette index, or kUnknown
};

}  // namespace

std::unique_ptr<FrameSink> gif_sink(const std::string& path, const sf::Image& first, const sf::Image& last) {
  return std::make_unique<GifSink>(path, first, last);
}

}  // namespace viewer
