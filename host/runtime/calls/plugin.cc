#include "gamehost/calls/plugin.h"
#include "gamehost/step_wire.h"
#include "gamehost/echo.h"

#include <fmt/core.h>

#include <algorithm>

namespace gamehost {

std::string status_name(int status) {
  const std::string& name = pb::Status_Name(static_cast<pb::Status>(status));
  return name.empty() ? fmt::format("status {}", status) : name;
}

namespace {


}  // namespace

std::unique_ptr<Plugin> Plugin::load(const std::filesystem::path& path, const LoadOptions& options) {
  auto transport = options.isolate ? open_isolated(path, options.limits) : open_in_process(path);
  std::unique_ptr<Plugin> plugin(new Plugin(std::move(transport), path, options.isolate));
  pb::DescribeResponse described;
  try {
    plugin->call(pb::METHOD_DESCRIBE, pb::DescribeRequest(), described);
  } catch (const PluginFault& f) {
    refuse_file(path, fmt::format("{} while describing itself{}", f.kind(), f.detail().empty() ? "" : ": " + f.detail()));
  } catch (const HostError& e) {
    refuse_file(path, fmt::format("Describe failed: {}", e.what()));
  }
  if (described.info().interface_version() != kInterfaceVersion)
    refuse_file(path, fmt::format("describes interface version {}, but this host speaks version {}",
                             described.info().interface_version(), kInterfaceVersion));
  if (described.info().id().empty() || described.info().player_names_size() == 0)
    refuse_file(path, "describes a game without an id or players");
  plugin->info_ = std::move(*described.mutable_info());
  const auto& optional = plugin->info_.optional_methods();
  plugin->has_step_ = std::find(optional.begin(), optional.end(), pb::METHOD_STEP) != optional.end();
  return plugin;
}

Plugin::Plugin(std::unique_ptr<Transport> transport, std::filesystem::path path, bool isolated)
    : transport_(std::move(transport)), path_(std::move(path)), isolated_(isolated) {}

Plugin::~Plugin() = default;

std::unique_ptr<Plugin> Plugin::clone() const {
  std::unique_ptr<Plugin> copy(new Plugin(transport_->clone(), path_, isolated_));
  copy->info_ = info_;
  copy->has_step_ = has_step_;
  return copy;
}

std::uint32_t Plugin::max_plies() const { return info_.max_plies() ? info_.max_plies() : kDefaultMaxPlies; }

void Plugin::call(pb::Method method, const google::protobuf::MessageLite& request,
                  google::protobuf::MessageLite& response) {
  const std::string_view out = call_raw(method, request);
  const std::string& name = info_.id().empty() ? path_.filename().string() : info_.id();
  if (!response.ParseFromArray(out.data(), static_cast<int>(out.size())))
    throw PluginFault(name, call_name(method), "sent an unreadable reply",
                      fmt::format("not a {}", response.GetTypeName()));
}

std::string_view Plugin::call_raw(pb::Method method, const google::protobuf::MessageLite& request) {
  request_buffer_.clear();
  if (&request == &step_request_) step_wire::encode_step_request(request_buffer_, step_request_);
  else request.AppendToString(&request_buffer_);
  // Before Describe has answered, the file names the plugin.
  const std::string& name = info_.id().empty() ? path_.filename().string() : info_.id();
  // Every Step forgets the last one's state first; step() records the new
  // one once its answer is read, so a Step called from elsewhere, a refusal
  // or a fault leaves nothing stale.
  if (method == pb::METHOD_STEP) stepped_.clear();
  std::string_view out;
  std::int32_t status = 0;
  try {
    status = transport_->call(method, request_buffer_, out, name);
  } catch (const PluginFault&) {
    stepped_.clear();  // a restarted isolated plugin keeps no state from before
    throw;
  }
  if (status != pb::OK) {
    pb::Error error;
    if (!error.ParseFromArray(out.data(), static_cast<int>(out.size())))
      throw CallError(status, "", fmt::format("{} (unreadable error message)", status_name(status)));
    // INTERNAL is a bug the plugin caught at its boundary: a fault, not a refusal.
    if (status == pb::INTERNAL)
      throw PluginFault(name, call_name(method), "failed with an internal error",
                        error.message().empty() ? status_name(status) : echo::clipped_words(error.message()));
    // The plugin's words may quote input of any length, or escapes.
    throw CallError(status, error.code(),
                    error.message().empty() ? status_name(status) : echo::clipped_words(error.message()));
  }
  return out;
}

pb::NewGameResponse Plugin::new_game(const pb::NewGameRequest& request) {
  pb::NewGameResponse response;
  call(pb::METHOD_NEW_GAME, request, response);
  return response;
}

pb::StateInfo Plugin::query(const std::string& state, const pb::QueryFlags& flags) {
  pb::QueryRequest request;
  request.set_state(state);
  *request.mutable_flags() = flags;
  pb::QueryResponse response;
  call(pb::METHOD_QUERY, request, response);
  return std::move(*response.mutable_info());
}

void Plugin::apply(const std::string& state, std::uint32_t action_id, const pb::QueryFlags& flags,
                   pb::ApplyResponse& response, bool describe_action) {
  apply_request_.set_state(state);
  apply_request_.set_action_id(action_id);
  *apply_request_.mutable_flags() = flags;
  apply_request_.set_describe_action(describe_action);
  call(pb::METHOD_APPLY, apply_request_, response);
}

void Plugin::step(const std::string& state, std::uint32_t action_id, pb::StepResponse& out, bool scores,
                  bool describe_action) {
  if (!has_step_) return step_by_apply(state, action_id, out, scores, describe_action);
  if (!stepped_.empty() && state == stepped_) step_request_.clear_state();
  else step_request_.set_state(state);
  step_request_.set_action_id(action_id);
  step_request_.set_scores(scores);
  step_request_.set_describe_action(describe_action);
  try {
    const std::string_view answer = call_raw(pb::METHOD_STEP, step_request_);
    if (!step_wire::decode_step(answer, out))
      throw PluginFault(info_.id(), call_name(pb::METHOD_STEP), "sent an unreadable reply", "not a gamehost.v1.StepResponse");
  } catch (const CallError& e) {
    if (e.status() != pb::UNIMPLEMENTED) throw;
    has_step_ = false;  // listed but not answered: Apply from now on
    return step_by_apply(state, action_id, out, scores, describe_action);
  }
  stepped_ = out.state();
}

void Plugin::step_by_apply(const std::string& state, std::uint32_t action_id, pb::StepResponse& out, bool scores,
                           bool describe_action) {
  pb::QueryFlags flags;
  flags.set_legal_ids(true);
  flags.set_scores(scores);
  apply(state, action_id, flags, step_fallback_, describe_action);
  pb::StateInfo& info = *step_fallback_.mutable_info();
  out.Clear();
  out.mutable_state()->swap(*step_fallback_.mutable_state());
  out.set_to_move(info.to_move());
  out.mutable_phase()->swap(*info.mutable_phase());
  out.set_terminal(info.terminal());
  out.mutable_legal_ids()->Swap(info.mutable_legal_ids());
  out.mutable_chance_probabilities()->Swap(info.mutable_chance_probabilities());
  out.mutable_returns()->Swap(info.mutable_returns());
  out.mutable_scores()->Swap(info.mutable_scores());
  out.mutable_result()->swap(*info.mutable_result());
  if (describe_action) out.mutable_notation()->swap(*step_fallback_.mutable_action()->mutable_notation());
}

void take_step_info(pb::StepResponse& step, pb::StateInfo& info) {
  info.Clear();
  info.set_to_move(step.to_move());
  info.mutable_phase()->swap(*step.mutable_phase());
  info.set_terminal(step.terminal());
  info.mutable_legal_ids()->Swap(step.mutable_legal_ids());
  info.mutable_chance_probabilities()->Swap(step.mutable_chance_probabilities());
  info.mutable_returns()->Swap(step.mutable_returns());
  info.mutable_scores()->Swap(step.mutable_scores());
  info.mutable_result()->swap(*step.mutable_result());
}

pb::AnalyzeResponse Plugin::analyze(const std::string& state, const std::string& topic) {
  pb::AnalyzeRequest request;
  request.set_state(state);
  request.set_topic(topic);
  pb::AnalyzeResponse response;
  call(pb::METHOD_ANALYZE, request, response);
  return response;
}

std::optional<pb::AnalyzeResponse> Plugin::analysis(const std::string& state, const std::string& topic) {
  // A listed topic may take words after its name ("why LOT": "why E5").
  const auto name = [](const std::string& t) { return t.substr(0, t.find(' ')); };
  if (!topic.empty() && std::none_of(info_.analysis_topics().begin(), info_.analysis_topics().end(),
                                     [&](const auto& listed) { return name(listed.first) == name(topic); }))
    return std::nullopt;
  try {
    return analyze(state, topic);
  } catch (const CallError& e) {
    if (e.status() == pb::UNIMPLEMENTED) return std::nullopt;
    throw;
  }
}

}  // namespace gamehost
