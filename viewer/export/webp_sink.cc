// The animated WebP and PNG-folder writers of frame_sink.h. libwebp's
// WebPAnimEncoder stores each frame as the sub-rectangle that changed and
// merges a frame identical to the one before into its duration.
#include <webp/encode.h>
#include <webp/mux.h>

#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include <fmt/core.h>

#include "viewer/export/frame_sink.h"

namespace viewer {

namespace {

class WebpSink : public FrameSink {
 public:
  WebpSink(std::string path, int quality) : path_(std::move(path)) {
    if (!WebPConfigInit(&config_)) fail("libwebp version mismatch");
    config_.lossless = quality >= 100;
    config_.quality = static_cast<float>(quality >= 100 ? 70 : quality);
    config_.method = 2;  // fast: a game has hundreds of frames
  }
  ~WebpSink() override {
    if (encoder_) WebPAnimEncoderDelete(encoder_);
  }

  void add(const sf::Image& frame, int milliseconds) override {
    const sf::Vector2u size = frame.getSize();
    if (!encoder_) {
      WebPAnimEncoderOptions options;
      if (!WebPAnimEncoderOptionsInit(&options)) fail("libwebp version mismatch");
      options.anim_params.loop_count = 0;  // forever
      encoder_ = WebPAnimEncoderNew(static_cast<int>(size.x), static_cast<int>(size.y), &options);
      if (!encoder_) fail("cannot start the encoder");
      size_ = size;
    } else if (size != size_) {
      fail("every frame must have the size of the first");
    }
    WebPPicture picture;
    if (!WebPPictureInit(&picture)) fail("libwebp version mismatch");
    picture.use_argb = 1;
    picture.width = static_cast<int>(size.x);
    picture.height = static_cast<int>(size.y);
    const bool ok = WebPPictureImportRGBA(&picture, frame.getPixelsPtr(), static_cast<int>(4 * size.x)) &&
                    WebPAnimEncoderAdd(encoder_, &picture, timestamp_, &config_);
    WebPPictureFree(&picture);
    if (!ok) fail(WebPAnimEncoderGetError(encoder_));
    timestamp_ += milliseconds;
  }

  void finish() override {
    if (!encoder_) fail("no frames");
    WebPData data;
    WebPDataInit(&data);
    if (!WebPAnimEncoderAdd(encoder_, nullptr, timestamp_, nullptr) || !WebPAnimEncoderAssemble(encoder_, &data))
      fail(WebPAnimEncoderGetError(encoder_));
    std::FILE* f = std::fopen(path_.c_str(), "wb");
    const bool ok = f && std::fwrite(data.bytes, 1, data.size, f) == data.size;
    if (f && std::fclose(f) != 0) f = nullptr;
    WebPDataClear(&data);
    if (!ok || !f) fail("cannot write the file");
  }

 private:
  [[noreturn]] void fail(const std::string& why) const { throw std::runtime_error("cannot write " + path_ + ": " + why); }

  std::string path_;
  WebPConfig config_;
  WebPAnimEncoder* encoder_ = nullptr;
  sf::Vector2u size_;
  int timestamp_ = 0;
};

class PngSink : public FrameSink {
 public:
  // The folder exists: the caller made it (prepare_output, headless.h).
  explicit PngSink(std::string dir) : dir_(std::move(dir)) {}
  void add(const sf::Image& frame, int) override {
    const std::string path = (std::filesystem::path(dir_) / fmt::format("frame-{:04}.png", count_++)).string();
    if (!frame.saveToFile(path)) throw std::runtime_error("cannot write " + path);
  }
  void finish() override {}

 private:
  std::string dir_;
  int count_ = 0;
};

}  // namespace

std::unique_ptr<FrameSink> webp_sink(const std::string& path, int quality) {
  return std::make_unique<WebpSink>(path, quality);
}

std::unique_ptr<FrameSink> png_sink(const std::string& dir) { return std::make_unique<PngSink>(dir); }

}  // namespace viewer
