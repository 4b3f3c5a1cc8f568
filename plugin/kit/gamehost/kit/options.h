// NewGame's options checked against the game's OptionSpecs: unknown names,
// repeats and values outside a CHOICE, INT or BOOL are refused with a
// message naming the option; the rest get their defaults.
#pragma once

#include <google/protobuf/repeated_ptr_field.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "gamehost.pb.h"
#include "gamehost/kit/outcome.h"

namespace gamehost::kit {

// Every option of a game, resolved, in spec order.
class Options {
 public:
  // The value of option `name` (as text); "" for a name the game lacks.
  const std::string& operator[](std::string_view name) const;
  // An INT option's value (already checked to be in range).
  std::int64_t integer(std::string_view name) const;
  bool flag(std::string_view name) const;  // a BOOL option's value

  // Writes them into NewGameResponse.options.
  void write(google::protobuf::RepeatedPtrField<pb::OptionValue>& out) const;

 private:
  friend Outcome resolve_options(const pb::GameInfo&, const google::protobuf::RepeatedPtrField<pb::OptionValue>&,
                                 Options&);
  std::vector<std::string> names_;
  std::vector<std::string> values_;
};

// Fills `out` from the request's options and the specs in `info`.
// Refusals (INVALID_ARGUMENT): "unknown option 'x' (options: a, b)" (or
// "(this game has none)"),
// "option 'a' given twice", "option a: 'v' is not one of p, q",
// "option n: 'v' is not a whole number in 1..9", "option f: 'v' is not true or false".
Outcome resolve_options(const pb::GameInfo& info, const google::protobuf::RepeatedPtrField<pb::OptionValue>& given,
                        Options& out);

// Appends an OptionSpec to `info` and returns it (for choices, min and max).
pb::OptionSpec& add_option(pb::GameInfo& info, std::string name, pb::OptionSpec::Type type,
                           std::string default_value, std::string help);

}  // namespace gamehost::kit
