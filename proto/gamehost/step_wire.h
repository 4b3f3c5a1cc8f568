// StepRequest and StepResponse (gamehost.proto, METHOD_STEP) written and read by hand, for
// the one call a game loop makes every ply. The bytes are the ordinary
// protobuf encoding of the message (fields in number order, repeated fields
// packed), so any protobuf library reads what encode_step writes and
// decode_step reads what any library writes (packed or not, unknown fields
// skipped). What it saves against the generated code is its generality: no
// size pass before writing, no UTF-8 pass over the three short texts, no
// Clear/Merge machinery (docs/performance.md, "Per ply through the
// interface"). tests/host/step_wire_test.cc checks both directions against
// the generated code.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "gamehost.pb.h"

namespace gamehost::step_wire {

namespace detail {

inline char* put_varint(char* p, std::uint64_t v) {
  while (v >= 0x80) {
    *p++ = static_cast<char>(v | 0x80);
    v >>= 7;
  }
  *p++ = static_cast<char>(v);
  return p;
}

inline char* put_bytes(char* p, std::uint8_t tag, std::string_view s) {
  if (s.empty()) return p;  // proto3: an empty field is not written
  *p++ = static_cast<char>(tag);
  p = put_varint(p, s.size());
  std::memcpy(p, s.data(), s.size());
  return p + s.size();
}

template <class Repeated, class Put>
char* put_packed(char* p, std::uint8_t tag, const Repeated& values, Put put) {
  if (values.empty()) return p;
  std::size_t size = 0;  // the run's length goes first: sized in a first pass
  for (const auto v : values) {
    char one[11];
    size += static_cast<std::size_t>(put(one, v) - one);
  }
  *p++ = static_cast<char>(tag);
  p = put_varint(p, size);
  for (const auto v : values) p = put(p, v);
  return p;
}

inline char* put_double(char* p, double v) {
  std::memcpy(p, &v, 8);  // little-endian, as the wire format (x86-64, arm64)
  return p + 8;
}

}  // namespace detail

// Writes the StepResponse of `state` with the status fields of `info` (the
// ones StepResponse has) and, when `with_notation`, `notation`, into `out`.
inline void encode_step(std::string& out, std::string_view state, const v1::StateInfo& info,
                        std::string_view notation, bool with_notation) {
  using namespace detail;
  const std::size_t most = 128 + state.size() + info.phase().size() + info.result().size() + notation.size() +
                           11 * static_cast<std::size_t>(info.legal_ids_size() + info.scores_size()) +
                           8 * static_cast<std::size_t>(info.chance_probabilities_size() + info.returns_size());
  out.resize(most);
  char* const begin = out.data();
  char* p = begin;
  p = put_bytes(p, 0x0a, state);
  if (info.to_move() != 0) {
    *p++ = 0x10;
    const auto m = info.to_move();
    p = put_varint(p, (static_cast<std::uint32_t>(m) << 1) ^ static_cast<std::uint32_t>(m >> 31));  // zigzag
  }
  p = put_bytes(p, 0x1a, info.phase());
  if (info.terminal()) *p++ = 0x20, *p++ = 1;
  p = put_packed(p, 0x2a, info.legal_ids(), [](char* q, std::uint32_t v) { return put_varint(q, v); });
  p = put_packed(p, 0x32, info.chance_probabilities(), put_double);
  p = put_packed(p, 0x3a, info.returns(), put_double);
  p = put_packed(p, 0x42, info.scores(),
                 [](char* q, std::int64_t v) { return put_varint(q, static_cast<std::uint64_t>(v)); });
  p = put_bytes(p, 0x4a, info.result());
  if (with_notation) p = put_bytes(p, 0x52, notation);
  out.resize(static_cast<std::size_t>(p - begin));
}

namespace detail {

struct Reader {
  const std::uint8_t* p;
  const std::uint8_t* end;
  bool ok = true;

  std::uint64_t varint() {
    std::uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (p == end) return ok = false, 0;
      const std::uint8_t b = *p++;
      v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
    }
    return ok = false, 0;
  }
  std::string_view bytes() {
    const std::uint64_t n = varint();
    if (!ok || n > static_cast<std::uint64_t>(end - p)) return ok = false, std::string_view();
    const std::string_view s(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n));
    p += n;
    return s;
  }
  double fixed64() {
    if (end - p < 8) return ok = false, 0.0;
    double v;
    std::memcpy(&v, p, 8);
    p += 8;
    return v;
  }
  void skip(std::uint32_t wire) {
    switch (wire) {
      case 0: varint(); break;
      case 1: fixed64(); break;
      case 2: bytes(); break;
      case 5:
        if (end - p < 4) ok = false;
        else p += 4;
        break;
      default: ok = false;  // groups and unknown wire types
    }
  }
};

