#include "gamehost/web/replay_page.h"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

#include "gamehost/base/error.h"
#include "gamehost/formats/notes.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/records/replay.h"
#include "gamehost/review/review_file.h"
#include "gamehost/review/reviewer.h"
#include "gamehost/secrets/record_as_seat.h"
#include "gamehost/text/terminal_board.h"
#include "gamehost/records/variation_tree.h"
#include "gamehost/web/assets.h"
#include "gamehost/web/scene_delta.h"

namespace gamehost::web {

namespace {

namespace rpb = review::v1;

// The game as the page shows it: its plugin, its states and what the
// reader may see of them.
struct Game {
  Plugin* plugin = nullptr;
  const GameLog* log = nullptr;
  std::vector<std::string> states;  // states[k]: after k plies
  std::vector<bool> seen;           // seen[k]: ply k+1 seen by the seat drawn for (all without --as)
  int seat = -1;                    // --as, else -1
  bool hidden = false;              // the game has hidden information
  std::vector<std::string> overlays;  // the game's default overlays, as the viewer starts
  std::optional<review::ReviewFile> review;
};

const pb::LogPly& ply_record(const Game& g, int ply) { return g.log->record.plies(ply - 1); }

pb::Scene render(const Game& g, const std::string& state, const pb::ViewOptions& view) {
  pb::RenderSceneRequest req;
  req.set_state(state);
  *req.mutable_view() = view;
  pb::RenderSceneResponse resp;
  g.plugin->call(pb::METHOD_RENDER_SCENE, req, resp);
  return std::move(*resp.mutable_scene());
}

// The better move the review found, drawn as a ghost as the viewer does.
std::optional<std::uint32_t> ghost_at(const Game& g, int ply) {
  if (!g.review || ply < 1 || ply > static_cast<int>(g.review->plies.size())) return std::nullopt;
  const rpb::PlyReview& r = g.review->plies[static_cast<std::size_t>(ply - 1)];
  if (!r.reviewed() || r.points_lost() <= 0 || r.best_action() == r.played_action()) return std::nullopt;
  return r.best_action();
}

// What the viewer asks for at a ply of the game: its overlays, the move
// that led here (unless unseen or taken back), the seat, the ghost.
pb::ViewOptions view_at(const Game& g, int ply) {
  pb::ViewOptions view;
  for (const auto& o : g.overlays) view.add_overlays(o);
  if (g.seat >= 0) view.set_seat(g.seat);
  if (ply > 0 && g.seen[static_cast<std::size_t>(ply - 1)] && !ply_record(g, ply).taken_back())
    view.set_last_action_id(ply_record(g, ply).action_id());
  if (const auto ghost = ghost_at(g, ply)) view.set_ghost_action_id(*ghost);
  return view;
}

// Every selection a reader can make on `scene` (a hit area, a panel line,
// the cycle), each drawn as the plugin draws it selected: its paths, its
// highlight, its panel. {"E3": delta, ...}: each the changes from `scene`,
// or, when shorter, {"from_previous": delta} from the same selection at
// the ply before (a tower's routes often stay as they were). `selected`
// holds the selections drawn at the ply before and is replaced.
using Selected = std::map<std::string, pb::Scene>;
std::string selections_json(const Game& g, const std::string& state, pb::ViewOptions view, const pb::Scene& scene,
                            Selected& selected) {
  std::set<std::string> values(scene.cycle().begin(), scene.cycle().end());
  for (const auto& h : scene.hits())
    if (!h.select().empty()) values.insert(h.select());
  for (const auto& section : scene.panel())
    for (const auto& line : section.lines())
      if (!line.select().empty()) values.insert(line.select());
  Selected now;
  std::string out = "{";
  for (const std::string& value : values) {
    view.set_selected(value);
    pb::Scene drawn = render(g, state, view);
    std::string delta = scene_delta_json(scene, drawn);
    if (const auto before = selected.find(value); before != selected.end()) {
      std::string again = "{\"from_previous\":" + scene_delta_json(before->second, drawn) + "}";
      if (again.size() < delta.size()) delta = std::move(again);
    }
    out += (out.size() > 1 ? "," : "") + json_string(value) + ":" + delta;
    now.emplace(value, std::move(drawn));
  }
  selected = std::move(now);
  return out + "}";
}

std::string score_text(const Game& g, const std::string& state) {
  // As `show --as`: a game with hidden information may put private facts
  // in its analyses, so a seat's view shows none.
  if (g.seat >= 0 && g.hidden) return "";
  const auto score = g.plugin->analysis(state, "score");
  return score ? visible_lines(score->text()) : "";
}

std::string frames_json(const Game& g) {
  std::string out = "[";
  pb::Scene before;
  Selected selected;
  std::vector<int> seats;
  for (int ply = 0; ply < static_cast<int>(g.states.size()); ++ply) {
    if (ply > 0) seats.push_back(ply_record(g, ply).player());
    const std::string& state = g.states[static_cast<std::size_t>(ply)];
    const pb::ViewOptions view = view_at(g, ply);
    pb::Scene scene = render(g, state, view);
    const int start = last_move_start(seats);
    const std::string& prior = start >= 0 ? g.states[static_cast<std::size_t>(start)] : std::string();
    const std::string board = g.seat >= 0 ? seat_board_text(*g.plugin, state, prior, g.seat, false)
                                          : board_text(*g.plugin, state, prior, false);
    pb::QueryFlags flags;
    const pb::StateInfo info = g.plugin->query(state, flags);
    out += fmt::format("{}{{\"scene\":{},\"selections\":{},\"score\":{},\"board\":{},\"result\":{}}}",
                       ply ? "," : "", scene_delta_json(before, scene), selections_json(g, state, view, scene, selected),
                       json_string(score_text(g, state)), json_string(board),
                       json_string(info.terminal() ? info.result() : ""));
    before = std::move(scene);
  }
  return out + "]";
}

std::string moves_json(const Game& g) {
  const auto& names = g.plugin->info().player_names();
  std::string out = "[";
  for (int ply = 1; ply < static_cast<int>(g.states.size()); ++ply) {
    const pb::LogPly& p = ply_record(g, ply);
    const bool seen = g.seen[static_cast<std::size_t>(ply - 1)];
    const std::string who = p.player() >= 0 && p.player() < names.size() ? names[p.player()] : "chance";
    std::string mark;
    if (g.review && ply <= static_cast<int>(g.review->plies.size()))
      if (const auto& r = g.review->plies[static_cast<std::size_t>(ply - 1)]; r.reviewed())
        mark = review::class_symbol(r.move_class());
    out += fmt::format("{}{{\"ply\":{},\"seat\":{},\"who\":{},\"notation\":{},\"taken_back\":{},\"mark\":{}}}",
                       ply > 1 ? "," : "", ply, p.player(), json_string(who),
                       json_string(seen ? visible(p.notation()) : std::string(kHiddenNotation)),
                       p.taken_back() ? "true" : "false", json_string(mark));
  }
  return out + "]";
}

std::string notes_json(const std::string& log_path, const GameLog& log) {
  std::string out = "{";
  for (const auto& [ply, texts] : formats::notes_or_warning(log_path, log)) {
    std::string list;
    for (const auto& t : texts) list += (list.empty() ? "" : ",") + json_string(t);
    out += fmt::format("{}\"{}\":[{}]", out.size() > 1 ? "," : "", ply, list);
  }
  return out + "}";
}

// The review's verdict on every ply and the values the graph draws (as
// the viewer's graph: each player's margin after its own moves).
std::string review_json(const Game& g) {
  if (!g.review) return "null";
  std::string plies;
  for (const rpb::PlyReview& r : g.review->plies) {
    if (!r.reviewed()) continue;
    plies += fmt::format(
        "{}{{\"ply\":{},\"seat\":{},\"played\":{},\"best\":{},\"points_lost\":{},\"class\":{},\"symbol\":{},"
        "\"before\":{},\"after\":{},\"exact\":{},\"best_line\":{}}}",
        plies.empty() ? "" : ",", r.ply(), r.seat(), json_string(r.played()), json_string(r.best()),
        r.points_lost(), json_string(review::class_name(r.move_class())),
        json_string(review::class_symbol(r.move_class())), r.before().margin(), r.after().margin(),
        r.after().exact() ? "true" : "false", json_string(fmt::format("{}", fmt::join(r.best_line(), " "))));
  }
  return fmt::format("{{\"file\":{},\"value_unit\":{},\"plies\":[{}]}}",
                     json_string(std::filesystem::path(g.review->file).filename().string()),
                     json_string(g.review->header.value_unit()), plies);
}

// The variations kept beside the log (LOG.ghvars), each line from its
// branch point with a scene per move. A damaged file, or a move that does
// not replay, is a warning and no variations, as in the PPN export.
std::string variations_json(const Game& g, const std::string& log_path) {
  if (!std::filesystem::exists(variations_path_for(log_path))) return "[]";
  try {
    const VariationTree tree = read_variations(log_path, *g.log);
    std::string out = "[";
    for (const VariationTree::NodeId leaf : tree.leaves()) {
      const int branch = tree.node(tree.branch_point(leaf)).ply;
      std::string state = g.states.at(static_cast<std::size_t>(branch));
      pb::Scene before = render(g, state, view_at(g, branch));
      std::string moves, frames;
      for (const auto& move : tree.moves_after_game(leaf)) {
        pb::ApplyResponse applied;
        try {
          g.plugin->apply(state, move.action_id, pb::QueryFlags(), applied);
        } catch (const CallError& e) {
          throw HostError(fmt::format("variation {}: {}", tree.path_of(leaf), e.what()));
        }
        state = applied.state();
        pb::ViewOptions view;
        for (const auto& o : g.overlays) view.add_overlays(o);
        view.set_last_action_id(move.action_id);
        pb::Scene scene = render(g, state, view);
        moves += (moves.empty() ? "" : ",") + json_string(move.notation);
        frames += (frames.empty() ? "" : ",") + scene_delta_json(before, scene);
        before = std::move(scene);
      }
      out += fmt::format("{}{{\"path\":{},\"ply\":{},\"moves\":[{}],\"frames\":[{}]}}", out.size() > 1 ? "," : "",
                         json_string(tree.path_of(leaf)), branch, moves, frames);
    }
    return out + "]";
  } catch (const HostError& e) {
    std::fflush(stdout);
    fmt::print(stderr, "gamehost: warning: {}; the page is written without its variations\n", e.what());
    return "[]";
  }
}

Game open_game(Plugin& plugin, const GameLog& log, const ReplayPageOptions& o) {
  Game g;
  g.log = &log;
  if (plugin.id() != log.record.header().game_id())
    throw HostError(fmt::format("{}: a game of {}, not of the {} plugin", o.log_path, log.record.header().game_id(),
                                plugin.id()));
  g.plugin = &plugin;
  const auto& methods = g.plugin->info().optional_methods();
  if (std::find(methods.begin(), methods.end(), pb::METHOD_RENDER_SCENE) == methods.end())
    throw HostError(fmt::format("the {} plugin draws no scenes (no RenderScene call)", g.plugin->id()));
  g.states = replay(*g.plugin, log, std::nullopt, /*keep_states=*/true).states;
  g.hidden = g.plugin->info().has_hidden_information();
  if (!o.as.empty()) {
    g.seat = seat_of_player(*g.plugin, o.as);
    g.seen = plies_seen_by(*g.plugin, log, g.states, g.seat);
  } else if (g.hidden && !log.finished()) {
    // A finished game reveals every hand; one still being played is
    // written only as one seat sees it (as `gamehost diagram`).
    throw HostError(fmt::format("{}: an unfinished game with hidden information is exported only as one seat sees "
                                "it: add --as SEAT",
                                o.log_path));
  } else {
    g.seen.assign(g.states.size() - 1, true);
  }
  if (g.seat >= 0 && g.hidden) {
    // The review's values and lines were found with every hand known.
    if (!o.review.empty())
      throw HostError(fmt::format("--review {}: a review of a game with hidden information knows every hand; it is "
                                  "not written into a seat's view (--as)",
                                  o.review));
  } else {
    g.review = review::review_of_log(o.log_path, o.review);
  }
  const pb::Scene probe = render(g, g.states.front(), pb::ViewOptions());
  for (const pb::Overlay& overlay : probe.overlays())
    if (overlay.default_on()) g.overlays.push_back(overlay.key());
  return g;
}

std::string game_json(const Game& g) {
  const auto& h = g.log->record.header();
  std::string players;
  for (int i = 0; i < h.players_size(); ++i)
    players += fmt::format("{}{{\"name\":{},\"agent\":{}}}", i ? "," : "", json_string(visible(h.players(i).name())),
                           json_string(visible(h.players(i).agent())));
  std::string seats;
  for (const auto& name : g.plugin->info().player_names()) seats += (seats.empty() ? "" : ",") + json_string(name);
  return fmt::format(
      "{{\"id\":{},\"name\":{},\"version\":{},\"seed\":{},\"players\":[{}],\"seats\":[{}],\"result\":{},\"as\":{}}}",
      json_string(h.game_id()), json_string(g.plugin->info().name()), json_string(h.game_version()),
      json_string(std::to_string(h.seed())), players, seats,
      json_string(g.log->finished() ? visible(g.log->record.result().result()) : ""),
      json_string(g.seat >= 0 ? g.plugin->info().player_names(g.seat) : ""));
}

// Text safe inside <script> and <style>: "</" never ends the element early
// ("<\/" reads the same in JSON and in the code).
std::string inline_text(std::string text) {
  for (std::size_t at = text.find("</"); at != std::string::npos; at = text.find("</", at + 3))
    text.replace(at, 2, "<\\/");
  return text;
}

std::string html_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

std::string asset(std::string_view name) {
  const WebAsset* a = find_web_asset(name);
  assert(a && "host/web/CMakeLists.txt embeds it");
  return std::string(a->bytes);
}

}  // namespace

std::string replay_data(Registry& registry, const GameLog& log, const ReplayPageOptions& options) {
  return replay_data(registry.find(log.record.header().game_id()), log, options);
}

std::string replay_page(Registry& registry, const GameLog& log, const ReplayPageOptions& options) {
  return replay_page(registry.find(log.record.header().game_id()), log, options);
}

std::string replay_data(Plugin& plugin, const GameLog& log, const ReplayPageOptions& options) {
  const Game g = open_game(plugin, log, options);
  return fmt::format("{{\"format\":1,\"game\":{},\"moves\":{},\"frames\":{},\"notes\":{},\"review\":{},\"variations\":{}}}",
                  game_json(g), moves_json(g), frames_json(g),
                  options.notes ? notes_json(options.log_path, log) : std::string("{}"), review_json(g),
                  g.seat >= 0 && g.hidden ? std::string("[]") : variations_json(g, options.log_path));
}

std::string replay_page(Plugin& plugin, const GameLog& log, const ReplayPageOptions& options) {
  const std::string data = replay_data(plugin, log, options);
  const auto& h = log.record.header();
  std::string title = plugin.info().name() + ":";
  for (int i = 0; i < h.players_size(); ++i) title += (i ? " vs " : " ") + visible(h.players(i).name());
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta name=\"generator\" content=\"gamehost export --format html\">\n<title>{}</title>\n"
      "<style>\n{}</style>\n</head>\n<body>\n"
      "<main id=\"gh-replay\" class=\"gh-replay\"><h1>{}</h1>"
      "<noscript><p>This replay draws the game with JavaScript: turn it on to see the board.</p></noscript></main>\n"
      "<script type=\"application/json\" id=\"gh-game\">{}</script>\n"
      "<script>\n{}</script>\n<script>\n{}</script>\n</body>\n</html>\n",
      html_escape(title), inline_text(asset("replay.css")), html_escape(title), inline_text(data),
      inline_text(asset("scene.js")), inline_text(asset("replay.js")));
}

}  // namespace gamehost::web
