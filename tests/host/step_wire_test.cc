// The hand-written Step codec (proto/gamehost/step_wire.h) against the
// generated protobuf code: what one writes the other reads, field for field,
// including negative seats and points, unpacked repeated fields and fields
// it does not know; damaged bytes are refused, never read past.
#include <catch2/catch.hpp>

#include <string>

#include "gamehost/step_wire.h"

namespace pb = gamehost::v1;
using namespace gamehost::step_wire;

namespace {

pb::StateInfo sample_info(int to_move, bool terminal) {
  pb::StateInfo info;
  info.set_to_move(to_move);
  info.set_phase("build — ü");
  info.set_terminal(terminal);
  for (std::uint32_t id : {0u, 7u, 127u, 128u, 300u, 70000u}) info.add_legal_ids(id);
  info.add_chance_probabilities(0.25);
  info.add_chance_probabilities(0.75);
  info.add_returns(-1.0);
  info.add_returns(1.0);
  info.add_scores(-5);
  info.add_scores(1234567890123LL);
  info.set_result("White wins 140 - 38");
  return info;
}

void require_equal(const pb::StepResponse& a, const pb::StepResponse& b) {
  REQUIRE(a.SerializeAsString() == b.SerializeAsString());
}

}  // namespace

TEST_CASE("encode_step writes what the generated code reads", "[step][wire]") {
  for (int to_move : {-2, -1, 0, 1, 3}) {
    const pb::StateInfo info = sample_info(to_move, to_move == -2);
    const std::string state("\x01\x00\xffstate bytes", 14);
    std::string bytes;
    encode_step(bytes, state, info, "RT@E3", true);
    pb::StepResponse parsed;
    REQUIRE(parsed.ParseFromString(bytes));
    CHECK(parsed.state() == state);
    CHECK(parsed.to_move() == to_move);
    CHECK(parsed.phase() == info.phase());
    CHECK(parsed.terminal() == info.terminal());
    CHECK(std::vector<std::uint32_t>(parsed.legal_ids().begin(), parsed.legal_ids().end()) ==
          std::vector<std::uint32_t>(info.legal_ids().begin(), info.legal_ids().end()));
    CHECK(parsed.chance_probabilities_size() == 2);
    CHECK(parsed.returns(0) == -1.0);
    CHECK(parsed.scores(0) == -5);
    CHECK(parsed.scores(1) == 1234567890123LL);
    CHECK(parsed.result() == info.result());
    CHECK(parsed.notation() == "RT@E3");
    // Byte for byte the generated encoding (both write fields in order, packed).
    CHECK(bytes == parsed.SerializeAsString());
  }
  std::string bytes;
  encode_step(bytes, "", pb::StateInfo(), "ignored", false);
  CHECK(bytes.empty());
}

TEST_CASE("decode_step reads what the generated code writes, packed or not, skipping unknown fields",
          "[step][wire]") {
  pb::StepResponse written;
  written.set_state(std::string("\0\1\2", 3));
  written.set_to_move(-1);
  written.set_phase("deal");
  written.set_terminal(true);
  for (std::uint32_t id : {1u, 2u, 99999u}) written.add_legal_ids(id);
  written.add_chance_probabilities(0.5);
  written.add_returns(0.0);
  written.add_scores(-77);
  written.set_result("draw");
  written.set_notation("d");
  pb::StepResponse read;
  read.set_phase("left over from before");
  REQUIRE(decode_step(written.SerializeAsString(), read));
  require_equal(read, written);

  // Repeated fields one element per key (unpacked, as proto2 writers do),
  // and fields of a newer StepResponse (numbers 11 and 200, every wire type).
  std::string extra;
  extra += "\x28\x05";                           // legal_ids 5, unpacked
  extra += "\x39" + std::string(8, '\0');        // returns 0.0, unpacked (fixed64)
  extra += "\x40\x03";                           // scores 3, unpacked
  extra += "\x58\x96\x01";                       // field 11, varint
  extra += "\x5d\x01\x02\x03\x04";               // field 11, fixed32
  extra += "\xc2\x0c\x02hi";                     // field 200, length-delimited
  REQUIRE(decode_step(written.SerializeAsString() + extra, read));
  CHECK(read.legal_ids_size() == 4);
  CHECK(read.legal_ids(3) == 5);
  CHECK(read.returns_size() == 2);
  CHECK(read.scores(1) == 3);
  pb::StepResponse generated;
  REQUIRE(generated.ParseFromString(written.SerializeAsString() + extra));
  CHECK(read.legal_ids_size() == generated.legal_ids_size());
}

TEST_CASE("damaged Step answers are refused, never read past", "[step][wire]") {
  pb::StepResponse written;
  written.set_state("0123456789");
  written.add_legal_ids(3);
  written.set_result("Red wins");
  const std::string bytes = written.SerializeAsString();
  pb::StepResponse read;
  for (std::size_t cut = 1; cut < bytes.size(); ++cut) {
    const std::string part = bytes.substr(0, cut);
    pb::StepResponse generated;
    // Every prefix the generated code refuses, the codec refuses too.
    if (!generated.ParseFromString(part)) CHECK_FALSE(decode_step(part, read));
  }
  CHECK_FALSE(decode_step(std::string("\x0a\x7f", 2), read));   // length past the end
  CHECK_FALSE(decode_step(std::string("\x00\x01", 2), read));   // field number 0
  CHECK_FALSE(decode_step(std::string("\x0b", 1), read));       // a group
  CHECK_FALSE(decode_step(std::string(11, '\xff'), read));      // a varint of 11 bytes
}

TEST_CASE("the Step request codec agrees with the generated code", "[step][wire]") {
  pb::StepRequest request;
  request.set_state("abc");
  request.set_action_id(300);
  request.set_scores(true);
  request.set_describe_action(true);
  std::string bytes;
  encode_step_request(bytes, request);
  CHECK(bytes == request.SerializeAsString());
  pb::StepRequest read;
  read.set_scores(true);
  REQUIRE(decode_step_request(pb::StepRequest().SerializeAsString(), read));
  CHECK_FALSE(read.scores());
  REQUIRE(decode_step_request(bytes + "\x58\x01", read));
  CHECK(read.SerializeAsString() == request.SerializeAsString());
  CHECK_FALSE(decode_step_request(std::string("\x0a\x05", 2), read));
}
