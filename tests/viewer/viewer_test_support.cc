#include "viewer_test_support.h"

#include <catch2/catch.hpp>
#include <fmt/core.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "alien_city/core/rules.h"
#include "alien_city/core/serialize.h"
#include "gamehost/records/game_log.h"
#include "gamehost/calls/plugin.h"
#include "viewer/render/environment.h"
#include "viewer/view/replay_view.h"


namespace viewer_test {

const sf::Font& test_font() {
  static sf::Font font;
  static bool loaded = false;
  if (!loaded) {
    const auto choice = viewer::choose_font("");
    REQUIRE(choice.problem.empty());
    REQUIRE(font.loadFromFile(choice.path));
    loaded = true;
  }
  return font;
}

void require_display() {
  if (const auto problem = viewer::display_problem()) FAIL(*problem + " (these tests run under xvfb-run -a)");
}

Run run(const std::string& program, const std::vector<std::string>& args, const std::vector<std::string>& env) {
  static int counter = 0;
  const auto dir = temp_dir("runs");
  const auto out = dir / fmt::format("{}.out", counter), err = dir / fmt::format("{}.err", counter);
  ++counter;
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    for (const auto& e : env) {
      const auto eq = e.find('=');
      if (eq == std::string::npos) unsetenv(e.c_str());
      else setenv(e.substr(0, eq).c_str(), e.substr(eq + 1).c_str(), 1);
    }
    if (!freopen(out.c_str(), "w", stdout) || !freopen(err.c_str(), "w", stderr) || !freopen("/dev/null", "r", stdin))
      _exit(126);
    std::vector<char*> argv{const_cast<char*>(program.c_str())};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(program.c_str(), argv.data());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  Run r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = read_file(out);
  r.err = read_file(err);
  return r;
}

int spawn(const std::string& program, const std::vector<std::string>& args, const std::filesystem::path& out,
          const std::filesystem::path& err) {
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    if (!freopen(out.c_str(), "w", stdout) || !freopen(err.c_str(), "w", stderr) || !freopen("/dev/null", "r", stdin))
      _exit(126);
    std::vector<char*> argv{const_cast<char*>(program.c_str())};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(program.c_str(), argv.data());
    _exit(127);
  }
  return pid;
}

int wait_for(int pid, double seconds) {
  for (int i = 0; i < static_cast<int>(seconds * 100); ++i) {
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid)
      return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    usleep(10000);
  }
  kill(pid, SIGKILL);
  waitpid(pid, nullptr, 0);
  return -1;
}

Run run_viewer(const std::vector<std::string>& args, const std::vector<std::string>& env) {
  return run(VIEWER_BIN, args, env);
}

std::filesystem::path temp_dir(const std::string& name) {
  const auto dir = std::filesystem::path(TEST_TMP_DIR) / fmt::format("{}-{}", name, getpid());
  std::filesystem::create_directories(dir);
  return dir;
}

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_file(const std::filesystem::path& p, const std::string& bytes) {
  std::ofstream out(p, std::ios::binary);
  out << bytes;
  REQUIRE(out.good());
}

std::string sample(const std::string& name) { return std::string(SOURCE_DIR) + "/games/samples/" + name; }

