// Animated export (under Xvfb, tests/with_xvfb.sh): replay-viewer --gif and --webp
// on a shipped sample, decoded here with the same libraries (giflib's
// DGifSlurp, libwebp's WebPAnimDecoder): the frame count and timing, the
// size, and the first and last pictures equal to --screenshot of ply 0 and
// of the end (up to the GIF's 255-colour palette and WebP's lossy coding).
#include <catch2/catch.hpp>

#include <gif_lib.h>
#include <webp/demux.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "viewer_test_support.h"

using namespace viewer_test;

namespace {

constexpr int kPlies = 47;  // seed-1.ghlog
constexpr unsigned kW = 800, kH = 500;

struct Decoded {
  int frames = 0;
  int total_ms = 0;
  sf::Image first, last;
};

sf::Image screenshot(const std::string& log, int ply, const std::filesystem::path& out) {
  const Run r = run_viewer({log, "--ply", std::to_string(ply), "--size", "800x500", "--screenshot", out.string()});
  REQUIRE(r.exit_code == 0);
  sf::Image image;
  REQUIRE(image.loadFromFile(out.string()));
  return image;
}

Decoded decode_gif(const std::string& path) {
  int error = 0;
  GifFileType* gif = DGifOpenFileName(path.c_str(), &error);
  REQUIRE(gif);
  REQUIRE(DGifSlurp(gif) == GIF_OK);
  REQUIRE(gif->SWidth == static_cast<int>(kW));
  REQUIRE(gif->SHeight == static_cast<int>(kH));
  REQUIRE(gif->SColorMap);
  Decoded d;
  d.frames = gif->ImageCount;
  sf::Image canvas;
  canvas.create(kW, kH, sf::Color::Black);
  for (int i = 0; i < gif->ImageCount; ++i) {
    const SavedImage& frame = gif->SavedImages[i];
    GraphicsControlBlock gcb{};
    REQUIRE(DGifSavedExtensionToGCB(gif, i, &gcb) == GIF_OK);
    d.total_ms += gcb.DelayTime * 10;
    const GifImageDesc& desc = frame.ImageDesc;
    const ColorMapObject* map = desc.ColorMap ? desc.ColorMap : gif->SColorMap;
    for (int y = 0; y < desc.Height; ++y)
      for (int x = 0; x < desc.Width; ++x) {
        const int index = frame.RasterBits[y * desc.Width + x];
        if (index == gcb.TransparentColor) continue;
        const GifColorType c = map->Colors[index];
        canvas.setPixel(desc.Left + x, desc.Top + y, sf::Color(c.Red, c.Green, c.Blue));
      }
    if (i == 0) d.first = canvas;
  }
  d.last = canvas;
  DGifCloseFile(gif, &error);
  return d;
}

Decoded decode_webp(const std::string& path) {
  const std::string bytes = read_file(path);
  WebPData data{reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()};
  WebPAnimDecoderOptions options;
  REQUIRE(WebPAnimDecoderOptionsInit(&options));
  options.color_mode = MODE_RGBA;
  WebPAnimDecoder* dec = WebPAnimDecoderNew(&data, &options);
  REQUIRE(dec);
  WebPAnimInfo info;
  REQUIRE(WebPAnimDecoderGetInfo(dec, &info));
  CHECK(info.canvas_width == kW);
  CHECK(info.canvas_height == kH);
  Decoded d;
  while (WebPAnimDecoderHasMoreFrames(dec)) {
    uint8_t* rgba = nullptr;
    int timestamp = 0;
    REQUIRE(WebPAnimDecoderGetNext(dec, &rgba, &timestamp));
    sf::Image frame;
    frame.create(kW, kH, rgba);
    if (d.frames++ == 0) d.first = frame;
    d.last = frame;
    d.total_ms = timestamp;  // the end of this frame
  }
  CHECK(d.frames == static_cast<int>(info.frame_count));
  WebPAnimDecoderDelete(dec);
  return d;
}

// The mean difference per channel, and the share of pixels off by more
// than 48 in some channel.
std::pair<double, double> difference(const sf::Image& a, const sf::Image& b) {
  REQUIRE(a.getSize() == b.getSize());
  const sf::Uint8* pa = a.getPixelsPtr();
  const sf::Uint8* pb = b.getPixelsPtr();
  const std::size_t n = std::size_t{a.getSize().x} * a.getSize().y;
  double sum = 0;
  std::size_t far = 0;
  for (std::size_t i = 0; i < n; ++i) {
    int worst = 0;
    for (int c = 0; c < 3; ++c) {
      const int d = std::abs(pa[4 * i + c] - pb[4 * i + c]);
      sum += d;
      worst = std::max(worst, d);
    }
    if (worst > 48) ++far;
  }
  return {sum / (3.0 * n), static_cast<double>(far) / n};
}

void check_same(const sf::Image& got, const sf::Image& want, double mean_limit, const char* what) {
  const auto [mean, far] = difference(got, want);
  INFO(what << ": mean difference " << mean << ", pixels off by > 48: " << far * 100 << "%");
  CHECK(mean < mean_limit);
  CHECK(far < 0.005);
}

// Runs replay-viewer with `args`, which must write `frames` frames to `out`.
void export_game(const std::vector<std::string>& args, int frames, const std::filesystem::path& out) {
  const Run r = run_viewer(args);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out == "wrote " + std::to_string(frames) + " frames to " + out.string() + "\n");
  CHECK(r.err.empty());  // no progress bar when stderr is not a terminal
}

