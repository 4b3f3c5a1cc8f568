#include "gamehost/records/log_seal.h"

#include <fmt/core.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/sha.h>

#include <memory>

#include "gamehost/base/secure_random.h"

namespace gamehost {
namespace {

constexpr std::string_view kKeyDomain = "gamehost seal v1";
constexpr std::size_t kNonceBytes = 12, kTagBytes = 16, kPlainBytes = 96;
// Plaintext: action id u32, state hash u64, notation length u8, notation,
// zero padding to kPlainBytes.
constexpr std::size_t kMaxNotation = kPlainBytes - 4 - 8 - 1;

using CipherCtx = std::unique_ptr<EVP_CIPHER_CTX, decltype(&EVP_CIPHER_CTX_free)>;

void put_le(std::string& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}

std::uint64_t get_le(const std::string& in, std::size_t at, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= static_cast<std::uint64_t>(static_cast<unsigned char>(in[at + i])) << (8 * i);
  return v;
}

// Binds a sealed part to its place: moving it to another ply fails its tag.
std::string associated_data(const pb::LogPly& ply) {
  std::string aad(kKeyDomain);
  put_le(aad, ply.ply(), 4);
  put_le(aad, static_cast<std::uint32_t>(ply.player()), 4);
  return aad;
}

const unsigned char* u8(const std::string& s) { return reinterpret_cast<const unsigned char*>(s.data()); }
unsigned char* u8(std::string& s) { return reinterpret_cast<unsigned char*>(s.data()); }

// AES-256-GCM one shot; nullopt when the tag does not match (open).
std::optional<std::string> gcm(bool encrypt, const std::string& key, const std::string& nonce, const std::string& aad,
                               const std::string& in, std::string& tag) {
  CipherCtx ctx(EVP_CIPHER_CTX_new(), &EVP_CIPHER_CTX_free);
  std::string out(in.size(), '\0');
  int len = 0;
  const auto init = encrypt ? EVP_EncryptInit_ex : EVP_DecryptInit_ex;
  if (!ctx || init(ctx.get(), EVP_aes_256_gcm(), nullptr, u8(key), u8(nonce)) != 1)
    throw HostError("AES-256-GCM: cannot start (OpenSSL)");
  const auto update = encrypt ? EVP_EncryptUpdate : EVP_DecryptUpdate;
  if (update(ctx.get(), nullptr, &len, u8(aad), static_cast<int>(aad.size())) != 1 ||
      update(ctx.get(), u8(out), &len, u8(in), static_cast<int>(in.size())) != 1)
    throw HostError("AES-256-GCM failed (OpenSSL)");
  if (encrypt) {
    if (EVP_EncryptFinal_ex(ctx.get(), u8(out) + len, &len) != 1 ||
        EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG, static_cast<int>(kTagBytes), u8(tag)) != 1)
      throw HostError("AES-256-GCM failed (OpenSSL)");
    return out;
  }
  if (EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_TAG, static_cast<int>(kTagBytes), u8(tag)) != 1)
    throw HostError("AES-256-GCM failed (OpenSSL)");
  if (EVP_DecryptFinal_ex(ctx.get(), u8(out) + len, &len) != 1) return std::nullopt;
  return out;
}

bool has_clear_hidden_fields(const pb::LogPly& ply) {
  return ply.state_hash() != 0 || (ply.player() == -1 && (ply.action_id() != 0 || !ply.notation().empty()));
}

}  // namespace

std::string new_seal_key() {
  std::string key(kSealKeyBytes, '\0');
  secure_random(key.data(), key.size());
  return key;
}

std::string seal_key_commitment(const std::string& key) {
  const std::string message = std::string(kKeyDomain) + key;
  std::string digest(SHA256_DIGEST_LENGTH, '\0');
  SHA256(u8(message), message.size(), u8(digest));
  return digest;
}

void seal_ply(pb::LogPly& ply, const std::string& key) {
  const bool chance = ply.player() == -1;
  std::string plain;
  put_le(plain, chance ? ply.action_id() : 0, 4);
  put_le(plain, ply.state_hash(), 8);
  const std::string notation = chance ? ply.notation() : "";
  if (notation.size() > kMaxNotation)
    throw HostError(fmt::format("ply {}: the chance notation '{}' is too long to seal (at most {} bytes)", ply.ply(),
                                notation, kMaxNotation));
  put_le(plain, notation.size(), 1);
  plain += notation;
  plain.resize(kPlainBytes, '\0');
  std::string nonce(kNonceBytes, '\0'), tag(kTagBytes, '\0');
  secure_random(nonce.data(), nonce.size());  // random: a resumed ply number may be sealed twice
  const std::string sealed = *gcm(true, key, nonce, associated_data(ply), plain, tag);
  ply.set_sealed(nonce + sealed + tag);
  clear_sealed_fields(ply);
}

