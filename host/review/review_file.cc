#include "gamehost/records/sidecar.h"
#include "gamehost/review/review_file.h"

#include <fmt/core.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "gamehost/base/error.h"
#include "gamehost/records/record_framing.h"
#include "gamehost/records/game_log.h"
#include "gamehost/records/output_file.h"
#include "gamehost/records/regular_file.h"

namespace gamehost::review {

namespace {
constexpr std::uint32_t kMaxRecordBytes = 4u << 20;
constexpr std::size_t kPrelude = 12;

std::string at_error(const std::string& file, std::uint64_t offset, const std::string& what) {
  return fmt::format("{}: byte {}: {}", file, offset, what);
}
}  // namespace

std::filesystem::path review_path_for(const std::filesystem::path& log) { return sidecar_path(log, ".ghreview"); }

std::optional<ReviewFile> review_of_log(const std::filesystem::path& log,
                                        const std::filesystem::path& explicit_path) {
  std::filesystem::path path = explicit_path;
  std::error_code ec;
  if (path.empty()) {
    path = review_path_for(log);
    if (!std::filesystem::exists(path, ec)) return std::nullopt;
  } else if (!std::filesystem::exists(path, ec)) {
    throw HostError(path.string() + ": no such review file");
  }
  ReviewFile review = read_review(path);
  const std::uint64_t hash = state_hash(read_regular_file(log));
  if (review.header.log_hash() != hash)
    throw HostError(fmt::format(
        "{}: is a review of another log ({}, hash {:016x}), not of {} (hash {:016x}); "
        "review this log with: gamehost review {}",
        path.string(), review.header.log_file(), review.header.log_hash(), log.string(), hash, log.string()));
  return review;
}

ReviewFile read_review(const std::filesystem::path& path) {
  ReviewFile r;
  r.file = path.string();
  const std::string bytes = read_regular_file(path);
  r.file_bytes = bytes.size();
  const std::string_view view(bytes);
  if (view.size() < kReviewMagic.size() || view.substr(0, kReviewMagic.size()) != kReviewMagic)
    throw HostError(at_error(r.file, 0, "not a gamehost review (wrong magic)"));
  if (view.size() < kPrelude) throw HostError(at_error(r.file, 8, "truncated: the format version is cut short"));
  if (const std::uint32_t v = get_u32(view, 8); v != kReviewFormatVersion)
    throw HostError(at_error(r.file, 8, fmt::format("review format version {}, this host reads version {}", v,
                                                    kReviewFormatVersion)));
  std::size_t at = kPrelude;
  rpb::ReviewRecord record;
  bool have_header = false;
  while (at < view.size()) {
    const Frame frame = read_frame(view, at, kMaxRecordBytes);
    std::string problem = frame.error;
    if (problem.empty() && !record.ParseFromArray(frame.payload.data(), static_cast<int>(frame.payload.size())))
      problem = "the record does not parse";
    if (problem.empty()) {
      if (!have_header && !record.has_header()) problem = "the first record is not a header";
      else if (have_header && !record.has_ply()) problem = "a record that is not a ply review";
      else if (have_header && record.ply().ply() != r.plies.size() + 1)
        problem = fmt::format("ply review numbered {}, expected {}", record.ply().ply(), r.plies.size() + 1);
    }
    if (!problem.empty()) {
      if (!have_header) throw HostError(at_error(r.file, at, "header: " + problem));
      r.tail = at_error(r.file, at, problem);
      break;
    }
    if (!have_header) {
      have_header = true;
      r.header = std::move(*record.mutable_header());
    } else {
      r.plies.push_back(std::move(*record.mutable_ply()));
    }
    at = frame.next;
  }
  if (!have_header) throw HostError(at_error(r.file, at, "truncated: no header record"));
  r.whole_bytes = at;
  return r;
}

ReviewWriter::ReviewWriter(const std::filesystem::path& path, const rpb::ReviewHeader& header, bool overwrite)
    : path_(path.string()), fd_(create_output(path, overwrite, "use --force to review again")) {
  buffer_.assign(kReviewMagic);
  put_u32(buffer_, kReviewFormatVersion);
  *record_.mutable_header() = header;
  append_frame(buffer_, record_);
  write_fully(fd_, buffer_, path_);
}

ReviewWriter::ReviewWriter(const ReviewFile& existing)
    : path_(existing.file), fd_(continue_output(existing.file, existing.file_bytes, existing.whole_bytes)) {}

ReviewWriter::~ReviewWriter() {
  if (fd_ >= 0) ::close(fd_);
}

void ReviewWriter::append(const rpb::PlyReview& ply) {
  buffer_.clear();
  *record_.mutable_ply() = ply;
  append_frame(buffer_, record_);
  write_fully(fd_, buffer_, path_);
}

}  // namespace gamehost::review