std::filesystem::path reviewed_sample_log() {
  static std::filesystem::path log;
  if (!log.empty()) return log;
  const std::filesystem::path dir = temp_dir("review");
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  log = dir / "seed-1.ghlog";
  std::filesystem::copy_file(sample("seed-1.ghlog"), log);
  const Run r = run(GAMEHOST_BIN, {"review", log.string(), "--iters", "300"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  REQUIRE(std::filesystem::exists(dir / "seed-1.ghreview"));
  return log;
}

std::string seed_position_file() { return std::string(SOURCE_DIR) + "/games/positions/seed-scoring.txt"; }

void write_position_log(const std::string& diagram_file, const std::filesystem::path& out) {
  namespace pb = gamehost::v1;
  auto plugin = gamehost::Plugin::load(ALIEN_CITY_PLUGIN);
  pb::NewGameRequest req;
  auto* o = req.add_options();
  o->set_name("position");
  o->set_value(read_file(diagram_file));
  req.mutable_flags()->set_scores(true);
  const pb::NewGameResponse game = plugin->new_game(req);
  pb::GameRecord record;
  auto& h = *record.mutable_header();
  h.set_interface_version(gamehost::kInterfaceVersion);
  h.set_game_id(plugin->id());
  h.set_game_version(plugin->info().version());
  *h.mutable_options() = game.options();
  h.set_initial_state(game.state());
  h.set_initial_state_hash(gamehost::state_hash(game.state()));
  h.set_setup(game.setup());
  for (const auto& name : plugin->info().player_names()) {
    auto* p = h.add_players();
    p->set_name(name);
    p->set_agent("position");
  }
  if (game.info().terminal()) {
    auto& r = *record.mutable_result();
    *r.mutable_returns() = game.info().returns();
    *r.mutable_scores() = game.info().scores();
    r.set_result(game.info().result());
    r.set_plies(0);
  }
  write_file(out, gamehost::encode_log(record));
}

alien_city::State core_state(const std::string& log_file, int ply) {
  const gamehost::GameLog log = gamehost::read_log(log_file);
  auto s = alien_city::deserialize(log.record.header().initial_state());
  REQUIRE(s.ok());
  alien_city::State state = *s;
  for (int i = 0; i < ply; ++i) {
    const auto a = alien_city::action_from_id(static_cast<int>(log.record.plies(i).action_id()));
    REQUIRE(a);
    REQUIRE(!alien_city::apply_action(state, *a));
  }
  return state;
}

sf::Vector2u lot_pixel(const gamehost::v1::Scene& scene, sf::Vector2u size, int lot, float dx, float dy) {
  // Lot (col, row) covers [col, col+1] x [9-row, 10-row] in board units.
  const float bx = lot % 8 + 0.5f + dx, by = 9 - lot / 8 + 0.5f + dy;
  const viewer::BoardTransform t = viewer::board_transform(scene);
  const sf::Vector2f logical = t.map(bx, by);
  const float s = viewer::pixel_scale_for(size);
  const float ox = (size.x - viewer::kLogicalSize.x * s) / 2, oy = (size.y - viewer::kLogicalSize.y * s) / 2;
  return {static_cast<unsigned>(ox + logical.x * s), static_cast<unsigned>(oy + logical.y * s)};
}

sf::Color at_lot(const sf::Image& image, const gamehost::v1::Scene& scene, int lot, float dx, float dy) {
  const sf::Vector2u p = lot_pixel(scene, image.getSize(), lot, dx, dy);
  return image.getPixel(p.x, p.y);
}

std::vector<std::string> every_overlay(const gamehost::v1::Scene& scene) {
  std::vector<std::string> keys;
  for (const auto& o : scene.overlays()) keys.push_back(o.key());
  return keys;
}

const gamehost::v1::Shape* find_shape(const gamehost::v1::Scene& scene, const std::string& id) {
  for (const auto& layer : scene.layers())
    for (const auto& s : layer.shapes())
      if (s.id() == id) return &s;
  return nullptr;
}

ImageDifference flat_difference(const sf::Image& image, const sf::Image& want, sf::IntRect area, int step,
                                int tolerance) {
  const auto same = [tolerance](sf::Color a, sf::Color b) {
    return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance && std::abs(a.b - b.b) <= tolerance;
  };
  const auto flat = [&](int x, int y) {
    const sf::Color c = want.getPixel(x, y);
    for (int dy = -2; dy <= 2; ++dy)
      for (int dx = -2; dx <= 2; ++dx)
        if (want.getPixel(x + dx, y + dy) != c) return false;
    return true;
  };
  ImageDifference out;
  const int right = std::min<int>(area.left + area.width, want.getSize().x - 2);
  const int bottom = std::min<int>(area.top + area.height, want.getSize().y - 2);
  for (int y = std::max(area.top, 2); y < bottom; y += step)
    for (int x = std::max(area.left, 2); x < right; x += step) {
      if (!flat(x, y)) continue;
      ++out.compared;
      const sf::Color a = image.getPixel(x, y), b = want.getPixel(x, y);
      if (same(a, b)) continue;
      if (out.differ++ == 0) out.first = fmt::format("({}, {}): {} instead of {}", x, y, describe(a), describe(b));
    }
  return out;
}

sf::Color rgba(std::uint32_t c) { return sf::Color(c >> 24, (c >> 16) & 0xff, (c >> 8) & 0xff, c & 0xff); }

bool near(sf::Color a, sf::Color b, int tolerance) {
  return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance && std::abs(a.b - b.b) <= tolerance;
}

std::string describe(sf::Color c) { return fmt::format("({}, {}, {})", c.r, c.g, c.b); }

char hue_of(sf::Color c) {
  const int r = c.r, g = c.g, b = c.b;
  if (r < 70 && g < 70 && b < 70) return 'k';
  // Guild colours are saturated; the tiles' pastel grounds are not.
  if (std::max({r, g, b}) - std::min({r, g, b}) < 85) return '?';
  if (r > g + 50 && r > b + 50) return 'r';
  if (b > r + 50 && b > g + 20) return 'b';
  if (g > r + 40 && g > b + 30) return 'g';
  return '?';
}

}  // namespace viewer_test
