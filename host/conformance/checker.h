// The conformance checker's parts shared by its files (private to the
// library): the checks' ids, one plugin call that never throws, and the
// invariants of a StateInfo.
#pragma once

#include <google/protobuf/message.h>

#include <string>
#include <vector>

#include "gamehost/conformance/conformance.h"
#include "gamehost/calls/plugin.h"

namespace gamehost::conformance {

// The checks, in the report's order.
enum CheckId {
  kDescribe,
  kLegal,
  kRefusals,
  kApplyStep,
  kRoundTrip,
  kNotation,
  kObserve,
  kHidden,
  kScene,
  kBadBytes,
  kCheckCount
};

// The report's checks, named and explained, nothing counted yet.
std::vector<Check> fresh_checks();

// A call's outcome: OK, a refusal (its status and message), or a fault (the
// plugin crashed, hung or answered bytes that do not parse).
struct Answer {
  int status = v1::OK;
  std::string message;
  bool fault = false;
  bool ok() const { return status == v1::OK && !fault; }
  // "BAD_STATE: why", or "the plugin failed: why".
  std::string text() const;
};

Answer ask(Plugin& plugin, v1::Method method, const google::protobuf::Message& request,
           google::protobuf::Message& response);

// What differs between two answers that should be equal, for people (the
// first few fields); empty when they are equal.
std::string differences(const google::protobuf::Message& expected, const google::protobuf::Message& actual);

// Whether `info` breaks the contract of StateInfo (docs/interface.md) for
// the game `game`: each problem as a sentence.
std::vector<std::string> state_info_problems(const v1::GameInfo& game, const v1::StateInfo& info);

}  // namespace gamehost::conformance