// A packed run (wire type 2) or one element (wire type `single`) of a
// repeated field, each element read by `one`.
template <class Add, class One>
void read_repeated(Reader& r, std::uint32_t wire, std::uint32_t single, Add add, One one) {
  if (wire == single) return add(one(r));
  if (wire != 2) return r.skip(wire);
  const std::string_view run = r.bytes();
  Reader inner{reinterpret_cast<const std::uint8_t*>(run.data()),
               reinterpret_cast<const std::uint8_t*>(run.data()) + run.size()};
  while (r.ok && inner.ok && inner.p != inner.end) add(one(inner));
  r.ok = r.ok && inner.ok;
}

}  // namespace detail

// Reads a StepResponse into `out` (every field set anew); false when the
// bytes are not one.
inline bool decode_step(std::string_view bytes, v1::StepResponse& out) {
  using namespace detail;
  out.Clear();
  Reader r{reinterpret_cast<const std::uint8_t*>(bytes.data()),
           reinterpret_cast<const std::uint8_t*>(bytes.data()) + bytes.size()};
  const auto varint = [](Reader& x) { return x.varint(); };
  const auto fixed = [](Reader& x) { return x.fixed64(); };
  const auto text = [&r](std::uint32_t wire, std::string& field) {
    if (wire == 2) field.assign(r.bytes());
    else r.skip(wire);
  };
  while (r.ok && r.p != r.end) {
    const std::uint64_t key = r.varint();
    const auto wire = static_cast<std::uint32_t>(key & 7);
    switch (key >> 3) {
      case 1: text(wire, *out.mutable_state()); break;
      case 2:
        if (wire != 0) {
          r.skip(wire);
        } else {
          const auto z = static_cast<std::uint32_t>(r.varint());
          out.set_to_move(static_cast<std::int32_t>((z >> 1) ^ (~(z & 1) + 1)));
        }
        break;
      case 3: text(wire, *out.mutable_phase()); break;
      case 4:
        if (wire == 0) out.set_terminal(r.varint() != 0);
        else r.skip(wire);
        break;
      case 5:
        read_repeated(r, wire, 0, [&](std::uint64_t v) { out.add_legal_ids(static_cast<std::uint32_t>(v)); }, varint);
        break;
      case 6: read_repeated(r, wire, 1, [&](double v) { out.add_chance_probabilities(v); }, fixed); break;
      case 7: read_repeated(r, wire, 1, [&](double v) { out.add_returns(v); }, fixed); break;
      case 8:
        read_repeated(r, wire, 0, [&](std::uint64_t v) { out.add_scores(static_cast<std::int64_t>(v)); }, varint);
        break;
      case 9: text(wire, *out.mutable_result()); break;
      case 10: text(wire, *out.mutable_notation()); break;
      default:
        if (key >> 3 == 0) return false;  // field number 0 is never valid
        r.skip(wire);
    }
  }
  return r.ok;
}

// Writes `request` into `out` (the request is small: its state and flags).
inline void encode_step_request(std::string& out, const v1::StepRequest& request) {
  using namespace detail;
  out.resize(40 + request.state().size());
  char* const begin = out.data();
  char* p = put_bytes(begin, 0x0a, request.state());
  if (request.action_id() != 0) *p++ = 0x10, p = put_varint(p, request.action_id());
  if (request.scores()) *p++ = 0x18, *p++ = 1;
  if (request.describe_action()) *p++ = 0x20, *p++ = 1;
  out.resize(static_cast<std::size_t>(p - begin));
}

// Reads a StepRequest into `out`; false when the bytes are not one.
inline bool decode_step_request(std::string_view bytes, v1::StepRequest& out) {
  using namespace detail;
  out.clear_state();
  out.set_action_id(0);
  out.set_scores(false);
  out.set_describe_action(false);
  Reader r{reinterpret_cast<const std::uint8_t*>(bytes.data()),
           reinterpret_cast<const std::uint8_t*>(bytes.data()) + bytes.size()};
  while (r.ok && r.p != r.end) {
    const std::uint64_t key = r.varint();
    const auto wire = static_cast<std::uint32_t>(key & 7), field = static_cast<std::uint32_t>(key >> 3);
    if (field == 0) return false;
    if (field == 1 && wire == 2) out.mutable_state()->assign(r.bytes());
    else if (field == 2 && wire == 0) out.set_action_id(static_cast<std::uint32_t>(r.varint()));
    else if (field == 3 && wire == 0) out.set_scores(r.varint() != 0);
    else if (field == 4 && wire == 0) out.set_describe_action(r.varint() != 0);
    else r.skip(wire);
  }
  return r.ok;
}

}  // namespace gamehost::step_wire