// The first and last frames against --screenshot of ply 0 and of the end.
void check_ends(const Decoded& d, const std::string& log, const std::filesystem::path& dir, double mean_limit) {
  check_same(d.first, screenshot(log, 0, dir / "ply0.png"), mean_limit, "first frame vs ply 0");
  check_same(d.last, screenshot(log, kPlies, dir / "end.png"), mean_limit, "last frame vs the end");
}

}  // namespace

TEST_CASE("--gif writes the whole game, under 5 MB at 800x500, first and last frames as the screenshots", "[cli][long]") {
  const auto dir = temp_dir("gif");
  const std::string log = sample("seed-1.ghlog");
  const auto gif = dir / "seed-1.gif";
  export_game({log, "--gif", gif.string(), "--size", "800x500"}, 189, gif);
  CHECK(std::filesystem::file_size(gif) < 5'000'000);
  const Decoded d = decode_gif(gif.string());
  CHECK(d.frames == 1 + kPlies * 4);  // the start, then 3 in-between frames and the position per ply
  // 46 positions held 600 ms, the end 3 s, 3 x 83 ms in between per ply
  // (GIF delays are in 10 ms steps: 80 ms).
  CHECK(d.total_ms == 600 + 46 * 600 + 3000 + kPlies * 3 * 80);
  // The palette keeps flat areas exact (measured: 0.23 and 0.47 on average).
  check_ends(d, log, dir, 1.0);
}

TEST_CASE("--webp writes the whole game; --tween sets the in-between frames", "[cli][long]") {
  const auto dir = temp_dir("webp");
  const std::string log = sample("seed-1.ghlog");
  const auto webp = dir / "seed-1.webp";
  export_game({log, "--webp", webp.string(), "--size", "800x500", "--tween", "2", "--fps", "10", "--hold", "500"},
              142, webp);
  const Decoded d = decode_webp(webp.string());
  // The encoder merges a frame identical to the one before into its
  // duration, so the count is at most 1 + 47 x 3 and at least a frame per
  // position; the timing is exact.
  CHECK(d.frames <= 1 + kPlies * 3);
  CHECK(d.frames > kPlies);
  CHECK(d.total_ms == 500 + 46 * 500 + 3000 + kPlies * 2 * 100);
  check_ends(d, log, dir, 4.0);
}

TEST_CASE("--frames --tween writes every frame of the animation; output options exclude each other", "[cli][long]") {
  const auto dir = temp_dir("tween");
  const std::string log = sample("seed-1.ghlog");
  std::filesystem::remove_all(dir / "frames");
  const Run r = run_viewer({log, "--frames", (dir / "frames").string(), "--tween", "1", "--size", "320x200"});
  REQUIRE(r.exit_code == 0);
  CHECK(std::distance(std::filesystem::directory_iterator(dir / "frames"), {}) == 1 + kPlies * 2);
  CHECK(std::filesystem::exists(dir / "frames" / "frame-0094.png"));
  // An in-between frame (ply 1 half-way) is neither ply 0 nor ply 1.
  sf::Image before, between, after;
  REQUIRE(before.loadFromFile((dir / "frames" / "frame-0000.png").string()));
  REQUIRE(between.loadFromFile((dir / "frames" / "frame-0001.png").string()));
  REQUIRE(after.loadFromFile((dir / "frames" / "frame-0002.png").string()));
  CHECK(difference(between, before).first > 0.01);
  CHECK(difference(between, after).first > 0.01);
  const Run both = run_viewer({log, "--gif", (dir / "a.gif").string(), "--webp", (dir / "a.webp").string()});
  CHECK(both.exit_code == 2);
  CHECK(both.err == "replay-viewer: --screenshot, --frames, --gif, --webp: give one of them\n");
  const Run bad = run_viewer({log, "--gif", (dir / "no-such-dir" / "x" / "a.gif").string(), "--size", "200x100"});
  CHECK(bad.exit_code == 1);
  CHECK(bad.err.find("cannot write " + (dir / "no-such-dir" / "x" / "a.gif").string() + ": ") != std::string::npos);
}
