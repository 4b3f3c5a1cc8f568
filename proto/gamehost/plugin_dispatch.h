// The plugin side of the boundary, the same for every game: GamePlugin::call
// decodes the request into a reused message, runs the game's handler and
// encodes its response — or an Error — and lets nothing thrown cross.
//
// A game supplies a Handlers class with a member per call it answers,
//   Outcome describe(const v1::DescribeRequest&, v1::DescribeResponse&);
//   Outcome new_game(...), query, apply, parse_action, observe, analyze,
//   evaluate, rollout, render_scene, sample_hidden, solve, observation_tensor,
//   step, read_record, write_record (same shape);
// where Outcome is std::optional of a refusal with `status`, `code` and
// `message` (nullopt = OK); a handler may also return void (always OK).
// Calls the class has no member for are answered UNIMPLEMENTED. Then:
//   gamehost::GamePlugin* create_game() {
//     return new (std::nothrow) gamehost::PluginDispatcher<Handlers>("my_game");
//   }
#pragma once

#include <cstdint>
#include <exception>
#include <string>
#include <type_traits>
#include <utility>

#include "gamehost.pb.h"
#include "gamehost/plugin_api.h"
#include "gamehost/step_wire.h"
#include "scene.pb.h"

namespace gamehost {

template <class Handlers>
class PluginDispatcher final : public GamePlugin {
 public:
  explicit PluginDispatcher(std::string game_id) : id_(std::move(game_id)) {}

  std::int32_t call(std::uint32_t method, const std::uint8_t* request, std::size_t request_size,
                    const std::uint8_t** response, std::size_t* response_size) noexcept override {
    std::int32_t status = v1::INTERNAL;
    try {
      status = dispatch(method, request, request_size);
    } catch (const std::exception& e) {
      status = fail(v1::INTERNAL, id_ + " plugin: " + e.what());
    } catch (...) {
      status = fail(v1::INTERNAL, id_ + " plugin: unknown exception");
    }
    *response = reinterpret_cast<const std::uint8_t*>(out_.data());
    *response_size = out_.size();
    return status;
  }

 private:
  // A reused request and response per call, so a warm plugin allocates
  // nothing per call for small messages.
  template <class Req, class Resp>
  struct Slot {
    Req request;
    Resp response;
  };

  // Runs `handler(handlers_, request, response)` on the decoded request, when
  // Handlers has that call (`Has`); the handler is a generic lambda so that a
  // missing member is never named.
  template <bool Has, class Req, class Resp, class Fn>
  std::int32_t run(Slot<Req, Resp>& slot, const std::uint8_t* data, std::size_t size, std::uint32_t method,
                   Fn handler) {
    if constexpr (!Has) {
      return fail(v1::UNIMPLEMENTED, id_ + " does not implement method " + std::to_string(method));
    } else {
      slot.request.Clear();
      slot.response.Clear();
      if (size > static_cast<std::size_t>(INT32_MAX) ||
          !slot.request.ParseFromArray(data, static_cast<int>(size)))
        return fail(v1::INVALID_ARGUMENT, "request is not a valid " + slot.request.GetTypeName());
      if constexpr (std::is_void_v<decltype(handler(handlers_, slot.request, slot.response))>) {
        handler(handlers_, slot.request, slot.response);
      } else if (const auto outcome = handler(handlers_, slot.request, slot.response)) {
        return fail(outcome->status, outcome->message, outcome->code);
      }
      out_.clear();
      slot.response.SerializeToString(&out_);
      return v1::OK;
    }
  }

  // Like run(), for a handler `step_wire(request, out)` that encodes its
  // response into out_ itself and returns an Outcome.
  std::int32_t run_wire(v1::StepRequest& request, const std::uint8_t* data, std::size_t size) {
    if (!step_wire::decode_step_request(std::string_view(reinterpret_cast<const char*>(data), size), request))
      return fail(v1::INVALID_ARGUMENT, "request is not a valid " + request.GetTypeName());
    if (const auto outcome = handlers_.step_wire(request, out_))
      return fail(outcome->status, outcome->message, outcome->code);
    return v1::OK;
  }

