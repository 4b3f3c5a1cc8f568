// The framing between the host and an isolated plugin's runner: the bytes
// inside are the interface's own protobuf messages, only framed.
//   request:  u32 LE method, u32 LE length N, N bytes of the request message
//   response: i32 LE status, u32 LE length N, N bytes of the response (status
//             OK) or of a gamehost.v1.Error (any other status)
// Status kRunnerRefused answers the runner's start (the bytes: why the file
// cannot be loaded); kRunnerMalformed a call whose answer could not be sent
// (the bytes: why). The first frame the runner sends is its start answer:
// status 0 and no bytes when the plugin is loaded.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace gamehost {

inline constexpr std::int32_t kRunnerRefused = -1;
inline constexpr std::int32_t kRunnerMalformed = -2;
inline constexpr std::size_t kFrameHeader = 8;
// The runner's descriptors: requests in, responses out.
inline constexpr int kRunnerRequestFd = 3;
inline constexpr int kRunnerResponseFd = 4;

// Appends the 8-byte header of a frame.
void put_frame_header(std::string& out, std::uint32_t tag, std::uint32_t size);
// Reads a header's two words.
void get_frame_header(const char* header, std::uint32_t& tag, std::uint32_t& size);

enum class IoResult { kOk, kEof, kTimeout, kError };

// Writes all `n` bytes (retrying on EINTR and short writes).
IoResult write_full(int fd, const char* data, std::size_t n);
// Reads exactly `n` bytes, waiting at most until `deadline` when given.
IoResult read_full(int fd, char* data, std::size_t n,
                   std::optional<std::chrono::steady_clock::time_point> deadline = std::nullopt);

}  // namespace gamehost
