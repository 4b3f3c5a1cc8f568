// Helpers for the viewer tests: running replay-viewer and gamehost as
// processes, logs made from position diagrams, reading rendered pixels at
// lots, and the rules core's view of a logged state.
#pragma once

#include <SFML/Graphics/Color.hpp>
#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/Image.hpp>
#include <SFML/Graphics/Rect.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "alien_city/core/state.h"
#include "scene.pb.h"

namespace viewer_test {

struct Run {
  int exit_code = -1;
  std::string out, err;
};

// The viewer's font (its own choice), loaded once.
const sf::Font& test_font();
// Fails the test when there is no X display (run under xvfb-run -a).
void require_display();

// Runs `program` with `args` (no shell) with extra environment settings
// ("NAME=value", or "NAME" alone to remove it from the environment).
Run run(const std::string& program, const std::vector<std::string>& args,
        const std::vector<std::string>& env = {});
Run run_viewer(const std::vector<std::string>& args, const std::vector<std::string>& env = {});

// Starts `program` without waiting; its output goes to `out` and `err`.
int spawn(const std::string& program, const std::vector<std::string>& args, const std::filesystem::path& out,
          const std::filesystem::path& err);
// Waits up to `seconds` for the process; its exit status, or -1 if it is
// still running (it is then killed).
int wait_for(int pid, double seconds);

std::filesystem::path temp_dir(const std::string& name);
std::string read_file(const std::filesystem::path& p);
void write_file(const std::filesystem::path& p, const std::string& bytes);

// A shipped sample game (games/samples/NAME).
std::string sample(const std::string& name);
// seed-1 copied into a folder of its own with its review beside it
// (seed-1.ghreview, `gamehost review --iters 300`), made once per run.
std::filesystem::path reviewed_sample_log();
// games/positions/seed-scoring.txt, the seed's comprehensive scoring example.
std::string seed_position_file();

// A log with no plies that starts from the position diagram in
// `diagram_file` (finished when the position is over), written to `out`.
void write_position_log(const std::string& diagram_file, const std::filesystem::path& out);

// The rules core's state after `ply` plies of the log.
alien_city::State core_state(const std::string& log_file, int ply);

// Where the centre of `lot`, moved by (dx, dy) lots, lands in an image of
// `size` rendered from `scene` (the viewer's layout: board fitted into its
// area of the logical view, letterboxed).
sf::Vector2u lot_pixel(const gamehost::v1::Scene& scene, sf::Vector2u size, int lot, float dx = 0, float dy = 0);

// The colour of the image at `lot` (+ offset, in lots).
sf::Color at_lot(const sf::Image& image, const gamehost::v1::Scene& scene, int lot, float dx = 0, float dy = 0);

// The keys of every overlay the scene offers.
std::vector<std::string> every_overlay(const gamehost::v1::Scene& scene);

// The shape with `id` in any layer of `scene`, or null.
const gamehost::v1::Shape* find_shape(const gamehost::v1::Scene& scene, const std::string& id);

// Where `image` (e.g. the window read back) differs from `want` (e.g. what
// --screenshot drew) in `area`, looked at every `step` pixels, by more than
// `tolerance` per channel; only where `want` is flat (5x5 pixels of one
// colour): edges are antialiased differently on screen and offscreen.
struct ImageDifference {
  int compared = 0, differ = 0;
  std::string first;  // the first pixel that differs, for messages
};
ImageDifference flat_difference(const sf::Image& image, const sf::Image& want, sf::IntRect area, int step = 4,
                                int tolerance = 6);

sf::Color rgba(std::uint32_t c);
bool near(sf::Color a, sf::Color b, int tolerance = 3);
// "(r, g, b)" for messages.
std::string describe(sf::Color c);
// Which guild colour a pixel is, by its dominant channel: 'r', 'b', 'g',
// 'k' (dark) or '?'.
char hue_of(sf::Color c);

}  // namespace viewer_test
