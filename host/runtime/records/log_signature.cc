#include "gamehost/records/log_signature.h"

#include <fmt/core.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <unistd.h>

#include "gamehost/records/output_file.h"
#include "gamehost/records/regular_file.h"

namespace gamehost {
namespace {

constexpr std::size_t kMinKeyBytes = 16;

std::string hmac_sha256(std::string_view bytes, const std::string& key) {
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (!HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
            reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), mac, &len))
    throw HostError("HMAC-SHA-256 failed (OpenSSL)");
  return std::string(reinterpret_cast<const char*>(mac), len);
}

}  // namespace

std::string read_sign_key(const std::filesystem::path& path, const std::string& option) {
  const std::string label = fmt::format("{} {}", option, path.string());
  std::string key = read_regular_file(path, label);
  if (key.size() < kMinKeyBytes)
    throw HostError(fmt::format("{}: a key of {} bytes is too short (at least {})", label, key.size(), kMinKeyBytes));
  // HMAC pads a key with zero bytes to its block: K and K followed by NULs
  // would sign alike, so two different key files would check each other's logs.
  if (key.back() == '\0')
    throw HostError(fmt::format("{}: the key ends with a zero byte (byte {}); HMAC would not tell it from the key "
                                "without its trailing zero bytes",
                                label, key.size() - 1));
  return key;
}

std::string signed_log(std::string_view log_bytes, const std::string& key, const std::string& file) {
  const GameLog log = parse_log(log_bytes, file);
  std::string out(log_bytes.substr(0, log.signed_() ? log.signature_offset : log_bytes.size()));
  pb::LogRecord record;
  record.mutable_signature()->set_algorithm(std::string(kSignatureAlgorithm));
  record.mutable_signature()->set_mac(hmac_sha256(out, key));
  const std::string payload = record.SerializeAsString();
  const auto put_u32 = [&out](std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
  };
  put_u32(static_cast<std::uint32_t>(payload.size()));
  out += payload;
  put_u32(crc32(payload));
  return out;
}

void sign_log_file(const std::filesystem::path& path, const std::string& key) {
  ReplaceLock lock(path);  // no game appends to it while it is replaced
  lock.replace(signed_log(read_regular_file(path), key, path.string()));
}

void check_signature(const GameLog& log, std::string_view bytes, const std::string& key) {
  if (!log.signed_())
    throw HostError(log_error(log.file, log.size, "signature", "the log is not signed"));
  auto fail = [&](const std::string& what) {
    throw HostError(log_error(log.file, log.signature_offset, "signature", what));
  };
  // The record itself is covered too: it must be exactly the one a signer
  // writes (the two known fields, once each, in order, nothing else), so
  // junk or unknown fields, or two messages that protobuf would merge,
  // fail instead of riding along with a good MAC.
  pb::LogRecord canonical;
  canonical.mutable_signature()->set_algorithm(log.signature.algorithm());  // no unknown fields copied
  canonical.mutable_signature()->set_mac(log.signature.mac());
  const std::size_t payload_at = log.signature_offset + 4;
  if (bytes.size() < payload_at + 4 ||
      bytes.substr(payload_at, bytes.size() - payload_at - 4) != canonical.SerializeAsString() ||
      log.signature.algorithm().empty() || log.signature.mac().empty())
    fail("the signature record holds more (or other) than one algorithm and one MAC");
  if (log.signature.algorithm() != kSignatureAlgorithm)
    fail(fmt::format("unknown algorithm '{}' (this host checks {})", log.signature.algorithm(), kSignatureAlgorithm));
  const std::string mac = hmac_sha256(bytes.substr(0, log.signature_offset), key);
  if (log.signature.mac().size() != mac.size() ||
      CRYPTO_memcmp(mac.data(), log.signature.mac().data(), mac.size()) != 0)
    fail("the signature does not match: the log was changed after signing, or signed with another key");
}

}  // namespace gamehost
