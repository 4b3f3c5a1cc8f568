// The plugin's boundary: the two Boost.DLL entry points and GamePlugin::call,
// which decodes the request, runs the adapter and encodes the response or an
// Error. Nothing thrown inside ever crosses it.
#include <boost/dll/alias.hpp>

#include <exception>
#include <new>

#include "game_adapter.h"
#include "gamehost/plugin_api.h"

namespace city_planning::plugin {
namespace {

class CityPlanningPlugin final : public gamehost::GamePlugin {
 public:
  std::int32_t call(std::uint32_t method, const std::uint8_t* request, std::size_t request_size,
                    const std::uint8_t** response, std::size_t* response_size) noexcept override {
    std::int32_t status = pb::INTERNAL;
    try {
      status = dispatch(method, request, request_size);
    } catch (const std::exception& e) {
      status = fail(pb::INTERNAL, std::string("city_planning plugin: ") + e.what());
    } catch (...) {
      status = fail(pb::INTERNAL, "city_planning plugin: unknown exception");
    }
    *response = reinterpret_cast<const std::uint8_t*>(out_.data());
    *response_size = out_.size();
    return status;
  }

 private:
  // Decodes the request into a reused message (no allocation per call once
  // warm), runs `fn` and encodes its response into out_.
  template <class Req, class Resp, class Fn>
  std::int32_t run(Req& req, Resp& resp, const std::uint8_t* data, std::size_t size, Fn fn) {
    req.Clear();
    resp.Clear();
    if (size > static_cast<std::size_t>(INT32_MAX) || !req.ParseFromArray(data, static_cast<int>(size)))
      return fail(pb::INVALID_ARGUMENT, "request is not a valid " + req.GetTypeName());
    const Outcome outcome = fn(req, resp);
    if (outcome) return fail(outcome->status, outcome->message, outcome->code);
    out_.clear();
    resp.SerializeToString(&out_);
    return pb::OK;
  }

  std::int32_t fail(pb::Status status, std::string message, std::string code = "") noexcept {
    try {
      pb::Error e;
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

  std::int32_t dispatch(std::uint32_t method, const std::uint8_t* data, std::size_t size) {
    auto& g = game_;
    switch (method) {
      case pb::METHOD_DESCRIBE:
        return run(describe_req_, describe_resp_, data, size,
                   [&](auto& q, auto& r) { g.describe(q, r); return Outcome{}; });
      case pb::METHOD_NEW_GAME:
        return run(new_req_, new_resp_, data, size, [&](auto& q, auto& r) { return g.new_game(q, r); });
      case pb::METHOD_QUERY:
        return run(query_req_, query_resp_, data, size, [&](auto& q, auto& r) { return g.query(q, r); });
      case pb::METHOD_APPLY:
        return run(apply_req_, apply_resp_, data, size, [&](auto& q, auto& r) { return g.apply(q, r); });
      case pb::METHOD_PARSE_ACTION:
        return run(parse_req_, parse_resp_, data, size, [&](auto& q, auto& r) { return g.parse_action(q, r); });
      case pb::METHOD_OBSERVE:
        return run(observe_req_, observe_resp_, data, size, [&](auto& q, auto& r) { return g.observe(q, r); });
      case pb::METHOD_ANALYZE:
        return run(analyze_req_, analyze_resp_, data, size, [&](auto& q, auto& r) { return g.analyze(q, r); });
      case pb::METHOD_EVALUATE:
        return run(evaluate_req_, evaluate_resp_, data, size, [&](auto& q, auto& r) { return g.evaluate(q, r); });
      case pb::METHOD_ROLLOUT:
        return run(rollout_req_, rollout_resp_, data, size, [&](auto& q, auto& r) { return g.rollout(q, r); });
      case pb::METHOD_RENDER_SCENE:
        return run(scene_req_, scene_resp_, data, size, [&](auto& q, auto& r) { return g.render_scene(q, r); });
      case pb::METHOD_SAMPLE_HIDDEN:
        return run(sample_req_, sample_resp_, data, size, [&](auto& q, auto& r) { return g.sample_hidden(q, r); });
      default:
        return fail(pb::UNIMPLEMENTED, "city_planning does not implement method " + std::to_string(method));
    }
  }

  GameAdapter game_;
  std::string out_;
  pb::DescribeRequest describe_req_;
  pb::DescribeResponse describe_resp_;
  pb::NewGameRequest new_req_;
  pb::NewGameResponse new_resp_;
  pb::QueryRequest query_req_;
  pb::QueryResponse query_resp_;
  pb::ApplyRequest apply_req_;
  pb::ApplyResponse apply_resp_;
  pb::ParseActionRequest parse_req_;
  pb::ParseActionResponse parse_resp_;
  pb::ObserveRequest observe_req_;
  pb::ObserveResponse observe_resp_;
  pb::AnalyzeRequest analyze_req_;
  pb::AnalyzeResponse analyze_resp_;
  pb::EvaluateRequest evaluate_req_;
  pb::EvaluateResponse evaluate_resp_;
  pb::RolloutRequest rollout_req_;
  pb::RolloutResponse rollout_resp_;
  pb::RenderSceneRequest scene_req_;
  pb::RenderSceneResponse scene_resp_;
  pb::SampleHiddenRequest sample_req_;
  pb::SampleHiddenResponse sample_resp_;
};

std::uint32_t interface_version() { return gamehost::kInterfaceVersion; }

gamehost::GamePlugin* create_game() { return new (std::nothrow) CityPlanningPlugin(); }

}  // namespace
}  // namespace city_planning::plugin

static_assert(gamehost::kInterfaceVersion == gamehost::v1::INTERFACE_VERSION,
              "plugin_api.h and gamehost.proto disagree on the interface version");

BOOST_DLL_ALIAS(city_planning::plugin::interface_version, gamehost_interface_version)
BOOST_DLL_ALIAS(city_planning::plugin::create_game, gamehost_create_game)
