// Checking a learner's answer through the rules core: a move through
// ParseAction (the plugin's ruling when it refuses), a click against the
// game's own analysis of the position. Nothing compares text.
#include <fmt/core.h>
#include <google/protobuf/descriptor.pb.h>
#include <google/protobuf/dynamic_message.h>

#include <algorithm>
#include <memory>
#include <regex>

#include "gamehost/base/error.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/calls/registry.h"
#include "gamehost/tour/tour.h"

namespace gamehost {
namespace {

namespace gp = google::protobuf;

// One claimed tower as the game's analysis scores it (Alien City's
// ScoreBreakdown.towers, read by field name through the plugin's own
// descriptors: the host links no game's messages).
struct ScoredTower {
  std::string lot, piece, owner, competitor;
  int points = 0, competitor_distance = 0;
  std::vector<std::string> customers;
};

class AnalysisReader {
 public:
  explicit AnalysisReader(const pb::GameInfo& info) : pool_(gp::DescriptorPool::generated_pool()) {
    gp::FileDescriptorSet set;
    if (!set.ParseFromString(info.payload_descriptors())) throw HostError("the plugin's descriptors do not parse");
    for (const auto& file : set.file())
      if (!pool_.FindFileByName(file.name()) && !pool_.BuildFile(file))
        throw HostError(fmt::format("the plugin's descriptor {} does not build", file.name()));
  }

  std::vector<ScoredTower> towers(const pb::AnalyzeResponse& analysis) {
    const std::string& url = analysis.detail().type_url();
    const gp::Descriptor* type = pool_.FindMessageTypeByName(url.substr(url.rfind('/') + 1));
    if (!type) throw HostError("the game's analysis has no detail this tour can read");
    std::unique_ptr<gp::Message> detail(factory_.GetPrototype(type)->New());
    if (!detail->ParseFromString(analysis.detail().value())) throw HostError("the game's analysis does not parse");
    const gp::Message* score = sub(*detail, "score");
    const gp::FieldDescriptor* towers = score ? field(*score, "towers") : nullptr;
    if (!towers || !towers->is_repeated())
      throw HostError("the game's analysis scores no towers (click tasks need its score.towers)");
    std::vector<ScoredTower> out;
    const auto* r = score->GetReflection();
    for (int k = 0; k < r->FieldSize(*score, towers); ++k) {
      const gp::Message& t = r->GetRepeatedMessage(*score, towers, k);
      ScoredTower s{text(t, "lot"), text(t, "piece"), text(t, "owner"), text(t, "competitor"), 0, 0, {}};
      s.points = number(t, "points");
      s.competitor_distance = number(t, "competitor_distance");
      if (const auto* c = field(t, "customers"); c && c->is_repeated())
        for (int i = 0; i < t.GetReflection()->FieldSize(t, c); ++i)
          s.customers.push_back(text(t.GetReflection()->GetRepeatedMessage(t, c, i), "lot"));
      out.push_back(std::move(s));
    }
    return out;
  }

 private:
  static const gp::FieldDescriptor* field(const gp::Message& m, const char* name) {
    return m.GetDescriptor()->FindFieldByName(name);
  }
  static const gp::Message* sub(const gp::Message& m, const char* name) {
    const auto* f = field(m, name);
    return f && f->cpp_type() == gp::FieldDescriptor::CPPTYPE_MESSAGE && !f->is_repeated()
               ? &m.GetReflection()->GetMessage(m, f)
               : nullptr;
  }
  static std::string text(const gp::Message& m, const char* name) {
    const auto* f = field(m, name);
    return f && f->cpp_type() == gp::FieldDescriptor::CPPTYPE_STRING && !f->is_repeated()
               ? m.GetReflection()->GetString(m, f)
               : "";
  }
  static int number(const gp::Message& m, const char* name) {
    const auto* f = field(m, name);
    return f && f->cpp_type() == gp::FieldDescriptor::CPPTYPE_INT32 && !f->is_repeated()
               ? m.GetReflection()->GetInt32(m, f)
               : 0;
  }

