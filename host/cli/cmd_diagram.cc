// `gamehost diagram`: a position drawn from the game's own RenderScene
// scene, with the viewer's overlays, into an SVG, PDF or PNG file, or a
// sheet of every Nth ply on A4 pages (docs/teaching.md).
#include <fmt/core.h>

#include <algorithm>
#include <set>

#include "commands.h"
#include "gamehost/diagram/document.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/records/replay.h"
#include "gamehost/review/review_file.h"
#include "gamehost/review/reviewer.h"
#include "gamehost/secrets/record_as_seat.h"
#include "scene.pb.h"

namespace gamehost {
namespace {

namespace dg = diagram;
namespace rpb = review::v1;

struct DiagramArgs {
  std::string log, game, position, out, format, size, theme, caption, overlay, select, review, as;
  std::vector<std::string> options;
  std::optional<int> ply;
  bool print = false, no_review = false, sheet = false;
  int every = 6;
};

// The game drawn: its plugin, a state per ply, what each ply's move is
// called and the review's verdict on it.
struct Game {
  Plugin* plugin = nullptr;
  std::string title;                 // the game and its players
  std::string result;                // "" when unfinished
  std::vector<std::string> states;   // states[k]: after k plies
  std::vector<const pb::LogPly*> plies;
  std::vector<bool> seen;            // by the seat drawn for (all when no --as)
  std::optional<review::ReviewFile> review;
  int seat = -1;                     // --as, else -1
};

std::pair<double, double> parse_size(const std::string& text) {
  unsigned w = 0, h = 0;
  char x = 0, extra = 0;
  if (std::sscanf(text.c_str(), "%u%c%u%c", &w, &x, &h, &extra) != 3 || (x != 'x' && x != 'X') || w < 16 ||
      h < 16 || w > 20000 || h > 20000)
    throw UsageError(fmt::format("--size {}: give WIDTHxHEIGHT, each 16 to 20000 (e.g. 672x784)", clipped(text)));
  return {w, h};
}

Game open_log(Registry& registry, const DiagramArgs& a, const GameLog& log) {
  Game g;
  g.plugin = &registry.find(log.record.header().game_id());
  g.states = replay(*g.plugin, log, std::nullopt, /*keep_states=*/true).states;
  for (const auto& p : log.record.plies()) g.plies.push_back(&p);
  const bool hidden = g.plugin->info().has_hidden_information();
  if (!a.as.empty()) {
    g.seat = seat_of_player(*g.plugin, a.as);
    g.seen = plies_seen_by(*g.plugin, log, g.states, g.seat);
  } else if (hidden && !log.finished()) {
    // What a seat may see (docs/viewer.md, "Hidden information"): the hands
    // of a game still being played are nobody else's to print.
    throw UsageError(fmt::format("{}: an unfinished game with hidden information is drawn only as one seat sees "
                                 "it: add --as SEAT",
                                 a.log));
  } else {
    g.seen.assign(g.plies.size(), true);
  }
  if (!a.no_review) g.review = review::review_of_log(a.log, a.review);
  const auto& h = log.record.header();
  std::string players;
  for (int i = 0; i < h.players_size(); ++i)
    players += fmt::format("{}{} ({})", i ? " vs " : "", h.players(i).name(), h.players(i).agent());
  g.title = fmt::format("{}: {}", g.plugin->info().name(), players);
  if (log.finished()) g.result = log.record.result().result();
  return g;
}

const rpb::PlyReview* reviewed(const Game& g, int ply) {
  if (!g.review || ply < 1 || ply > static_cast<int>(g.review->plies.size())) return nullptr;
  const auto& r = g.review->plies[static_cast<std::size_t>(ply - 1)];
  return r.reviewed() ? &r : nullptr;
}

// The better move to draw as a ghost at `ply`, when the move played lost points.
std::optional<std::uint32_t> ghost_at(const Game& g, int ply) {
  const rpb::PlyReview* r = reviewed(g, ply);
  if (!r || r->points_lost() <= 0 || r->best_action() == r->played_action()) return std::nullopt;
  return r->best_action();
}

// "14. RT@E5 ??" — a move as the sheet and captions list it.
std::string move_text(const Game& g, int ply) {
  const pb::LogPly& p = *g.plies[static_cast<std::size_t>(ply - 1)];
  std::string text = g.seen[static_cast<std::size_t>(ply - 1)] ? p.notation() : std::string(kHiddenNotation);
  if (p.taken_back()) text += " (taken back)";
  if (const rpb::PlyReview* r = reviewed(g, ply); r && *review::class_symbol(r->move_class()))
    text += std::string(" ") + review::class_symbol(r->move_class());
  return fmt::format("{}. {}", ply, text);
}

std::string seat_name(const Game& g, int seat) {
  const auto& names = g.plugin->info().player_names();
  return seat >= 0 && seat < names.size() ? names[seat] : "chance";
}

// The caption "auto": the move that led here, the review's verdict on it and
// whose turn it is.
std::string auto_caption(const Game& g, int ply, const pb::Scene& scene) {
  std::string c = fmt::format("Ply {} of {}", ply, g.plies.size());
  if (ply > 0) c += fmt::format(": {} {}", seat_name(g, g.plies[static_cast<std::size_t>(ply - 1)]->player()),
                                move_text(g, ply).substr(fmt::format("{}. ", ply).size()));
  if (const rpb::PlyReview* r = reviewed(g, ply); r && r->points_lost() > 0)
    c += fmt::format(" (lost {:.1f}; best was {}, drawn as a ghost)", r->points_lost(), r->best());
  if (!scene.status().empty()) c += ". " + scene.status();
  return c;
}

class SceneMaker {
 public:
  SceneMaker(const Game& g, const DiagramArgs& a) : game_(g), args_(a) {}

