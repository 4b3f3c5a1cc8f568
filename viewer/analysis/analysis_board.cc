#include "viewer/analysis/analysis_board.h"

#include <fmt/core.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <set>
#include <variant>

#include "gamehost/base/error.h"
#include "gamehost/secrets/hidden_sample.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/secrets/record_as_seat.h"
#include "gamehost/base/random.h"
#include "gamehost/text/typed_move.h"
#include "gamehost/records/variation_moves.h"
#include "viewer/analysis/move_tree_words.h"

namespace viewer {

namespace {

pb::ViewOptions with_targets() {
  pb::ViewOptions v;
  v.set_hit_actions(true);
  return v;
}

}  // namespace

const pb::HitArea* hit_area_at(const pb::Scene& scene, sf::Vector2f p) {
  if (!kBoardArea.contains(p)) return nullptr;
  const sf::Vector2f b = board_transform(scene).unmap(p);
  for (int i = scene.hits_size() - 1; i >= 0; --i) {
    const auto& r = scene.hits(i).rect();
    if (b.x >= r.x() && b.x < r.x() + r.width() && b.y >= r.y() && b.y < r.y() + r.height()) return &scene.hits(i);
  }
  return nullptr;
}

AnalysisBoard::AnalysisBoard(ReplaySession& session, ReplayView* view) : session_(session), view_(view) {
  if (session.seat() >= 0 && gamehost::samples_hidden(session.plugin()))
    sampled_label_ = gamehost::sampled_label(session.plugin(), session.seat(), session.sample_seed());
  load();
}

void AnalysisBoard::load() {
  // The session's own records, never the file read again: a followed log
  // grows (or is torn mid-record) between two reads.
  const ReplaySession& session = session_;
  log_ = session.log();
  revision_ = session.revision();
  tree_ = gamehost::VariationTree::of_log(log_);
  states_.clear();
  samples_.clear();
  words_.clear();
  kept_ = {};
  unplayable_.clear();
  unplayable_note_.clear();
  problem_.clear();
  try {
    gamehost::VariationTree kept = gamehost::read_variations(session.file(), log_);
    // Every move must replay where it stands; one that does not makes the
    // file unusable as a whole (its later moves hang on it).
    tree_ = kept;
    for (NodeId leaf : kept.leaves())
      for (NodeId node : kept.line_to(leaf)) {
        if (!tree_.valid(node)) break;
        try {
          require_state(node);
        } catch (const gamehost::VariationDamage& e) {
          throw gamehost::HostError(fmt::format("{}: variation {}: {}", gamehost::variations_path_for(session.file()).string(),
                                                gamehost::clipped(kept.path_of(node), 200), e.what()));
        } catch (const gamehost::HostError& e) {
          if (gamehost::samples_hidden(session.plugin())) {
            // Hands other than these (a sample, or the true ones) refuse
            // it, not the file: hidden here (its moves could tell what
            // the hands hold), kept in the file.
            unplayable_.push_back(node);
            tree_.remove(node);
            break;
          }
          throw gamehost::HostError(fmt::format("{}: variation {}: {}", gamehost::variations_path_for(session.file()).string(),
                                                gamehost::clipped(kept.path_of(node), 200), e.what()));
        }
      }
    if (!unplayable_.empty()) {
      kept_ = kept;
      unplayable_note_ = fmt::format("{} saved line{} need{} other hands than these: not shown, kept in the file",
                                     unplayable_.size(), unplayable_.size() == 1 ? "" : "s",
                                     unplayable_.size() == 1 ? "s" : "");
    }
  } catch (const gamehost::HostError& e) {
    unplayable_.clear();
    problem_ = fmt::format("{} (ignored; the log opens without them)", e.what());
    tree_ = gamehost::VariationTree::of_log(log_);
    states_.clear();
  }
}

void AnalysisBoard::follow_game() {
  if (revision_ == session_.revision()) return;
  // The followed log grew (follow.h), or the session took another log (the
  // next puzzle's game): the tree is made again from the session's game and
  // the variations kept beside it, and the view stays on the node it showed
  // (found again by its path: variation numbers change).
  const std::string shown = tree_.valid(current_) ? tree_.path_of(current_) : std::string();
  load();
  std::optional<NodeId> again;
  try {
    if (!shown.empty()) again = tree_.find(shown);
  } catch (const gamehost::HostError&) {
  }
  current_ = again ? *again : tree_.game_node(std::min(view_ ? view_->ply() : 0, tree_.plies()));
}

AnalysisBoard::NodeId AnalysisBoard::current() {
  follow_game();
  // The game's own controls (arrows, the move list, Home, End) move the
  // view along the game: the tree follows.
  if (view_ && !view_->off_game()) current_ = tree_.game_node(view_->ply());
  if (!tree_.valid(current_)) current_ = tree_.game_node(view_ ? view_->ply() : 0);
  // A position off the game that is not the tree's (a puzzle's, shown at
  // the game's ply before it): the tree stands at that ply of the game.
  if (view_ && view_->off_game() && tree_.node(tree_.branch_point(current_)).ply != view_->ply())
    current_ = tree_.game_node(std::min(view_->ply(), tree_.plies()));
  return current_;
}

void AnalysisBoard::require_state(NodeId node) {
  const auto& n = tree_.node(node);
  if (n.recorded || states_.count(node)) return;
  require_state(n.parent);  // bounded: a file's lines are at most kMaxVariationDepth deep
  std::string after;
  try {
    // A node whose notation is not its action's is damage (VariationDamage
    // goes on as it is): the move list would name another move than the board plays.
    after = gamehost::play_variation_move(session_.plugin(), play_state(n.parent), n.move);
  } catch (const gamehost::CallError& e) {
    throw gamehost::HostError(fmt::format("move {} is not legal there: {}", gamehost::clipped(n.move.notation), e.what()));
  }
  states_[node] = std::move(after);
}

const std::string& AnalysisBoard::state(NodeId node) {
  const auto& n = tree_.node(node);
  if (n.recorded) return session_.state(n.ply);
  require_state(node);
  return states_.at(node);
}

const std::string& AnalysisBoard::play_state(NodeId node) {
  const auto& n = tree_.node(node);
  if (!n.recorded || sampled_label_.empty()) return state(node);
  auto it = samples_.find(node);
  if (it == samples_.end())
    it = samples_.emplace(node, gamehost::sample_hidden_state(session_.plugin(), session_.state(n.ply), session_.seat(),
                                                               n.ply, session_.sample_seed())).first;
  return it->second;
}

std::string AnalysisBoard::position_label(NodeId node) const {
  const auto& n = tree_.node(node);
  if (n.recorded) return session_.ply_text(n.ply);
  // Moves from the game, and how many lines deep (a variation inside a
  // variation is depth 2).
  const int from = tree_.node(tree_.branch_point(node)).ply;
  int depth = 0;
  for (NodeId x = node; !tree_.node(x).recorded; x = tree_.node(x).parent) {
    const auto& parent = tree_.node(tree_.node(x).parent);
    if (parent.recorded || parent.children.front() != x) ++depth;
  }
  const int moves = n.ply - from;
  return fmt::format("Variation: ply {} + {} move{}{}", from, moves, moves == 1 ? "" : "s",
                     depth > 1 ? fmt::format(" (depth {})", depth) : std::string());
}

void AnalysisBoard::go_to(NodeId node, bool animate) {
  if (!tree_.valid(node)) return;
  current_ = node;
  const auto& n = tree_.node(node);
  if (!view_) return;
  if (n.recorded) {
    view_->go_to(n.ply, animate);
    return;
  }
  ReplayView::OffGame shown;
  shown.state = state(node);
  shown.last_action = n.move.action_id;
  shown.branch_ply = tree_.node(tree_.branch_point(node)).ply;
  shown.label = position_label(node);
  view_->show_off_game(std::move(shown), animate);
}

AnalysisBoard::Click AnalysisBoard::click(sf::Vector2f p) {
  Click out;
  pb::Scene scene;
  const NodeId at = current();
  session_.render_state(play_state(at), std::nullopt, with_targets(), scene);
  const pb::HitArea* hit = hit_area_at(scene, p);
  if (!hit) return out;
  out.on_board = true;
  out.refusal = hit->refusal();
  for (int i = 0; i < hit->actions_size(); ++i)
    out.choices.push_back({hit->actions(i), i < hit->action_labels_size() ? hit->action_labels(i) : std::string()});
  if (out.choices.size() == 1) play(out.choices.front().action_id);
  return out;
}

std::vector<AnalysisBoard::Choice> AnalysisBoard::off_board_moves() {
  const std::string& s = play_state(current());
  pb::QueryFlags flags;
  flags.set_legal_details(true);
  const pb::StateInfo info = session_.plugin().query(s, flags);
  pb::Scene scene;
  if (session_.has_scenes()) session_.render_state(s, std::nullopt, with_targets(), scene);
  std::set<std::uint32_t> on_board;
  for (const auto& hit : scene.hits()) on_board.insert(hit.actions().begin(), hit.actions().end());
  std::vector<Choice> out;
  // A chance ply: first a seeded draw by the stated probabilities (the
  // same one every time at this position), then each outcome to pick.
  if (info.to_move() == -1 && info.chance_probabilities_size() == info.legal_size() && info.legal_size() > 0) {
    pb::StateInfo ids;
    for (const auto& a : info.legal()) ids.add_legal_ids(a.id());
    *ids.mutable_chance_probabilities() = info.chance_probabilities();
    gamehost::SplitMix rng(gamehost::state_hash(s));
    out.push_back({gamehost::draw_chance(ids, rng.unit()), kRandomDraw});
  }
  for (const auto& a : info.legal())
    if (!on_board.count(a.id())) out.push_back({a.id(), a.notation()});
  return out;
}

void AnalysisBoard::play(std::uint32_t action_id) {
  const NodeId at = current();
  pb::ApplyResponse applied;
  try {
    session_.plugin().apply(play_state(at), action_id, pb::QueryFlags(), applied, /*describe_action=*/true);
  } catch (const gamehost::CallError& e) {
    message_ = e.what();
    return;
  }
  const std::size_t before = tree_.node(at).children.size();
  const NodeId next = tree_.play(at, {action_id, applied.action().notation()});
  if (!tree_.node(next).recorded) states_[next] = std::move(*applied.mutable_state());
  message_.clear();
  go_to(next);
  if (tree_.node(at).children.size() != before) save();  // a new move, not one already kept
}

bool AnalysisBoard::play_typed(const std::string& text) {
  auto read = gamehost::read_typed_move(session_.plugin(), play_state(current()), text);
  if (auto* refused = std::get_if<std::string>(&read)) {
    message_ = *refused;
    return false;
  }
  play(std::get<pb::ActionInfo>(read).id());
  return true;
}

void AnalysisBoard::step(int direction) {
  const NodeId at = current();
  const auto& n = tree_.node(at);
  if (direction < 0 && n.parent >= 0) go_to(n.parent);
  if (direction > 0 && !n.children.empty()) go_to(n.children.front());
}

bool AnalysisBoard::promote() {
  if (!tree_.promote(current())) {
    message_ = "nothing to promote: the recorded game stays the main line";
    return false;
  }
  save();
  return true;
}

bool AnalysisBoard::remove() {
  const auto parent = tree_.remove(current());
  if (!parent) {
    message_ = "moves of the recorded game cannot be deleted";
    return false;
  }
  go_to(*parent, false);
  save();
  return true;
}

void AnalysisBoard::back_to_game() { go_to(tree_.branch_point(current())); }

TreeWords AnalysisBoard::tree_words() {
  TreeWords words;
  if (!sampled_label_.empty()) words.branch_mark = kSampledMark;
  const int shown = tree_.node(tree_.branch_point(current())).ply;
  words.notation = [this, shown](NodeId x) -> std::string {
    const auto& n = tree_.node(x);
    if (n.recorded) return session_.listed_notation(n.ply, shown);
    if (session_.seat() < 0) return n.move.notation;
    auto it = words_.find(x);
    if (it == words_.end()) {
      // A draw of the variation the seat would not see (into another
      // hand) is written as the game's move list writes one.
      const std::string& before = play_state(n.parent);
      const bool chance = session_.plugin().query(before, pb::QueryFlags()).to_move() == -1;
      const bool seen = !chance || gamehost::chance_seen_by(session_.plugin(), before, n.move.action_id, session_.seat());
      it = words_.emplace(x, seen ? n.move.notation : std::string(gamehost::kHiddenNotation)).first;
    }
    return it->second;
  };
  return words;
}

gamehost::VariationTree AnalysisBoard::with_unplayable() const {
  gamehost::VariationTree out = tree_;
  // Node ids of the file's moves are the same in kept_ and tree_ (a tree
  // never reuses one), so each hidden line goes back under its parent,
  // unless the user deleted that.
  std::function<void(NodeId, NodeId)> put = [&](NodeId x, NodeId parent) {
    if (!out.valid(parent)) return;
    const NodeId id = out.play(parent, kept_.node(x).move);
    for (NodeId c : kept_.node(x).children) put(c, id);
  };
  for (NodeId x : unplayable_) put(x, kept_.node(x).parent);
  return out;
}

void AnalysisBoard::save() {
  const auto path = gamehost::variations_path_for(session_.file());
  try {
    if (!problem_.empty() && std::filesystem::exists(path)) {
      // The damaged file is kept for whoever wants to mend it.
      std::filesystem::rename(path, path.string() + ".damaged");
      problem_ = fmt::format("the damaged {} was kept as {}.damaged", path.string(), path.string());
    }
    gamehost::write_variations(session_.file(), log_, with_unplayable());
    message_ = tree_.has_variations() ? "variations saved in " + path.filename().string() : "no variations left";
  } catch (const std::exception& e) {
    message_ = fmt::format("variations not saved: {}", e.what());
  }
}

std::string AnalysisBoard::dump() {
  const auto node = current();
  std::string out = fmt::format("Analysis\tnode\t{}\t{}\n", tree_.path_of(node),
                                tree_.node(node).recorded ? "the game" : "a variation");
  if (!problem_.empty()) out += fmt::format("Analysis\tproblem\t\t{}\n", problem_);
  if (!sampled_label_.empty() && tree_.has_variations())
    out += fmt::format("Analysis\thidden\t\tvariations: {}\n", sampled_label_);
  if (!unplayable_note_.empty()) out += fmt::format("Analysis\tunplayable\t\t{}\n", unplayable_note_);
  for (auto leaf : tree_.leaves()) out += fmt::format("Analysis\tvariation\t{}\t\n", tree_.path_of(leaf));
  const std::string rows = tree_text(tree_, node, tree_words());
  for (std::size_t at = 0; at < rows.size();) {
    const auto end = rows.find('\n', at);
    out += fmt::format("Analysis\ttree\t\t{}\n", rows.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

}  // namespace viewer