void clear_sealed_fields(pb::LogPly& ply) {
  if (ply.sealed().empty()) return;
  ply.clear_state_hash();
  if (ply.player() == -1) ply.clear_action_id(), ply.clear_notation();
}

void unseal_log(GameLog& log, const std::string& key, const std::string& where) {
  const auto& header = log.record.header();
  if (key.size() != kSealKeyBytes || header.seal_key_commitment().size() != SHA256_DIGEST_LENGTH ||
      CRYPTO_memcmp(seal_key_commitment(key).data(), header.seal_key_commitment().data(), SHA256_DIGEST_LENGTH) != 0)
    throw HostError(log_error(log.file, kLogPrelude, "header",
                              fmt::format("the seal key of the {} does not match the header's seal_key_commitment",
                                          where)));
  for (int i = 0; i < log.record.plies_size(); ++i) {
    auto& ply = *log.record.mutable_plies(i);
    const std::string& box = ply.sealed();
    std::string tag = box.substr(kNonceBytes + kPlainBytes);
    const auto plain = gcm(false, key, box.substr(0, kNonceBytes), associated_data(ply),
                           box.substr(kNonceBytes, kPlainBytes), tag);
    if (!plain || static_cast<unsigned char>((*plain)[12]) > kMaxNotation)
      throw HostError(log_error(log.file, log.ply_offsets[static_cast<std::size_t>(i)], fmt::format("ply {}", i + 1),
                                "the sealed part does not open with the revealed key: it was changed"));
    ply.set_state_hash(get_le(*plain, 4, 8));
    if (ply.player() == -1) {
      ply.set_action_id(static_cast<std::uint32_t>(get_le(*plain, 0, 4)));
      ply.set_notation(plain->substr(13, static_cast<unsigned char>((*plain)[12])));
    }
  }
  log.sealed = false;
}

// Called by parse_log: every ply of a sealed log is sealed and shows none of
// its hidden fields; a revealed key opens them, else they read as hidden.
void open_sealed(GameLog& log) {
  const auto& header = log.record.header();
  const bool sealed_log = !header.seal_cipher().empty();
  if (sealed_log && header.seal_cipher() != kSealCipher)
    throw HostError(log_error(log.file, kLogPrelude, "header",
                              fmt::format("seal_cipher '{}' is unknown (this host opens {})", header.seal_cipher(),
                                          kSealCipher)));
  for (int i = 0; i < log.record.plies_size(); ++i) {
    const auto& ply = log.record.plies(i);
    auto fail = [&](const std::string& what) {
      throw HostError(log_error(log.file, log.ply_offsets[static_cast<std::size_t>(i)], fmt::format("ply {}", i + 1),
                                what));
    };
    if (!sealed_log && !ply.sealed().empty()) fail("a sealed ply in a log whose header has no seal_cipher");
    if (!sealed_log) continue;
    if (ply.sealed().size() != kSealedBytes)
      fail(fmt::format("sealed: {} bytes, a sealed part has {}", ply.sealed().size(), kSealedBytes));
    if (has_clear_hidden_fields(ply)) fail("a sealed ply also holds its hidden fields in the clear");
  }
  if (!sealed_log) return;
  const std::string& key = log.finished() ? log.record.result().seal_key()
                           : log.faulted() ? log.record.fault().seal_key()
                                           : std::string();
  log.sealed = true;
  if (!key.empty()) return unseal_log(log, key, log.finished() ? "result" : "fault");
  if (log.finished() || log.faulted())
    throw HostError(log_error(log.file, log.finished() ? log.result_offset : log.size,
                              log.finished() ? "result" : "fault",
                              "the game is over, but its seal_key is not revealed"));
  for (auto& ply : *log.record.mutable_plies())
    if (ply.player() == -1) ply.set_notation(std::string(kHiddenNotation));
}

std::string sealed_log_message(const GameLog& log) {
  return fmt::format(
      "{}: the game is still being played, with its hands and draws sealed until it ends (docs/logs.md, "
      "\"Sealed plies\"): only the start (--ply 0) and the public record (export, verify) can be read now",
      log.file);
}

}  // namespace gamehost