  // The scene after `ply` plies with the options' overlays and selection.
  pb::Scene at(int ply) {
    pb::ViewOptions view = base_view(ply);
    pb::Scene scene = render(ply, view);
    if (args_.select == "all") {
      // Every selection the game cycles through, their paths together.
      const auto cycle = scene.cycle();
      for (int i = 0; i < cycle.size(); ++i) {
        view.set_selected(cycle[i]);
        pb::Scene one = render(ply, view);
        for (pb::Path& p : *one.mutable_paths()) {
          p.set_id(fmt::format("{}#{}", p.id(), cycle[i]));
          *scene.add_paths() = std::move(p);
        }
      }
    }
    return scene;
  }

 private:
  pb::Scene render(int ply, const pb::ViewOptions& view) {
    pb::RenderSceneRequest req;
    req.set_state(game_.states[static_cast<std::size_t>(ply)]);
    *req.mutable_view() = view;
    pb::RenderSceneResponse resp;
    game_.plugin->call(pb::METHOD_RENDER_SCENE, req, resp);
    return std::move(*resp.mutable_scene());
  }

  pb::ViewOptions base_view(int ply) {
    pb::ViewOptions view;
    if (!overlays_) overlays_ = overlay_keys();
    for (const auto& k : *overlays_) view.add_overlays(k);
    if (args_.select != "all") view.set_selected(args_.select);
    if (game_.seat >= 0) view.set_seat(game_.seat);
    if (ply > 0) {
      const pb::LogPly& p = *game_.plies[static_cast<std::size_t>(ply - 1)];
      if (game_.seen[static_cast<std::size_t>(ply - 1)] && !p.taken_back()) view.set_last_action_id(p.action_id());
    }
    if (const auto ghost = ghost_at(game_, ply)) view.set_ghost_action_id(*ghost);
    return view;
  }