  std::int32_t fail(v1::Status status, std::string message, std::string code = "") noexcept {
    try {
      v1::Error e;
      e.set_status(status);
      e.set_code(std::move(code));
      e.set_message(std::move(message));
      out_.clear();
      e.SerializeToString(&out_);
    } catch (...) {
      out_.clear();  // an empty Error still decodes; the status says enough
    }
    return status;
  }

#define GAMEHOST_DISPATCH(METHOD, SLOT, MEMBER)                                                        \
  case v1::METHOD:                                                                                     \
    return run<requires(Handlers h, decltype(SLOT.request) q, decltype(SLOT.response) r) { h.MEMBER(q, r); }>( \
        SLOT, data, size, method, [](auto& h, const auto& q, auto& r) { return h.MEMBER(q, r); });

  std::int32_t dispatch(std::uint32_t method, const std::uint8_t* data, std::size_t size) {
    switch (method) {
      GAMEHOST_DISPATCH(METHOD_DESCRIBE, describe_, describe)
      GAMEHOST_DISPATCH(METHOD_NEW_GAME, new_game_, new_game)
      GAMEHOST_DISPATCH(METHOD_QUERY, query_, query)
      GAMEHOST_DISPATCH(METHOD_APPLY, apply_, apply)
      GAMEHOST_DISPATCH(METHOD_PARSE_ACTION, parse_action_, parse_action)
      GAMEHOST_DISPATCH(METHOD_OBSERVE, observe_, observe)
      GAMEHOST_DISPATCH(METHOD_ANALYZE, analyze_, analyze)
      GAMEHOST_DISPATCH(METHOD_EVALUATE, evaluate_, evaluate)
      GAMEHOST_DISPATCH(METHOD_ROLLOUT, rollout_, rollout)
      GAMEHOST_DISPATCH(METHOD_RENDER_SCENE, render_scene_, render_scene)
      GAMEHOST_DISPATCH(METHOD_SAMPLE_HIDDEN, sample_hidden_, sample_hidden)
      GAMEHOST_DISPATCH(METHOD_SOLVE, solve_, solve)
      GAMEHOST_DISPATCH(METHOD_OBSERVATION_TENSOR, observation_tensor_, observation_tensor)
      GAMEHOST_DISPATCH(METHOD_READ_RECORD, read_record_, read_record)
      GAMEHOST_DISPATCH(METHOD_WRITE_RECORD, write_record_, write_record)
      case v1::METHOD_STEP:
        // A game loop's call: Handlers may write its answer's bytes itself
        // (step_wire.h), skipping the message in between.
        if constexpr (requires(Handlers h, const v1::StepRequest& q, std::string& o) { h.step_wire(q, o); })
          return run_wire(step_.request, data, size);
        else
          return run<requires(Handlers h, const v1::StepRequest& q, v1::StepResponse& r) { h.step(q, r); }>(
              step_, data, size, method, [](auto& h, const auto& q, auto& r) { return h.step(q, r); });
      default:
        return fail(v1::UNIMPLEMENTED, id_ + " does not implement method " + std::to_string(method));
    }
  }
#undef GAMEHOST_DISPATCH

  std::string id_;
  Handlers handlers_;
  std::string out_;
  Slot<v1::DescribeRequest, v1::DescribeResponse> describe_;
  Slot<v1::NewGameRequest, v1::NewGameResponse> new_game_;
  Slot<v1::QueryRequest, v1::QueryResponse> query_;
  Slot<v1::ApplyRequest, v1::ApplyResponse> apply_;
  Slot<v1::ParseActionRequest, v1::ParseActionResponse> parse_action_;
  Slot<v1::ObserveRequest, v1::ObserveResponse> observe_;
  Slot<v1::AnalyzeRequest, v1::AnalyzeResponse> analyze_;
  Slot<v1::EvaluateRequest, v1::EvaluateResponse> evaluate_;
  Slot<v1::RolloutRequest, v1::RolloutResponse> rollout_;
  Slot<v1::RenderSceneRequest, v1::RenderSceneResponse> render_scene_;
  Slot<v1::SampleHiddenRequest, v1::SampleHiddenResponse> sample_hidden_;
  Slot<v1::SolveRequest, v1::SolveResponse> solve_;
  Slot<v1::ObservationTensorRequest, v1::ObservationTensorResponse> observation_tensor_;
  Slot<v1::StepRequest, v1::StepResponse> step_;
  Slot<v1::ReadRecordRequest, v1::ReadRecordResponse> read_record_;
  Slot<v1::WriteRecordRequest, v1::WriteRecordResponse> write_record_;
};

}  // namespace gamehost
