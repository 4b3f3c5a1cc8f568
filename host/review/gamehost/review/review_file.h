// Review files (.ghreview): the framing of game logs (gamehost/records/record_framing.h)
// with their own magic, a ReviewHeader record, then one PlyReview per ply in
// ply order (review.proto). Written as the review goes, one write(2) per
// record; read back trusting nothing.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gamehost/review/review.pb.h"

namespace gamehost::review {

namespace rpb = gamehost::review::v1;

inline constexpr std::string_view kReviewMagic{"\x89GHREV\r\n", 8};
inline constexpr std::uint32_t kReviewFormatVersion = 1;

// Where the review of `log` lives: beside it, its extension replaced
// (games/samples/seed-1.ghlog -> games/samples/seed-1.ghreview).
std::filesystem::path review_path_for(const std::filesystem::path& log);

struct ReviewFile {
  std::string file;
  rpb::ReviewHeader header;
  std::vector<rpb::PlyReview> plies;  // plies 1..n, in order
  // The bytes that hold whole records; past them a torn or damaged tail was
  // found (a review killed mid-write), described in `tail`.
  std::uint64_t whole_bytes = 0;
  std::string tail;
  std::uint64_t file_bytes = 0;  // the file's size when read
};

// Reads a review. A damaged last record is reported in `tail`, not thrown:
// the records before it stand. Throws HostError "FILE: byte N: what" when
// the file is not a review at all or its header is unreadable.
ReviewFile read_review(const std::filesystem::path& path);

// The review of `log`: `explicit_path` when given (then it must exist),
// else review_path_for(log) when that file exists, else nullopt. Throws
// HostError naming both files when the review is of another log (its
// header's FNV-1a hash of the log's bytes differs), or when the file is not
// a readable review.
std::optional<ReviewFile> review_of_log(const std::filesystem::path& log, const std::filesystem::path& explicit_path);

// Appends to a review file, which stays locked against other writers while
// this object lives (output_file.h): a second review writing the same file
// is refused with a message, never interleaved.
class ReviewWriter {
 public:
  // A new review: writes the prelude and `header`. Throws HostError when
  // the file exists and !overwrite, when another process is writing it, or
  // on I/O errors.
  ReviewWriter(const std::filesystem::path& path, const rpb::ReviewHeader& header, bool overwrite);
  // Continues `existing`: its damaged tail, if any, is cut off first.
  // Refused when the file changed since it was read.
  explicit ReviewWriter(const ReviewFile& existing);
  ~ReviewWriter();
  ReviewWriter(const ReviewWriter&) = delete;
  ReviewWriter& operator=(const ReviewWriter&) = delete;

  void append(const rpb::PlyReview& ply);

 private:
  std::string path_;
  int fd_ = -1;
  std::string buffer_;
  rpb::ReviewRecord record_;
};

}  // namespace gamehost::review
