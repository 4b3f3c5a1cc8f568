#include "viewer/teaching/follow_dir.h"

#include <fmt/core.h>

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTexture.hpp>
#include <SFML/Graphics/Text.hpp>
#include <SFML/Window/Event.hpp>

#include <SFML/System/Clock.hpp>

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <thread>

#include "viewer/render/environment.h"
#include "gamehost/text/input_checks.h"
#include "viewer/view/replay_view.h"
#include "viewer/render/scene_drawable.h"
#include "viewer/render/text_util.h"
#include "viewer/render/palette.h"

namespace viewer {

namespace {


std::filesystem::path games_folder(const std::filesystem::path& dir) {
  std::error_code ec;
  return std::filesystem::is_directory(dir / "games", ec) ? dir / "games" : dir;
}

std::string players_of(const gamehost::GameLog& log) {
  std::string out;
  for (const auto& p : log.record.header().players())
    out += fmt::format("{}{} = {}", out.empty() ? "" : ", ", p.name(), p.agent());
  return out;
}

}  // namespace

bool is_tournament_folder(const std::filesystem::path& path) {
  std::error_code ec;
  return std::filesystem::is_directory(path, ec);
}

std::vector<TableGame> scan_tournament(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(games_folder(dir), ec))
    if (e.path().extension() == ".ghlog") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<TableGame> out;
  for (const auto& f : files) {
    if (!std::filesystem::is_regular_file(f, ec)) continue;  // a FIFO or a folder is no game of the table
    const auto log = read_whole_records(f);
    if (!log) continue;  // a game whose header is still being written
    TableGame g;
    g.file = f.string();
    g.players = players_of(*log);
    g.plies = log->record.plies_size();
    g.finished = log->finished();
    if (g.finished) g.result = log->record.result().result();
    out.push_back(std::move(g));
  }
  return out;
}

std::string tournament_rows(const std::vector<TableGame>& games) {
  std::string out;
  for (const auto& g : games)
    out += fmt::format("game\t{}\t{}\t{}\t{}\t{}\n", std::filesystem::path(g.file).filename().string(), g.plies,
                       g.finished ? "finished" : "playing", g.players, g.result);
  return out;
}