  // --overlay: "all", "none", a comma list of the game's keys, or (empty)
  // the game's defaults, as the viewer takes it.
  std::vector<std::string> overlay_keys() {
    const pb::Scene probe = render(0, pb::ViewOptions());
    std::vector<std::string> keys, offered;
    for (const auto& o : probe.overlays()) {
      offered.push_back(o.key());
      if (args_.overlay.empty() && o.default_on()) keys.push_back(o.key());
    }
    if (args_.overlay.empty() || args_.overlay == "none") return keys;
    if (args_.overlay == "all") return offered;
    std::size_t i = 0;
    while (i <= args_.overlay.size()) {
      const std::size_t j = std::min(args_.overlay.find(',', i), args_.overlay.size());
      const std::string key = args_.overlay.substr(i, j - i);
      if (std::find(offered.begin(), offered.end(), key) == offered.end()) {
        std::string list;
        for (const auto& o : offered) list += (list.empty() ? "" : ", ") + o;
        throw UsageError(fmt::format("--overlay: {} has no overlay '{}' (it has: {}; or all, none)",
                                     game_.plugin->id(), clipped(key), list));
      }
      keys.push_back(key);
      i = j + 1;
    }
    return keys;
  }

  const Game& game_;
  const DiagramArgs& args_;
  std::optional<std::vector<std::string>> overlays_;
};

dg::Output output_for(const DiagramArgs& a) {
  dg::Output out;
  if (!a.format.empty()) {
    const auto f = dg::parse_format(a.format);
    if (!f) throw UsageError(fmt::format("--format {}: give svg, pdf or png", clipped(a.format)));
    out.format = *f;
  } else if (const auto f = dg::format_of(a.out)) {
    out.format = *f;
  } else if (std::filesystem::path(a.out).has_extension()) {
    throw UsageError(fmt::format("--out {}: name a .svg, .pdf or .png file, or give --format", a.out));
  }
  if (!a.size.empty()) std::tie(out.width, out.height) = parse_size(a.size);
  if (!a.theme.empty() && a.theme != "light" && a.theme != "dark")
    throw UsageError(fmt::format("--theme {}: give light or dark", clipped(a.theme)));
  out.style.print = a.print;
  // Paper is white: print mode and sheets are light unless asked otherwise.
  out.style.light = a.theme.empty() ? (a.print || a.sheet) : a.theme == "light";
  return out;
}

std::vector<int> sheet_plies(int plies, int every) {
  std::vector<int> out;
  for (int p = every; p < plies; p += every) out.push_back(p);
  out.push_back(plies);
  return out;
}

void write_sheet(const Game& g, const DiagramArgs& a, const dg::Output& out, SceneMaker& scenes) {
  dg::Sheet sheet;
  sheet.title = g.title;
  sheet.subtitle = g.result.empty() ? fmt::format("{} plies, unfinished", g.plies.size())
                                    : fmt::format("{} ({} plies)", g.result, g.plies.size());
  int from = 1;
  for (const int ply : sheet_plies(static_cast<int>(g.plies.size()), a.every)) {
    std::string moves;
    for (int k = from; k <= ply; ++k) moves += (moves.empty() ? "" : "  ") + move_text(g, k);
    from = ply + 1;
    sheet.cells.push_back({scenes.at(ply), fmt::format("After ply {}: {}", ply, moves.empty() ? "the start" : moves)});
  }
  for (const auto& f : dg::write_sheet(sheet, out, a.out))
    fmt::print("{}: {} sheet, {} diagram{}\n", f.string(), dg::format_name(out.format), sheet.cells.size(),
               sheet.cells.size() == 1 ? "" : "s");
}

void run_diagram(Common& common, const DiagramArgs& a) {
  if (a.every < 1) throw UsageError("--every: give a whole number of plies, 1 or more");
  if (a.sheet && !a.position.empty()) throw UsageError("--sheet draws the plies of a LOG, not a --position");
  if (a.log.empty() && a.position.empty()) throw UsageError("give a LOG, or --game GAME --position FILE");
  const dg::Output out = output_for(a);
  Registry registry = common.registry();
  Game g;
  GameLog log;
  int ply = 0;
  if (!a.position.empty()) {
    g.plugin = &registry.find(a.game);
    g.states = {position_state(*g.plugin, a.position, a.options)};
    g.title = fmt::format("{}: {}", g.plugin->info().name(), a.position);
    if (!a.as.empty()) g.seat = seat_of_player(*g.plugin, a.as);
  } else {
    log = read_log(a.log);
    g = open_log(registry, a, log);
    ply = a.ply.value_or(static_cast<int>(g.plies.size()));
    if (ply < 0 || ply > static_cast<int>(g.plies.size()))
      throw HostError(fmt::format("--ply {}: {} has plies 0 to {}", ply, a.log, g.plies.size()));
  }
  if (std::find(g.plugin->info().optional_methods().begin(), g.plugin->info().optional_methods().end(),
                pb::METHOD_RENDER_SCENE) == g.plugin->info().optional_methods().end())
    throw HostError(fmt::format("the {} plugin draws no scenes (no RenderScene call)", g.plugin->id()));
  SceneMaker scenes(g, a);
  if (a.sheet) return write_sheet(g, a, out, scenes);
  dg::Diagram d{scenes.at(ply), a.caption};
  if (a.caption == "auto") d.caption = a.position.empty() ? auto_caption(g, ply, d.scene) : d.scene.status();
  dg::write_diagram(d, out, a.out);
  const auto [w, h] = dg::diagram_size(d, out);
  fmt::print("{}: {} diagram, {}x{} {}\n", a.out, dg::format_name(out.format), w, h,
             out.format == dg::Format::Png ? "pixels" : "points");
}

}  // namespace

void add_diagram_command(CLI::App& app, Common& common) {
  auto a = std::make_shared<DiagramArgs>();
  auto* cmd = app.add_subcommand("diagram", "draw a position (or a sheet of plies) as SVG, PDF or PNG");
  cmd->footer("Draws the game's own scene with the viewer's overlays (docs/teaching.md).");
  cmd->add_option("LOG", a->log, "a game log")->type_name("LOG");
  cmd->add_option("--ply", a->ply, "the position after ply N (0 = start; default: the end)");
  auto* game = cmd->add_option("--game", a->game, "with --position: the game of the position");
  cmd->add_option("--position", a->position, "a position file of the game instead of a log")
      ->type_name("FILE")
      ->needs(game)
      ->excludes("LOG")
      ->excludes("--ply");
  cmd->add_option("--option,-o", a->options, "with --position: another game option NAME=VALUE")->type_name("K=V");
  cmd->add_option("--out", a->out, "the file to write")->required()->type_name("FILE");
  cmd->add_option("--format", a->format, "svg, pdf or png (default: from --out's extension, else svg)");
  cmd->add_option("--size", a->size, "WIDTHxHEIGHT in pixels (png) or points (svg, pdf); default 600 wide")
      ->type_name("WxH");
  cmd->add_option("--theme", a->theme, "light or dark (default dark; light with --print and --sheet)");
  cmd->add_flag("--print", a->print, "black and white: greys, and patterns by hue instead of colour fills");
  cmd->add_option("--caption", a->caption, "a line under the board; 'auto': the move, its review and the turn")
      ->type_name("TEXT");
  cmd->add_option("--overlay", a->overlay, "overlays on: all, none or the game's keys (e.g. streets,legal,paths)")
      ->type_name("LIST");
  cmd->add_option("--select", a->select, "select as a click would (e.g. a tower's lot), or 'all' for every "
                                         "selection's scoring paths")
      ->type_name("SEL");
  cmd->add_option("--review", a->review, "the game's review (default: LOG.ghreview beside the log, if any)")
      ->type_name("FILE");
  cmd->add_flag("--no-review", a->no_review, "ignore the review: no marks, no ghost");
  cmd->add_option("--as", a->as, "draw what one seat sees (games with hidden information)")->type_name("SEAT");
  cmd->add_flag("--sheet", a->sheet, "every --every plies of the game on A4 pages, with their moves");
  cmd->add_option("--every", a->every, "with --sheet: plies between diagrams (default 6)");
  cmd->callback([&common, a] { run_diagram(common, *a); });
}

}  // namespace gamehost
