#include "serialize.h"

#include "streets.h"

namespace alien_city {
namespace {
constexpr char kMagic0 = 'A', kMagic1 = 'C', kVersion = 1;
constexpr std::size_t kSize = 3 + kTiles + kLots + 2 * (kPieceKinds + 1) + 3;

Error bad(std::string why) { return Error{"state", "bad Alien City state bytes: " + why}; }
}  // namespace

std::string serialize(const State& s) {
  std::string out;
  out.reserve(kSize);
  out += kMagic0;
  out += kMagic1;
  out += kVersion;
  for (int t = 0; t < kTiles; ++t)
    out += static_cast<char>(static_cast<int>(s.layout().colour[t]) << 2 | static_cast<int>(s.layout().icon[t]));
  for (Lot lot = 0; lot < kLots; ++lot) {
    int b = 0;
    if (auto p = s.piece_at(lot)) b = 1 + static_cast<int>(*p);
    if (auto o = s.claimed_by(lot)) b |= *o == Player::White ? 16 : 32;
    out += static_cast<char>(b);
  }
  for (Player p : {Player::White, Player::Black}) {
    for (auto n : s.supply(p).pieces) out += static_cast<char>(n);
    out += static_cast<char>(s.supply(p).caps);
  }
  out += static_cast<char>(s.to_move());
  out += static_cast<char>(s.phase());
  out += static_cast<char>(s.next_builder());
  return out;
}

Expected<State> deserialize(std::string_view bytes) {
  if (bytes.size() != kSize)
    return bad("expected " + std::to_string(kSize) + " bytes, got " + std::to_string(bytes.size()));
  if (bytes[0] != kMagic0 || bytes[1] != kMagic1) return bad("wrong magic");
  if (bytes[2] != kVersion) return bad("unknown version " + std::to_string(bytes[2]));
  auto at = [&](std::size_t i) { return static_cast<unsigned char>(bytes[i]); };
  std::size_t i = 3;
  Layout layout;
  for (int t = 0; t < kTiles; ++t, ++i) {
    if (at(i) >= 16) return bad("tile " + std::to_string(t));
    layout.colour[t] = static_cast<Colour>(at(i) >> 2);
    layout.icon[t] = static_cast<Corner>(at(i) & 3);
  }
  State s(layout);
  for (Lot lot = 0; lot < kLots; ++lot, ++i) {
    const int b = at(i), piece = b & 15, owner = b >> 4;
    if (piece > kPieceKinds || owner > 2 || (owner && (piece == 0 || piece > 3)))
      return bad("lot " + lot_name(lot));
    if (piece) s.place(lot, static_cast<Piece>(piece - 1), std::nullopt);
    if (owner) s.cap(lot, owner == 1 ? Player::White : Player::Black);
  }
  for (Player p : {Player::White, Player::Black}) {
    Supply sup;
    for (auto& n : sup.pieces) {
      if (at(i) > 6) return bad("supply count");
      n = at(i++);
    }
    if (at(i) > 3) return bad("cap count");
    sup.caps = at(i++);
    s.set_supply(p, sup);
  }
  if (at(i) > 1 || at(i + 1) > 2 || at(i + 2) > 1) return bad("turn");
  s.set_turn(static_cast<Player>(at(i)), static_cast<Phase>(at(i + 1)), static_cast<Player>(at(i + 2)));
  // Only a finished game may break the street rule (ruling R17): the rules
  // never search a position whose streets are broken.
  if (!s.is_over() && !streets_valid(s)) return bad("the streets break rule 4 and the game is not over");
  return s;
}

}  // namespace alien_city