namespace {

// Headless: the table each time it changes, until results.json is written
// (the tournament is over) or nothing changed for idle_seconds.
int follow_dir_dump(const FollowCommand& c) {
  std::ofstream file;
  if (c.dump != "-") {
    file.open(c.dump, std::ios::trunc);
    if (!file) return follow_failure(kExitError, "cannot write " + c.dump);
  }
  std::string last;
  int updates = 0;
  auto changed_at = std::chrono::steady_clock::now();
  for (;;) {
    std::error_code ec;
    const bool over = std::filesystem::exists(std::filesystem::path(c.log) / "results.json", ec);
    const std::string rows = tournament_rows(scan_tournament(c.log));
    if (rows != last) {
      const std::string text = fmt::format("# update {}\n{}", ++updates, rows);
      if (c.dump == "-") std::fwrite(text.data(), 1, text.size(), stdout), std::fflush(stdout);
      else file << text << std::flush;
      last = rows;
      changed_at = std::chrono::steady_clock::now();
    }
    if (over) return kExitOk;
    if (std::chrono::steady_clock::now() - changed_at > std::chrono::duration<float>(c.idle_seconds)) {
      std::fprintf(stderr, "replay-viewer: %s: nothing changed for %g s and no results.json; stopped following\n",
                   c.log.c_str(), c.idle_seconds);
      return kExitOk;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

// One board of the grid: its session (opened at its first whole records)
// and the scene of its newest ply.
struct Board {
  std::unique_ptr<ReplaySession> session;
  SceneLayers layers;
  std::string note;  // instead of the board (hidden information)
  int drawn_plies = -1;  // the ply the layers hold
  sf::Vector2f drawn_at, drawn_size;  // and where
};

struct Grid {
  std::map<std::string, Board> boards;
  std::vector<TableGame> games;
};

void draw_text(sf::RenderTarget& w, const sf::Font& font, const std::string& s, float x, float y, unsigned size,
               sf::Color colour = kGridText) {
  const std::string shown = gamehost::visible_lines(s);  // names from logs: no control characters drawn raw
  sf::Text t(sf::String::fromUtf8(shown.begin(), shown.end()), font, size);
  t.setFillColor(colour);
  t.setPosition(x, y);
  w.draw(t);
}

// `s` as drawn at `size` within `width` pixels: whole when it fits, else its
// start and its end around an ellipsis (a game's name ends in its seed).
std::string fitted(const sf::Font& font, const std::string& s, unsigned size, float width) {
  const auto wide = [&](const std::string& t) { return text_width(font, t, static_cast<float>(size)) > width; };
  if (!wide(s)) return s;
  // Cut at byte offsets of whole UTF-8 characters only.
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i < s.size(); ++i)
    if ((static_cast<unsigned char>(s[i]) & 0xc0) != 0x80) starts.push_back(i);
  for (std::size_t keep = starts.size(); keep > 1; --keep) {
    const std::size_t head = (keep + 1) / 2, tail = keep / 2;
    const std::string t = s.substr(0, starts[head]) + "…" + s.substr(starts[starts.size() - tail]);
    if (!wide(t)) return t;
  }
  return "…";
}

// Draws the grid and the table into `target` (its own pixels); reads the
// logs again when `scan`.
void draw_grid(sf::RenderTarget& target, Grid& grid, bool scan, const FollowCommand& c, const sf::Font& font) {
  if (scan) grid.games = scan_tournament(c.log);
  auto& games = grid.games;
  auto& boards = grid.boards;
  // The games being played (the newest finished ones when none is).
  std::vector<const TableGame*> shown;
  for (const auto& g : games)
    if (!g.finished) shown.push_back(&g);
  for (auto it = games.rbegin(); it != games.rend() && shown.size() < 4; ++it)
    if (it->finished) shown.push_back(&*it);
  if (shown.size() > 12) shown.resize(12);
  const sf::Vector2u size = target.getSize();
  const float table_w = std::min(460.f, size.x * 0.36f);
  const int columns = shown.size() <= 1 ? 1 : shown.size() <= 4 ? 2 : shown.size() <= 9 ? 3 : 4;
  const int rows = std::max<int>(1, (static_cast<int>(shown.size()) + columns - 1) / columns);
  const float cell_w = (size.x - table_w - 16) / columns, cell_h = (size.y - 8) / static_cast<float>(rows);
  target.clear(kWindowBackground);
  for (std::size_t i = 0; i < shown.size(); ++i) {
    const TableGame& g = *shown[i];
    Board& b = boards[g.file];
    const float x = 8 + (i % columns) * cell_w, y = 8 + (i / columns) * cell_h;
    if (b.note.empty()) try {
      auto log = !scan || (b.session && b.session->finished()) ? std::nullopt : read_whole_records(g.file);
      if (log && !b.session) {
        b.session = ReplaySession::open_log(std::move(*log), g.file, c.plugin_dirs, c.seat, c.load);
        check_followable(*b.session, c.seat.as);
      } else if (log && (log->record.plies_size() != b.session->plies() || log->finished() != b.session->finished())) {
        b.session->reload(std::move(*log));
      }
      // A new scene only when the game moved on or the grid changed.
      if (b.session && b.session->has_scenes() &&
          (b.drawn_plies != b.session->plies() || b.drawn_at != sf::Vector2f(x, y) ||
           b.drawn_size != sf::Vector2f(cell_w, cell_h))) {
        b.drawn_plies = b.session->plies();
        b.drawn_at = {x, y};
        b.drawn_size = {cell_w, cell_h};
        pb::Scene scene;
        b.session->render(b.session->plies(), pb::ViewOptions(), scene);
        BoardTransform t;
        const auto& r = scene.bounds();
        t.scale = std::min((cell_w - 8) / std::max(0.01f, r.width()), (cell_h - 40) / std::max(0.01f, r.height()));
        t.origin = {x - r.x() * t.scale, y + 26 - r.y() * t.scale};
        b.layers.show(std::make_shared<const PreparedScene>(std::move(scene), t, font, 1), false);
      }
    } catch (const std::exception& ex) {
      b.note = ex.what();
      b.session.reset();
    }
    // Within its cell: a long name (the agents' specs) never runs into the
    // next board's title or the table.
    draw_text(target, font,
              fitted(font, fmt::format("{} — ply {}", std::filesystem::path(g.file).stem().string(), g.plies), 14,
                     cell_w - 12),
              x, y, 14);
    if (!b.note.empty()) draw_text(target, font, b.note.substr(0, 80), x, y + 30, 12, kGridNote);
    else target.draw(b.layers);
  }
  // The table of results.
  const float tx = size.x - table_w;
  draw_text(target, font, fmt::format("{} games", games.size()), tx, 8, 18);
  float ty = 36;
  for (const auto& g : games) {
    if (ty > size.y - 20) break;
    // The whole name on its line (fitted only past the table's width), the
    // result or the ply on the next.
    const sf::Color colour = g.finished ? kFinished : kPlaying;
    draw_text(target, font, fitted(font, std::filesystem::path(g.file).stem().string(), 12, table_w - 16), tx, ty, 12,
              colour);
    draw_text(target, font, fitted(font, g.finished ? g.result : fmt::format("playing, ply {}", g.plies), 12,
                                   table_w - 32),
              tx + 16, ty + 15, 12, colour);
    ty += 34;
  }
}

// The grid as the window's state (the whole window, one unit a pixel):
// the folder scanned five times a second, Q closes.
class FollowDirState : public State {
 public:
  FollowDirState(const FollowCommand& c, const sf::Font& font) : command_(c), font_(font) {}

  bool handle_event(const sf::Event& e, sf::Vector2f) override {
    if (e.type == sf::Event::KeyPressed && e.key.code == sf::Keyboard::Q) stack().close_window();
    return true;
  }

  void draw(sf::RenderTarget& target) override {
    const bool scan = first_ || since_scan_.getElapsedTime().asSeconds() > 0.2f;
    if (scan) {
      first_ = false;
      since_scan_.restart();
    }
    draw_grid(target, grid_, scan, command_, font_);
  }

  bool busy() const override { return true; }  // the games move on by themselves

 private:
  FollowCommand command_;
  const sf::Font& font_;
  Grid grid_;
  sf::Clock since_scan_;
  bool first_ = true;
};

// --screenshot: the grid once, offscreen.
int follow_dir_screenshot(const FollowCommand& c) {
  const FontChoice font_choice = choose_font(c.font_path);
  if (!font_choice.problem.empty()) return follow_failure(kExitNoFont, font_choice.problem);
  if (const auto problem = display_problem()) return follow_failure(kExitNoDisplay, *problem);
  sf::Font font;
  if (!font.loadFromFile(font_choice.path)) return follow_failure(kExitNoFont, "cannot load the font " + font_choice.path);
  Grid grid;
  sf::RenderTexture texture;
  if (!texture.create(1280, 800)) return follow_failure(kExitError, "cannot create a 1280x800 offscreen image");
  draw_grid(texture, grid, true, c, font);
  texture.display();
  if (!texture.getTexture().copyToImage().saveToFile(c.screenshot)) return follow_failure(kExitError, "cannot write " + c.screenshot);
  return kExitOk;
}

}  // namespace

std::unique_ptr<State> make_follow_dir_state(const FollowCommand& command, const sf::Font& font) {
  return std::make_unique<FollowDirState>(command, font);
}

int run_follow_dir(const FollowCommand& c) {
  assert(!c.dump.empty() || !c.screenshot.empty());
  try {
    return c.dump.empty() ? follow_dir_screenshot(c) : follow_dir_dump(c);
  } catch (const std::exception& e) {
    return follow_failure(kExitError, std::string("error: ") + e.what());
  }
}

}  // namespace viewer
