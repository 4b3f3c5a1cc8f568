#include "gamehost/kit/options.h"

#include <algorithm>
#include <charconv>

namespace gamehost::kit {
namespace {

const std::string kEmpty;

std::string joined(const google::protobuf::RepeatedPtrField<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

bool parse_int(const std::string& text, std::int64_t& v) {
  const char* end = text.data() + text.size();
  const auto r = std::from_chars(text.data(), end, v);
  return !text.empty() && r.ec == std::errc() && r.ptr == end;
}

// Why `value` is not a value of `spec`; "" when it is one.
std::string check_value(const pb::OptionSpec& spec, const std::string& value) {
  const std::string prefix = "option " + spec.name() + ": '" + value + "' ";
  switch (spec.type()) {
    case pb::OptionSpec::CHOICE:
      if (std::find(spec.choices().begin(), spec.choices().end(), value) == spec.choices().end())
        return prefix + "is not one of " + joined(spec.choices());
      return "";
    case pb::OptionSpec::INT: {
      std::int64_t v = 0;
      if (!parse_int(value, v) || v < spec.min() || v > spec.max())
        return prefix + "is not a whole number in " + std::to_string(spec.min()) + ".." + std::to_string(spec.max());
      return "";
    }
    case pb::OptionSpec::BOOL:
      return value == "true" || value == "false" ? "" : prefix + "is not true or false";
    default: return "";
  }
}

}  // namespace

const std::string& Options::operator[](std::string_view name) const {
  for (std::size_t i = 0; i < names_.size(); ++i)
    if (names_[i] == name) return values_[i];
  return kEmpty;
}

std::int64_t Options::integer(std::string_view name) const {
  std::int64_t v = 0;
  parse_int((*this)[name], v);
  return v;
}

bool Options::flag(std::string_view name) const { return (*this)[name] == "true"; }

void Options::write(google::protobuf::RepeatedPtrField<pb::OptionValue>& out) const {
  for (std::size_t i = 0; i < names_.size(); ++i) {
    auto* o = out.Add();
    o->set_name(names_[i]);
    o->set_value(values_[i]);
  }
}

Outcome resolve_options(const pb::GameInfo& info, const google::protobuf::RepeatedPtrField<pb::OptionValue>& given,
                        Options& out) {
  const int n = info.options_size();
  out.names_.assign(static_cast<std::size_t>(n), "");
  out.values_.assign(static_cast<std::size_t>(n), "");
  std::vector<bool> seen(static_cast<std::size_t>(n), false);
  for (int i = 0; i < n; ++i) {
    out.names_[i] = info.options(i).name();
    out.values_[i] = info.options(i).default_value();
  }
  for (const auto& o : given) {
    const auto at = std::find(out.names_.begin(), out.names_.end(), o.name());
    if (at == out.names_.end()) {
      std::string names;
      for (const auto& s : out.names_) names += (names.empty() ? "" : ", ") + s;
      return refuse(pb::INVALID_ARGUMENT, "unknown option '" + o.name() + "' (" +
                                              (names.empty() ? "this game has none" : "options: " + names) + ")");
    }
    const auto i = static_cast<std::size_t>(at - out.names_.begin());
    if (seen[i]) return refuse(pb::INVALID_ARGUMENT, "option '" + o.name() + "' given twice");
    seen[i] = true;
    out.values_[i] = o.value();
  }
  for (int i = 0; i < n; ++i) {
    if (std::string why = check_value(info.options(i), out.values_[i]); !why.empty())
      return refuse(pb::INVALID_ARGUMENT, std::move(why));
  }
  return std::nullopt;
}

pb::OptionSpec& add_option(pb::GameInfo& info, std::string name, pb::OptionSpec::Type type,
                           std::string default_value, std::string help) {
  pb::OptionSpec& o = *info.add_options();
  o.set_name(std::move(name));
  o.set_type(type);
  o.set_default_value(std::move(default_value));
  o.set_help(std::move(help));
  return o;
}

}  // namespace gamehost::kit