  gp::DescriptorPool pool_;
  gp::DynamicMessageFactory factory_;
};

std::vector<ScoredTower> scored_towers(Plugin& plugin, const std::string& state) {
  const auto analysis = plugin.analysis(state, "");
  if (!analysis) throw HostError(plugin.id() + " offers no analysis: click tasks need one");
  return AnalysisReader(plugin.info()).towers(*analysis);
}

const ScoredTower* tower_on(const std::vector<ScoredTower>& towers, const std::string& lot) {
  const auto it = std::find_if(towers.begin(), towers.end(), [&](const ScoredTower& t) { return t.lot == lot; });
  return it == towers.end() ? nullptr : &*it;
}

std::string claimed_list(const std::vector<ScoredTower>& towers) {
  std::string out;
  for (const auto& t : towers) out += (out.empty() ? "" : ", ") + t.lot;
  return out.empty() ? "none" : out;
}

// "F9, claimed by White, scores 7 customers x 5 = 35".
std::string scored(const ScoredTower& t) {
  return fmt::format("{}, claimed by {}, scores {} customers x {} = {}", t.lot, t.owner, t.customers.size(),
                     t.competitor_distance, t.points);
}

// The move `text` names, or the plugin's refusal of it.
struct Parsed {
  bool legal = false;
  pb::ActionInfo action;
  int status = 0;
  std::string code, message;
};

Parsed parse_move(Plugin& plugin, const std::string& state, const std::string& text) {
  pb::ParseActionRequest req;
  req.set_state(state);
  req.set_text(text);
  pb::ParseActionResponse res;
  Parsed p;
  try {
    plugin.call(pb::METHOD_PARSE_ACTION, req, res);
  } catch (const CallError& e) {
    // The plugin's words may echo the answer, of any length.
    p.status = e.status(), p.code = e.code(), p.message = clipped(e.what(), 1000);
    return p;
  }
  p.legal = true;
  p.action = res.action();
  return p;
}

int seat_score(const pb::StateInfo& info, int seat) {
  return seat >= 0 && seat < info.scores_size() ? static_cast<int>(info.scores(seat)) : 0;
}

TourAnswer solved(std::string message, std::string state, bool played, std::uint32_t action = 0) {
  return TourAnswer{true, played, action, std::move(message), std::move(state)};
}
TourAnswer wrong(std::string message, std::string state) {
  return TourAnswer{false, false, 0, std::move(message), std::move(state)};
}

}  // namespace

std::string tour_step_state(Plugin& plugin, const TourStep& step) {
  pb::NewGameRequest req;
  auto* o = req.add_options();
  o->set_name("position");
  o->set_value(step.position);
  try {
    return plugin.new_game(req).state();
  } catch (const CallError& e) {
    std::string why = e.what();
    // An inline position's "diagram line K" is line position_line + K of the tour.
    static const std::regex diagram_line(R"((?:option position: )?diagram line (\d+): )");
    std::smatch m;
    if (step.position_from.find(':') != std::string::npos && std::regex_search(why, m, diagram_line)) {
      const auto file = step.position_from.substr(0, step.position_from.rfind(':'));
      throw HostError(
          fmt::format("{}:{}: position: {}", file, step.position_line + std::stoi(m[1].str()), m.suffix().str()));
    }
    throw HostError(fmt::format("{}: position: {}", step.position_from, why));
  }
}

Plugin& tour_plugin(Registry& registry, const Tour& tour) {
  try {
    return registry.find(tour.game);
  } catch (const HostError& e) {
    throw HostError(fmt::format("{}:{}: {}", tour.file, tour.game_line, e.what()));
  }
}

std::vector<std::string> load_tour_states(Plugin& plugin, const Tour& tour) {
  std::vector<std::string> states;
  for (const TourStep& step : tour.steps) {
    states.push_back(tour_step_state(plugin, step));
    const TourTask& t = step.task;
    if (t.kind == TourTask::Kind::None) continue;
    const auto fail = [&](const std::string& why) {
      throw HostError(fmt::format("{}:{}: task of step '{}': {}", tour.file, t.line, step.title, why));
    };
    if (t.kind == TourTask::Kind::Refused) {
      // The code must be one the game refuses moves with, or no answer can match it.
      const auto& codes = plugin.info().ruling_codes();
      if (std::find(codes.begin(), codes.end(), t.code) == codes.end()) {
        std::string known;
        for (const auto& c : codes) known += (known.empty() ? "" : ", ") + c;
        fail(codes.empty() ? fmt::format("ruling {}: {} lists no ruling codes, so no refused task can be answered",
                                         clipped(t.code), plugin.id())
                           : fmt::format("ruling {} is not one of {}'s ({})", clipped(t.code), plugin.id(), known));
      }
    }
    if (!t.wants_click()) {
      if (plugin.query(states.back(), pb::QueryFlags()).terminal()) fail("the game is over here: no move to make");
      continue;
    }
    std::vector<ScoredTower> towers;
    try {
      towers = scored_towers(plugin, states.back());
    } catch (const HostError& e) {
      fail(e.what());
    }
    if (t.kind == TourTask::Kind::ClickMost) {
      if (towers.empty()) fail("no claimed tower scores here");
      continue;
    }
    const ScoredTower* tower = tower_on(towers, t.place);
    if (!tower) fail(fmt::format("{} is not a claimed tower here (they are: {})", t.place, claimed_list(towers)));
    if (t.kind == TourTask::Kind::ClickCompetitor && tower->competitor.empty())
      fail(fmt::format("the tower on {} has no competitor", t.place));
    if (t.kind == TourTask::Kind::ClickCustomer && tower->customers.empty())
      fail(fmt::format("the tower on {} has no customer", t.place));
  }
  return states;
}

// An answer as typed, checked at the boundary: protobuf takes only UTF-8,
// and a verdict that quotes it is clipped (gamehost/text/input_checks.h).
std::optional<std::string> unusable(const std::string& text) {
  if (const auto at = invalid_utf8_at(text)) return fmt::format("Not UTF-8 text (byte {}).", *at);
  return std::nullopt;
}

TourAnswer answer_move(Plugin& plugin, const std::string& state, const TourTask& task, const std::string& text) {
  if (const auto why = unusable(text)) return wrong(*why, state);
  const Parsed p = parse_move(plugin, state, text);
  if (!p.legal && p.status != pb::ILLEGAL_ACTION) return wrong(fmt::format("Not a move: {}", p.message), state);
  if (task.kind == TourTask::Kind::Refused) {
    if (p.legal) return wrong(fmt::format("{} is legal: find a move that ruling {} forbids.", text, task.code), state);
    if (p.code != task.code)
      return wrong(
          fmt::format("Refused, but by another rule: {}. Find one that ruling {} forbids.", p.message, task.code),
          state);
    return solved(fmt::format("Right, the rules refuse it: {}", p.message), state, false);
  }
  if (!p.legal) return wrong(fmt::format("The rules refuse it: {}", p.message), state);
  pb::QueryFlags flags;
  flags.set_scores(true);
  const pb::StateInfo before = plugin.query(state, flags);
  pb::ApplyResponse applied;
  plugin.apply(state, p.action.id(), flags, applied);
  const std::string& after = applied.state();
  if (task.kind == TourTask::Kind::Gains) {
    const int seat = before.to_move();
    const int gain = seat_score(applied.info(), seat) - seat_score(before, seat);
    if (gain < task.points)
      return wrong(fmt::format("{} is legal, but it gains {} point{} (from {} to {}): find one worth {} or more.",
                               p.action.notation(), gain, gain == 1 ? "" : "s", seat_score(before, seat),
                               seat_score(applied.info(), seat), task.points),
                   state);
    return solved(fmt::format("Right: {} gains {} points (from {} to {}).", p.action.notation(), gain,
                              seat_score(before, seat), seat_score(applied.info(), seat)),
                  after, true, p.action.id());
  }
  if (task.kind != TourTask::Kind::Move) return wrong("This task is answered with a click, not a move.", state);
  return solved(fmt::format("Legal: {} is played.", p.action.notation()), after, true, p.action.id());
}

TourAnswer answer_click(Plugin& plugin, const std::string& state, const TourTask& task, const std::string& typed) {
  if (const auto why = unusable(typed)) return wrong(*why, state);
  const std::string place = clipped(typed);
  if (!task.wants_click()) return wrong("This task is answered with a move, not a click.", state);
  const auto towers = scored_towers(plugin, state);
  const ScoredTower* clicked = tower_on(towers, place);
  if (task.kind == TourTask::Kind::ClickMost) {
    if (!clicked)
      return wrong(fmt::format("{} is not a claimed tower (they are: {}).", place, claimed_list(towers)), state);
    int most = 0;
    for (const auto& t : towers) most = std::max(most, t.points);
    if (clicked->points < most) return wrong(fmt::format("{}: another tower scores more.", scored(*clicked)), state);
    return solved(fmt::format("Right: {}, the most.", scored(*clicked)), state, false);
  }
  const ScoredTower* tower = tower_on(towers, task.place);
  if (!tower)
    throw HostError(fmt::format("the task's tower {} is not a claimed tower here (they are: {})", task.place,
                                claimed_list(towers)));
  if (task.kind == TourTask::Kind::ClickCompetitor) {
    if (tower->competitor.empty()) throw HostError(fmt::format("the tower on {} has no competitor", task.place));
    if (place != tower->competitor)
      return wrong(
          fmt::format("{} is not the tower of {}'s colour nearest to it along the streets.", place, task.place), state);
    return solved(fmt::format("Right: {} is {} streets from {}.", place, tower->competitor_distance, task.place), state,
                  false);
  }
  const auto& c = tower->customers;
  if (std::find(c.begin(), c.end(), place) == c.end())
    return wrong(fmt::format("{} is not a customer of {}.", place, task.place), state);
  return solved(fmt::format("Right: {} is one of the {} customers of {}.", place, c.size(), task.place), state, false);
}

}  // namespace gamehost
