// Where the headless outputs go (docs/viewer.md, "Headless use"): a
// missing folder is an error naming it, exit 1, and nothing is made, unless
// --mkdir asks for it; --frames DIR may make DIR itself inside a folder
// that exists. And `replay-viewer --version`.
#include <catch2/catch.hpp>

#include <filesystem>

#include "viewer_test_support.h"

using namespace viewer_test;
namespace fs = std::filesystem;

TEST_CASE("an output in a missing folder is refused, naming the folder, and nothing is made", "[cli][outputs]") {
  const fs::path dir = temp_dir("outputs");
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path missing = dir / "missing" / "deeper";
  struct Case {
    std::string option, path, what;
  };
  const std::vector<Case> cases = {
      {"--screenshot", (missing / "a.png").string(), "cannot write "},
      {"--gif", (missing / "a.gif").string(), "cannot write "},
      {"--webp", (missing / "a.webp").string(), "cannot write "},
      {"--dump-panel", (missing / "a.tsv").string(), "cannot write "},
      {"--frames", (missing / "frames").string(), "cannot write frames into "},
      {"--frames", (missing / "frames/").string(), "cannot write frames into "},
  };
  for (const Case& c : cases) {
    INFO(c.option << " " << c.path);
    const Run r = run_viewer({sample("seed-1.ghlog"), c.option, c.path});
    CHECK(r.exit_code == 1);
    CHECK(r.out.empty());
    CHECK(r.err == "replay-viewer: " + c.what + c.path + ": the folder " + missing.string() +
                       " does not exist (--mkdir creates it)\n");
    CHECK_FALSE(fs::exists(dir / "missing"));
  }
  // A file where the folder should be.
  write_file(dir / "file", "x");
  const Run r = run_viewer({sample("seed-1.ghlog"), "--dump-panel", (dir / "file" / "a.tsv").string()});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "replay-viewer: cannot write " + (dir / "file" / "a.tsv").string() + ": " + (dir / "file").string() +
                     " is not a folder\n");
}

TEST_CASE("--mkdir makes the missing folders; --frames makes its own folder inside one that exists", "[cli][outputs]") {
  const fs::path dir = temp_dir("outputs-mkdir");
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path panel = dir / "new" / "deeper" / "panel.tsv";
  Run r = run_viewer({sample("seed-1.ghlog"), "--ply", "3", "--dump-panel", panel.string(), "--mkdir"});
  INFO(r.err);
  CHECK(r.exit_code == 0);
  CHECK(read_file(panel).find("\tply\t3\t") != std::string::npos);
  const fs::path png = dir / "made" / "shot.png";
  r = run_viewer({sample("seed-1.ghlog"), "--ply", "3", "--screenshot", png.string(), "--size", "320x200", "--mkdir"});
  CHECK(r.exit_code == 0);
  CHECK(fs::is_regular_file(png));
  // --frames DIR: DIR itself is the output, made inside dir (which exists).
  const fs::path frames = dir / "frames";
  r = run_viewer({sample("connect_four-seed-1.ghlog"), "--frames", frames.string(), "--size", "160x100"});
  CHECK(r.exit_code == 0);
  CHECK(fs::is_regular_file(frames / "ply-000.png"));
}

TEST_CASE("replay-viewer --version says the program and its version", "[cli][outputs]") {
  const Run r = run_viewer({"--version"});
  CHECK(r.exit_code == 0);
  CHECK(r.out == std::string("replay-viewer ") + GAMEHOST_VERSION + "\n");
  CHECK(r.err.empty());
}
